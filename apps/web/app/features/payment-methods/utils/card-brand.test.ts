import { describe, expect, it } from 'vitest';
import { inferCardBrand } from './card-brand';

describe('inferCardBrand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5500000000000004', 'mastercard'],
    ['340000000000009', 'amex'],
    ['6011000000000004', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (number, brand) => {
    expect(inferCardBrand(number)).toBe(brand);
  });
});
