import type { PriceHistoryRange } from '@kiyasla/contracts/catalog';

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
 * the end of that (Turkish) day. Days before an offer's first change have no price.
 */
function dailyPricesByOffer(changes: PriceChange[], firstDay: number, lastDay: number): Map<string, (number | null)[]> {
  const byOffer = new Map<string, PriceChange[]>();
  for (const c of changes) {
    const list = byOffer.get(c.offerId);
    if (list) list.push(c);
    else byOffer.set(c.offerId, [c]);
  }
  const result = new Map<string, (number | null)[]>();
  for (const [offerId, list] of byOffer) {
    list.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    const days: (number | null)[] = [];
    let i = 0;
    let current: number | null = null;
    for (let d = firstDay; d <= lastDay; d++) {
      while (i < list.length && dayIndex(list[i]!.recordedAt) <= d) current = list[i++]!.price;
      days.push(current);
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
 * lowest (looking back over the whole history, not only the range).
 */
export function buildPriceSeries(
  changes: PriceChange[],
  range: PriceHistoryRange,
  now: Date = new Date(),
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
  const daily = dailyPricesByOffer(changes, historyStart, today);
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
