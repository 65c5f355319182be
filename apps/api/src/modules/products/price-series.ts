import type { PriceHistoryRange } from '@kiyasla/contracts/catalog';
import type { Availability } from '@kiyasla/contracts/constants';

/** Turkey keeps UTC+3 all year: a shopper's "day" starts at 21:00 UTC. */
export const TR_OFFSET_MS = 3 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The (Turkish) day of an instant, counted from 1970-01-01. */
export function dayIndex(at: Date): number {
  return Math.floor((at.getTime() + TR_OFFSET_MS) / DAY_MS);
}

/** The instant a (Turkish) day starts. */
export function dayStart(day: number): Date {
  return new Date(day * DAY_MS - TR_OFFSET_MS);
}

/** The first day a range shows (null: the whole history). */
export function rangeFirstDay(range: PriceHistoryRange, now: Date): number | null {
  return range === 'all' ? null : dayIndex(now) - RANGE_DAYS[range] + 1;
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
  changes: readonly PriceChange[],
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
  /** For how many days the current lowest price is the lowest (null: no current price, or `earlier`). */
  lowestInDays: number | null;
  /**
   * Set (and lowestInDays left null) when the range's days do not decide "lowest in N days": the
   * current lowest `price` was not undercut on any day from the range's `firstDay` to today, and the
   * changes begin before the range. They need not hold the history before it (each offer's last
   * change before the range is enough for the chart), so `lowestInDaysBefore` decides from what that
   * history says.
   */
  earlier?: { price: number; firstDay: number };
}

/**
 * The chart data of a product: daily lowest price over the range, each offer's own daily
 * line, min/avg/max of the range, and for how many days the current lowest price is the
 * lowest (looking back over the whole history, not only the range). An offer has no price on
 * the days it ends out of stock, nor from its `endedAt` day on (see dailyPricesByOffer): the
 * lowest line follows the prices one could buy at, and a stale offer leaves it when it leaves
 * the product's lowest price.
 *
 * `changes` must hold every change of the offers from the range's first day on and, for each
 * offer, its last change before that day (the price it carried into the range); earlier changes
 * may be left out (findPriceChangesFrom reads no more). The whole history gives the same answer.
 * Loops, not spreads: a popular product's history has hundreds of thousands of changes, beyond
 * what a call can take as arguments (RangeError).
 */
export function buildPriceSeries(
  changes: readonly PriceChange[],
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
  let firstChangeDay = Infinity;
  for (const c of changes) firstChangeDay = Math.min(firstChangeDay, dayIndex(c.recordedAt));
  const historyStart = Math.min(firstChangeDay, today);
  const daily = dailyPricesByOffer(changes, historyStart, today, endedAt);
  const length = today - historyStart + 1;
  const lowest = lowestPerDay([...daily.values()], length);

  const rangeStart = Math.max(historyStart, rangeFirstDay(range, now) ?? historyStart);
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
  const current = lowest[lowest.length - 1] ?? null;

  // Counted back from today over the range's days only: before the range, `changes` may lack the
  // prices of some offers (each one's last change before it stands for all its earlier ones).
  let lowestInDays: number | null = null;
  let earlier: SeriesResult['earlier'];
  if (current !== null) {
    let undercut = false;
    lowestInDays = 0;
    for (let i = lowest.length - 1; i >= offset; i--) {
      const p = lowest[i];
      if (p !== null && p !== undefined && p < current) {
        undercut = true;
        break;
      }
      lowestInDays++;
    }
    if (!undercut && offset > 0) {
      lowestInDays = null;
      earlier = { price: current, firstDay: rangeStart };
    }
  }

  const perOffer = new Map<string, DailyPoint[]>();
  for (const [offerId, series] of daily) perOffer.set(offerId, toPoints(series));

  let min: number | null = null;
  let max: number | null = null;
  let sum = 0;
  for (const { price } of points) {
    if (min === null || price < min) min = price;
    if (max === null || price > max) max = price;
    sum += price;
  }
  return {
    points,
    perOffer,
    stats: { min, max, avg: points.length ? Math.round(sum / points.length) : null, current },
    lowestInDays,
    ...(earlier ? { earlier } : {}),
  };
}

/**
 * "Lowest in N days" when the range's days did not decide it (SeriesResult.earlier), from the
 * history before the range: the last day before it on which an offer could be bought below the
 * current lowest price (null: none), and the first day of any of the offers' changes. Today
 * counts as one day.
 */
export function lowestInDaysBefore(
  today: number,
  before: { lastDayBelow: number | null; firstChangeDay: number },
): number {
  if (before.lastDayBelow !== null) return today - before.lastDayBelow;
  return today - Math.min(before.firstChangeDay, today) + 1;
}
