/**
 * tr-TR formatting of dates and times (numbers and prices: ./format). Not in every page's initial
 * JavaScript: the home, listing and search pages show no date (the product page's specifications
 * show the release date). Formatters are built once: Intl constructors are comparatively expensive.
 */

// The calendar day in Türkiye, whatever the zone of the server (UTC) or of the browser.
const TIME_ZONE = 'Europe/Istanbul';
const dateFormatter = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const shortDateFormatter = new Intl.DateTimeFormat('tr-TR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/**
 * Dates in tr-TR: "15 Aralık 2024" (long, default) or "15.12.2024" (short).
 * Invalid input yields an empty string rather than "Invalid Date" on screen.
 */
export function formatDate(value: Date | string | number, style: 'long' | 'short' = 'long'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (style === 'long' ? dateFormatter : shortDateFormatter).format(date);
}

const relativeFormatter = new Intl.RelativeTimeFormat('tr-TR', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in tr-TR: "şimdi", "5 dakika önce", "3 saat önce", "dün", "2 gün önce"; from
 * a week on, the short date ("15.12.2024"). Future times (clock skew) read as "şimdi".
 */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return relativeFormatter.format(0, 'second');
  if (elapsed < HOUR) return relativeFormatter.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormatter.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  // 'auto' would say "evvelsi gün" for two days; only "dün" reads naturally.
  if (days === 1) return relativeFormatter.format(-1, 'day');
  if (days < 7) return `${days} gün önce`;
  return formatDate(date, 'short');
}

const dayMonthFormatter = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthYearFormatter = new Intl.DateTimeFormat('tr-TR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day ("2026-09-12", as price-history points carry) for chart axes: "12 Eyl", or
 * "Eyl 2026" with `withYear`. Read in UTC so the day never shifts with the viewer's zone.
 */
export function formatDay(isoDay: string, withYear = false): string {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return (withYear ? monthYearFormatter : dayMonthFormatter).format(date);
}

/** A calendar day in full: "12 Eylül 2026". */
export function formatLongDay(isoDay: string): string {
  const date = new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);
  return formatDate(date);
}
