/**
 * tr-TR formatting of numbers and prices; dates and times are in ./format-date. These two modules
 * are the only place the web app turns numbers and dates into text, apart because every page's
 * initial JavaScript has the numbers (prices, ratings, badges) and few need the dates (ADR 011).
 * Formatters are built once: Intl constructors are comparatively expensive.
 */
import { BADGE_CAP } from '~/lib/ui-constants';

const priceFormatter = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const numberFormatter = new Intl.NumberFormat('tr-TR');
const ratingFormatter = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percentFormatter = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 1 });

/** 1299.9 → "₺1.299,90" */
export function formatPrice(amount: number): string {
  return priceFormatter.format(amount);
}

/** 12345 → "12.345" */
export function formatNumber(value: number): string {
  return numberFormatter.format(value);
}

/** 4.25 → "4,3" (one decimal, as ratings are shown) */
export function formatRating(value: number): string {
  return ratingFormatter.format(value);
}

/** A percentage expressed in points: 12.5 → "%12,5" (Turkish puts the sign first). */
export function formatPercent(points: number): string {
  return percentFormatter.format(points / 100);
}

/** Discount of `original` → `current` in whole percent, or null when there is none. */
export function discountPercent(current: number | null, original: number | null): number | null {
  if (current == null || original == null || original <= current || original <= 0) return null;
  const pct = Math.round(((original - current) / original) * 100);
  return pct > 0 ? pct : null;
}

/**
 * Header badge text: hidden (null) at zero, "99+" above the cap unless `capped` is false
 * (the comparison badge shows its raw count).
 */
export function formatBadgeCount(count: number, capped = true): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  if (capped && count > BADGE_CAP) return `${BADGE_CAP}+`;
  return String(Math.floor(count));
}

const compactPriceFormatter = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis labels: 95606.99 → "₺95,6 B". */
export function formatCompactPrice(amount: number): string {
  return compactPriceFormatter.format(amount);
}
