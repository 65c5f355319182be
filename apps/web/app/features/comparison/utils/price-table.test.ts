import { describe, expect, it } from 'vitest';
import type { ComparisonItem, ComparisonStore } from '@kiyasla/contracts/comparisons';
import { buildPriceTable, priceBarWidths } from './price-table';

const store = (slug: string, price: number, inStock = true): ComparisonStore => ({
  name: slug.toUpperCase(),
  slug,
  logo: null,
  price,
  originalPrice: null,
  shipping: { free: true, cost: 0, estimatedDays: 2, label: 'Ücretsiz Kargo' },
  url: `https://${slug}.example/p`,
  inStock,
});

const product = (id: string, stores: ComparisonStore[]) => ({ _id: id, stores }) as ComparisonItem;

describe('price analysis table', () => {
  const a = product('a', [store('x', 100), store('y', 90, false), store('z', 95)]);
  const b = product('b', [store('x', 200), store('z', 210)]);
  const rows = buildPriceTable([a, b]);
  const cell = (slug: string, col: number) => rows.find((r) => r.slug === slug)?.cells[col];

  it('has one row per store and one cell per product, empty where the store does not sell it', () => {
    expect(rows.map((r) => r.slug)).toEqual(['z', 'x', 'y']);
    expect(cell('y', 1)).toBeNull();
  });

  it("marks each product's cheapest in-stock offer", () => {
    expect(cell('z', 0)?.cheapestForProduct).toBe(true);
    expect(cell('y', 0)?.cheapestForProduct).toBe(false);
    expect(cell('x', 1)?.cheapestForProduct).toBe(true);
    expect(cell('z', 1)?.cheapestForProduct).toBe(false);
  });

  it('marks the cheapest in-stock cell of the whole table once', () => {
    const overall = rows.flatMap((r) => r.cells).filter((c) => c?.cheapestOverall);
    expect(overall).toHaveLength(1);
    expect(overall[0]?.store.price).toBe(95);
  });

  it('falls back to out-of-stock offers when a product has nothing in stock', () => {
    const [row] = buildPriceTable([product('c', [store('q', 50, false)])]);
    expect(row?.cells[0]?.cheapestForProduct).toBe(true);
  });
});

describe('lowest price bars', () => {
  it('scales to the dearest product with a 5 percent floor', () => {
    expect(priceBarWidths([100, 50, 1, null])).toEqual([100, 50, 5, null]);
  });
});
