import type { PlanDuration } from '@kiyasla/contracts/plans';

/**
 * Subscription arithmetic (ADR 018): periods in calendar months (UTC), the upgrade credit and the
 * tax included in a price. Pure functions; the service and the jobs call them with the clock.
 */

/** `start` plus `months` calendar months; the 31st of a shorter month falls on its last day. */
export function addMonths(start: Date, months: number): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** Where a period bought at `start` ends: monthly +1 month, yearly +1 year, lifetime never (null). */
export function periodEnd(duration: PlanDuration, start: Date): Date | null {
  if (duration === 'monthly') return addMonths(start, 1);
  if (duration === 'yearly') return addMonths(start, 12);
  return null;
}

export interface CurrentPeriod {
  /** Kuruş paid for the current plan. */
  pricePaid: number;
  start: Date | null;
  end: Date | null;
}

/**
 * The credit for the unused part of a time-bound plan when its holder upgrades mid-period: the
 * price paid times the share of the period still ahead, rounded down to the kuruş. Nothing for a
 * plan without an end (lifetime), or one that has ended.
 */
export function upgradeCredit(current: CurrentPeriod, now: Date): number {
  const { pricePaid, start, end } = current;
  if (!start || !end || pricePaid <= 0) return 0;
  const total = end.getTime() - start.getTime();
  const left = end.getTime() - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.floor((pricePaid * Math.min(left, total)) / total);
}

/** The tax included in a gross amount (Turkish consumer prices include KDV), in kuruş. */
export function includedTax(grossKurus: number, taxRate: number): number {
  if (taxRate <= 0) return 0;
  return Math.round(grossKurus - grossKurus / (1 + taxRate));
}
