import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatLongDay, formatRelativeTime } from './format-date';

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
  it('formats calendar days in tr-TR', () => {
    expect(formatDay('2026-09-12')).toBe('12 Eyl');
    expect(formatDay('2026-09-12', true)).toBe('Eyl 2026');
    expect(formatLongDay('2026-09-12')).toBe('12 Eylül 2026');
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
