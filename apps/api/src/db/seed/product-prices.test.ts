import { describe, expect, it } from 'vitest';
import { computeProductPrices } from './product-prices';

const d = (day: number) => new Date(Date.UTC(2026, 0, day));

describe('computeProductPrices', () => {
  it('aggregates active offers and remembers the lowest price before its last move', () => {
    const prices = computeProductPrices([
      {
        id: 'a',
        price: 900,
        originalPrice: 1_100,
        isActive: true,
        history: [
          { price: 1_000, recordedAt: d(1) },
          { price: 900, recordedAt: d(20) },
        ],
      },
      {
        id: 'b',
        price: 950,
        originalPrice: 900,
        isActive: true,
        history: [
          { price: 980, recordedAt: d(2) },
          { price: 950, recordedAt: d(10) },
        ],
      },
      { id: 'c', price: 500, originalPrice: 2_000, isActive: false, history: [{ price: 500, recordedAt: d(3) }] },
    ]);
    expect(prices).toEqual({
      minPrice: 900,
      maxPrice: 950,
      // 980 → 950 (b, day 10) → 900 (a, day 20): the last move came from 950.
      prevMinPrice: 950,
      // b's "original" is below its price, so it is no discount; c is inactive.
      originalPrice: 1_100,
      offerCount: 2,
      priceUpdatedAt: d(20),
    });
  });

  it('reports a rise when the cheapest store raised its price last', () => {
    const prices = computeProductPrices([
      {
        id: 'a',
        price: 1_200,
        isActive: true,
        history: [
          { price: 1_000, recordedAt: d(1) },
          { price: 1_200, recordedAt: d(5) },
        ],
      },
      { id: 'b', price: 1_100, isActive: true, history: [{ price: 1_100, recordedAt: d(2) }] },
    ]);
    expect(prices.minPrice).toBe(1_100);
    expect(prices.prevMinPrice).toBe(1_000);
  });

  it('has no prices without active offers', () => {
    expect(computeProductPrices([]).minPrice).toBeNull();
  });
});
