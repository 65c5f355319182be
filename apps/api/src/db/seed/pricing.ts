import type { StoreSeed } from './catalog/stores';

const DAY_MS = 86_400_000;

/** A TRY amount as integer kuruş, ending the way the store prices things (…,99 / …,90 / …,00). */
export function storePriceKurus(amountTry: number, ending: StoreSeed['priceEnding']): number {
  const whole = Math.max(1, Math.round(amountTry));
  if (ending === 'ninety-nine') return whole * 100 - 1;
  if (ending === 'ninety') return whole * 100 - 10;
  return whole * 100;
}

export interface PricePoint {
  price: number;
  recordedAt: Date;
}

export interface HistoryOptions {
  /** How far back the first point lies. */
  days: number;
  ending: StoreSeed['priceEnding'];
}

interface Rand {
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  normal(mean: number, stdDev: number): number;
  chance(probability: number): boolean;
}

/**
 * Six months of an offer's price as change points (one every 2–10 days), ending exactly at
 * `currentPrice`. A random walk in log space is bent into a bridge from a plausible starting
 * price to today's, and short campaign dips (8–18 % for one interval) are laid on top, so the
 * chart shows realistic drops, rises and "lowest in N days" moments. No dip sits right before
 * today, so a product's latest move is not biased towards "the campaign just ended".
 */
export function generatePriceHistory(rng: Rand, currentPrice: number, now: Date, opts: HistoryOptions): PricePoint[] {
  const times = changeTimes(rng, now, opts.days);
  const last = times.length - 1;
  const startLog = Math.log(1 + rng.float(-0.12, 0.14));
  // Some offers have just been discounted: today's price is a fresh cut from a higher one.
  const freshCut = last >= 2 && rng.chance(0.3) ? Math.log(rng.float(1.03, 1.1)) : 0;

  const walk: number[] = [0];
  for (let k = 1; k <= last; k++) walk.push((walk[k - 1] as number) + rng.normal(0, 0.022));
  const end = walk[last] as number;

  const points: PricePoint[] = [];
  for (let k = 0; k <= last; k++) {
    const bridged = (walk[k] ?? 0) - (k / Math.max(1, last)) * end + (1 - k / Math.max(1, last)) * startLog;
    const campaign = k > 0 && k < last - 1 && rng.chance(0.08) ? Math.log(rng.float(0.82, 0.92)) : 0;
    const cut = k === last - 1 ? freshCut : 0;
    const price =
      k === last
        ? currentPrice
        : storePriceKurus((currentPrice / 100) * Math.exp(bridged + campaign + cut), opts.ending);
    const previous = points[points.length - 1];
    if (previous && previous.price === price) continue;
    points.push({ price, recordedAt: times[k] as Date });
  }
  return points;
}

/** First point `days` ago (± a few hours), then every 2–10 days, the last one within the past week. */
function changeTimes(rng: Rand, now: Date, days: number): Date[] {
  const start = now.getTime() - days * DAY_MS - rng.int(0, 20) * 3_600_000;
  const times = [new Date(start)];
  let t = start;
  for (;;) {
    t += rng.int(2, 10) * DAY_MS + rng.int(-6, 6) * 3_600_000;
    if (t > now.getTime() - DAY_MS) break;
    times.push(new Date(t));
  }
  return times;
}
