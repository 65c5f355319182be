import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  formatBadgeCount,
  formatCompactPrice,
  formatDay,
  formatLongDay,
  formatRelativeTime,
  formatDate,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRating,
} from './format';

// Intl separates the currency sign with no space in tr-TR; normalise exotic spaces anyway.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('formats TRY the Turkish way', () => {
    expect(plain(formatPrice(1299.9))).toBe('₺1.299,90');
    expect(plain(formatPrice(0))).toBe('₺0,00');
    expect(plain(formatPrice(1429.99))).toBe('₺1.429,99');
    expect(plain(formatPrice(1234567.5))).toBe('₺1.234.567,50');
  });
});

describe('formatNumber / formatRating / formatPercent', () => {
  it('uses dot thousands and comma decimals', () => {
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(4)).toBe('4,0');
  });
  it('puts the percent sign first', () => {
    expect(formatPercent(12.5)).toBe('%12,5');
    expect(formatPercent(25)).toBe('%25');
  });
});

describe('formatDate', () => {
  it('formats long and short tr-TR dates', () => {
    const d = new Date(2024, 11, 15);
    expect(formatDate(d)).toBe('15 Aralık 2024');
    expect(formatDate(d, 'short')).toBe('15.12.2024');
  });
  it('accepts ISO strings and ignores invalid input', () => {
    expect(formatDate('2025-01-01T12:00:00')).toBe('1 Ocak 2025');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('discountPercent', () => {
  it('rounds the saving to whole percent', () => {
    expect(discountPercent(337.5, 449.99)).toBe(25);
    expect(discountPercent(90, 100)).toBe(10);
  });
  it('is null when there is no discount', () => {
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(120, 100)).toBeNull();
    expect(discountPercent(null, 100)).toBeNull();
    expect(discountPercent(100, null)).toBeNull();
  });
});

describe('formatBadgeCount', () => {
  it('hides the badge at zero', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-1)).toBeNull();
  });
  it('caps at 99+', () => {
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
  it('shows the raw count when uncapped (comparison)', () => {
    expect(formatBadgeCount(150, false)).toBe('150');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says how long ago in Turkish, then falls back to the date after a week', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('şimdi');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 dakika önce');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 saat önce');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('dün');
    expect(formatRelativeTime(ago(50 * 3_600_000), now)).toBe('2 gün önce');
    expect(formatRelativeTime(ago(4 * 86_400_000), now)).toBe('4 gün önce');
    expect(formatRelativeTime(ago(10 * 86_400_000), now)).toBe('28.02.2026');
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});

describe('chart formatting', () => {
  it('formats calendar days and compact prices in tr-TR', () => {
    expect(formatDay('2026-09-12')).toBe('12 Eyl');
    expect(formatDay('2026-09-12', true)).toBe('Eyl 2026');
    expect(formatLongDay('2026-09-12')).toBe('12 Eylül 2026');
    expect(plain(formatCompactPrice(95606.99))).toMatch(/^₺95,6\sB$/);
  });
});

describe('dates in the Istanbul time zone', () => {
  // 22:35 UTC on 2 December is 01:35 on 3 December in Istanbul (UTC+3), whatever the zone of
  // the server (UTC) or of the browser that formats it.
  const lateEvening = '2026-12-02T22:35:00Z';

  it('formatDate gives the day in Istanbul, long and short', () => {
    expect(formatDate(lateEvening)).toBe('3 Aralık 2026');
    expect(formatDate(lateEvening, 'short')).toBe('03.12.2026');
    expect(formatDate('2026-12-02T20:59:00Z')).toBe('2 Aralık 2026');
    expect(formatDate('2026-12-02T21:00:00Z')).toBe('3 Aralık 2026');
  });

  it('formatRelativeTime falls back to the Istanbul date after a week', () => {
    expect(formatRelativeTime(lateEvening, new Date('2026-12-20T12:00:00Z'))).toBe('03.12.2026');
  });

  it('a calendar day stays itself', () => {
    expect(formatLongDay('2026-12-02')).toBe('2 Aralık 2026');
    expect(formatDate('2026-12-02')).toBe('2 Aralık 2026');
  });
});
