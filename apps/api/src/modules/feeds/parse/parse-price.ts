/**
 * Prices as stores write them. Turkish spreadsheets write `1.299,90`, English ones `1,299.90`,
 * Google Merchant `1299.90 TRY`. The rules, in order:
 * - spaces (also no-break and thin spaces) are thousands separators and are dropped;
 * - with both `.` and `,` present, the one that comes last is the decimal separator;
 * - with one kind of separator occurring several times, it separates thousands (`1.299.000`);
 * - with one separator occurring once, it separates thousands when exactly three digits follow
 *   it and one to three digits (not starting with 0) precede it: `1.299` and `1,299` are 1299,
 *   because a lira amount never has three decimals; otherwise it is the decimal separator
 *   (`1299,9`, `1299.90`, `0.500`).
 * Thousands groups must be well formed (`1.29.90` is not a price). The result is rounded to kuruş.
 */

export type MoneyParse = { ok: true; value: number } | { ok: false; reason: 'missing' | 'bad' | 'other-currency' };

const TRY_MARKERS = new Set(['', 'TRY', 'TL', '₺']);
const CURRENCY_LIKE = /^(?:[A-Z]{3}|[$€£¥])$/;
const SPACES = /[\s\u00a0\u202f\u2009]+/g;

function roundToKurus(value: number): number {
  return Math.round(value * 100) / 100;
}

function groupsAreThousands(groups: string[]): boolean {
  const [first, ...rest] = groups;
  return /^[1-9]\d{0,2}$/.test(first ?? '') && rest.every((g) => /^\d{3}$/.test(g));
}

/** A plain amount (no currency): digits with `.`/`,` separators and an optional leading `-`. */
export function parsePriceNumber(text: string): number | undefined {
  let s = text.replace(SPACES, '');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return undefined;

  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let integerPart: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const at = s.lastIndexOf(decimal);
    fraction = s.slice(at + 1);
    const head = s.slice(0, at);
    if (head.includes(decimal) || !groupsAreThousands(head.split(thousands))) return undefined;
    integerPart = head.split(thousands).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = s.split(separator);
    if (parts.length > 2) {
      if (!groupsAreThousands(parts)) return undefined;
      integerPart = parts.join('');
    } else if (groupsAreThousands(parts)) {
      integerPart = parts.join('');
    } else {
      integerPart = parts[0] as string;
      fraction = parts[1] as string;
    }
  } else {
    integerPart = s;
  }
  if (!/^\d+$/.test(integerPart) || !/^\d*$/.test(fraction)) return undefined;
  const value = roundToKurus(Number(`${integerPart}.${fraction || '0'}`));
  if (!Number.isFinite(value)) return undefined;
  return negative ? -value : value;
}

/**
 * An amount in lira as any format states it: a JSON number, or text with an optional currency
 * before or after (`TRY`, `TL`, `₺`; none means TRY). Another currency is reported as such.
 */
export function parseMoney(value: unknown): MoneyParse {
  if (value === undefined || value === null) return { ok: false, reason: 'missing' };
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { ok: true, value: roundToKurus(value) } : { ok: false, reason: 'bad' };
  }
  if (typeof value !== 'string') return { ok: false, reason: 'bad' };
  const text = value.trim();
  if (text === '') return { ok: false, reason: 'missing' };
  const match = /^([A-Za-z₺$€£¥]*)\s*(.*?)\s*([A-Za-z₺$€£¥]*)$/u.exec(text);
  if (!match) return { ok: false, reason: 'bad' };
  const [, prefix = '', amount = '', suffix = ''] = match;
  if (prefix && suffix) return { ok: false, reason: 'bad' };
  const currency = (prefix || suffix).toUpperCase();
  if (!TRY_MARKERS.has(currency)) {
    return CURRENCY_LIKE.test(currency) && amount !== ''
      ? { ok: false, reason: 'other-currency' }
      : { ok: false, reason: 'bad' };
  }
  const parsed = parsePriceNumber(amount);
  return parsed === undefined ? { ok: false, reason: 'bad' } : { ok: true, value: parsed };
}
