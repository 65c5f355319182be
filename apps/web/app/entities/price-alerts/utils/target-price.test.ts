import { describe, expect, it } from 'vitest';
import { parseTargetPrice, targetError } from './target-price';

describe('target price (§5)', () => {
  it('reads Turkish and plain amounts', () => {
    expect(parseTargetPrice('1.299,90')).toBe(1299.9);
    expect(parseTargetPrice('1299.9')).toBe(1299.9);
    expect(parseTargetPrice(' 950 ₺')).toBe(950);
    expect(parseTargetPrice('')).toBeNaN();
    expect(parseTargetPrice('abc')).toBeNaN();
    expect(parseTargetPrice('1,234')).toBeNaN();
  });

  it('answers with the specification messages', () => {
    expect(targetError('', 'below', 1000)).toBe('Geçerli bir hedef fiyat girin.');
    expect(targetError('0', 'below', 1000)).toBe('Geçerli bir hedef fiyat girin.');
    expect(targetError('1000', 'below', 1000)).toBe('Hedef fiyat mevcut fiyattan düşük olmalıdır');
    expect(targetError('999,99', 'below', 1000)).toBeNull();
    expect(targetError('5000', 'below', null)).toBeNull();
    expect(targetError('900', 'above', 1000)).toBe('Hedef fiyat mevcut fiyattan yüksek olmalıdır');
  });
});
