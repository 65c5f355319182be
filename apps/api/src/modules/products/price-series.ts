import type { PriceHistoryRange } from '@kiyasla/contracts/catalog';
import type { Availability } from '@kiyasla/contracts/constants';

/** Turkey keeps UTC+3 all year: a shopper's "day" starts at 21:00 UTC. */
const TR_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RANGE_DAYS: Record<Exclude<PriceHistoryRange, 'all'>, number> = {
  '1m': 30,
  '3m': 90,
  '6m': 180,
  '1y': 365,
};

export interface PriceChange {
  offerId: string;
  price: number;
  /** The offer's availability from this change on; missing means in stock. */
  availability?: Availability;
  recordedAt: Date;
}

export interface DailyPoint {
  date: string;
  price: number;
}

function dayIndex(at: Date): number {
  return Math.floor((at.getTime() + TR_OFFSET_MS) / DAY_MS);
}

function dayLabel(index: number): string {
  return new Date(index * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Turns append-only price changes into one price per day and offer: the price in force at
 * the end of that (Turkish) day. Days before an offer's first change have no price, nor do days
 * that end with the offer out of stock (nobody can buy it at that price) or after it stopped
 * counting (`endedAt`: a stale offer, from the moment its store's freshness window ran out).
 */
function dailyPricesByOffer(
  changes: PriceChange[],
  firstDay: number,
  lastDay: number,
  endedAt: ReadonlyMap<string, Date>,
): Map<string, (number | null)[]> {
  const byOffer = new Map<string, PriceChange[]>();
  for (const c of changes) {
    const list = byOffer.get(c.offerId);
    if (list) list.push(c);
    else byOffer.set(c.offerId, [c]);
  }
  const result = new Map<string, (number | null)[]>();
  for (const [offerId, list] of byOffer) {
    list.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    const ended = endedAt.get(offerId);
    const endDay = ended ? dayIndex(ended) : Infinity;
    const days: (number | null)[] = [];
    let i = 0;
    let current: number | null = null;
    for (let d = firstDay; d <= lastDay; d++) {
      while (i < list.length && dayIndex(list[i]!.recordedAt) <= d) {
        const change = list[i++]!;
        current = change.availability === 'out-of-stock' ? null : change.price;
      }
      days.push(d >= endDay ? null : current);
    }
    result.set(offerId, days);
  }
  return result;
}

function lowestPerDay(perOffer: (number | null)[][], length: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let d = 0; d < length; d++) {
    let low: number | null = null;
    for (const series of perOffer) {
      const p = series[d];
      if (p !== null && p !== undefined && (low === null || p < low)) low = p;
    }
    out.push(low);
  }
  return out;
}

export interface SeriesResult {
  points: DailyPoint[];
  perOffer: Map<string, DailyPoint[]>;
  stats: { min: number | null; max: number | null; avg: number | null; current: number | null };
  lowestInDays: number | null;
}

/**
 * The chart data of a product: daily lowest price over the range, each offer's own daily
 * line, min/avg/max of the range, and for how many days the current lowest price is the
 * lowest (looking back over the whole history, not only the range). An offer has no price on
 * the days it ends out of stock, nor from its `endedAt` day on (see dailyPricesByOffer): the
 * lowest line follows the prices one could buy at, and a stale offer leaves it when it leaves
 * the product's lowest price.
 */
export function buildPriceSeries(
  changes: PriceChange[],
  range: PriceHistoryRange,
  now: Date = new Date(),
  endedAt: ReadonlyMap<string, Date> = new Map(),
): SeriesResult {
  const empty: SeriesResult = {
    points: [],
    perOffer: new Map(),
    stats: { min: null, max: null, avg: null, current: null },
    lowestInDays: null,
  };
  if (changes.length === 0) return empty;
  const today = dayIndex(now);
  const firstChangeDay = Math.min(...changes.map((c) => dayIndex(c.recordedAt)));
  const historyStart = Math.min(firstChangeDay, today);
  const daily = dailyPricesByOffer(changes, historyStart, today, endedAt);
  const length = today - historyStart + 1;
  const lowest = lowestPerDay([...daily.values()], length);

  const rangeStart = range === 'all' ? historyStart : Math.max(historyStart, today - RANGE_DAYS[range] + 1);
  const offset = rangeStart - historyStart;
  const toPoints = (series: (number | null)[]) => {
    const points: DailyPoint[] = [];
    for (let i = offset; i < series.length; i++) {
      const p = series[i];
      if (p !== null && p !== undefined) points.push({ date: dayLabel(historyStart + i), price: p });
    }
    return points;
  };

  const points = toPoints(lowest);
  const prices = points.map((p) => p.price);
  const current = lowest[lowest.length - 1] ?? null;

  let lowestInDays: number | null = null;
  if (current !== null) {
    lowestInDays = 0;
    for (let i = lowest.length - 1; i >= 0; i--) {
      const p = lowest[i];
      if (p !== null && p !== undefined && p < current) break;
      lowestInDays++;
    }
  }

  const perOffer = new Map<string, DailyPoint[]>();
  for (const [offerId, series] of daily) perOffer.set(offerId, toPoints(series));

  return {
    points,
    perOffer,
    stats: {
      min: prices.length ? Math.min(...prices) : null,
      max: prices.length ? Math.max(...prices) : null,
      avg: prices.length ? Math.round(prices.reduce((s, p) => s + p, 0) / prices.length) : null,
      current,
    },
    lowestInDays,
  };
}
