import { describe, expect, it } from 'vitest';
import { AVAILABILITY_VALUES } from './constants';
import {
  FEED_AVAILABILITY_ALIASES,
  FEED_AVAILABILITY_VALUES,
  FEED_REFUSAL_CODES,
  FEED_REJECTION_CODES,
  feedRefusalMessage,
  feedRejectionMessage,
} from './feeds';

describe('feed contracts', () => {
  it('accepts every feed availability under its own name, and maps aliases only onto them', () => {
    for (const value of FEED_AVAILABILITY_VALUES) expect(FEED_AVAILABILITY_ALIASES[value]).toBe(value);
    for (const value of Object.values(FEED_AVAILABILITY_ALIASES)) expect(FEED_AVAILABILITY_VALUES).toContain(value);
    for (const value of FEED_AVAILABILITY_VALUES) expect(AVAILABILITY_VALUES).toContain(value);
  });

  it('lists alias keys in their normalised spelling (lower case, no spaces)', () => {
    for (const key of Object.keys(FEED_AVAILABILITY_ALIASES)) {
      expect(key).toBe(key.toLocaleLowerCase('tr-TR').replace(/\s+/g, '-'));
    }
  });

  it('has codes in SCREAMING_SNAKE_CASE, refusals prefixed FEED_', () => {
    for (const code of FEED_REJECTION_CODES) expect(code).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    for (const code of FEED_REFUSAL_CODES) expect(code).toMatch(/^FEED_[A-Z_]+$/);
  });

  it('adds the field or the detail to the Turkish message', () => {
    expect(feedRejectionMessage('MISSING_PRICE')).toBe('Fiyat eksik.');
    expect(feedRejectionMessage('FIELD_TOO_LONG', 'title')).toBe(
      'Bir alan izin verilen uzunluğu aşıyor. (alan: title)',
    );
    expect(feedRefusalMessage('FEED_MALFORMED', 'satır 3')).toBe('Dosya bozuk; sözdizimi hatası içeriyor. (satır 3)');
  });
});
