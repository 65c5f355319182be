import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  formatBadgeCount,
  formatCompactPrice,
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

describe('chart formatting', () => {
  it('formats compact prices in tr-TR', () => {
    expect(plain(formatCompactPrice(95606.99))).toMatch(/^₺95,6\sB$/);
  });
});
