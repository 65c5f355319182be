import { describe, expect, it } from 'vitest';
import { staleNote } from './offer-freshness';

const now = new Date('2026-11-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;

describe('staleNote', () => {
  it('gives whole days from a day on', () => {
    expect(staleNote(ago(24 * HOUR), now)).toBe('Fiyat 1 gün önce doğrulandı');
    expect(staleNote(ago(47 * HOUR), now)).toBe('Fiyat 1 gün önce doğrulandı');
    expect(staleNote(ago(100 * HOUR), now)).toBe('Fiyat 4 gün önce doğrulandı');
    expect(staleNote(ago(40 * 24 * HOUR), now)).toBe('Fiyat 40 gün önce doğrulandı');
  });

  it('gives whole hours under a day, at least one', () => {
    expect(staleNote(ago(23.9 * HOUR), now)).toBe('Fiyat 23 saat önce doğrulandı');
    expect(staleNote(ago(10 * 60_000), now)).toBe('Fiyat 1 saat önce doğrulandı');
    // A confirmation time ahead of the page's clock.
    expect(staleNote(ago(-5 * 60_000), now)).toBe('Fiyat 1 saat önce doğrulandı');
  });
});
