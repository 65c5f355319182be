import { describe, expect, it } from 'vitest';
import { buildCatalog } from './build-catalog';

const now = new Date('2026-06-01T12:00:00Z');
const catalog = buildCatalog(now);
const tryOf = (kurus: number | null | undefined) => (kurus ?? 0) / 100;
const product = (slug: string) => {
  const found = catalog.products.find((p) => p.slug === slug);
  if (!found) throw new Error(`missing ${slug}`);
  return found;
};
const prices = (slug: string) => {
  const id = product(slug).id;
  const found = catalog.productPrices.find((p) => p.productId === id);
  if (!found) throw new Error(`no prices for ${slug}`);
  return found;
};

describe('buildCatalog', () => {
  it('is reproducible: same seed, same ids, names and prices', () => {
    const again = buildCatalog(new Date('2026-09-01T00:00:00Z'));
    expect(again.products.map((p) => [p.id, p.slug])).toEqual(catalog.products.map((p) => [p.id, p.slug]));
    // The dates follow `now`; the prices do not.
    const figures = (rows: typeof catalog.productPrices) => rows.map(({ priceUpdatedAt: _at, ...rest }) => rest);
    expect(figures(again.productPrices)).toEqual(figures(catalog.productPrices));
    expect(again.reviews.length).toBe(catalog.reviews.length);
  });

  it('produces a catalog of realistic size with unique slugs and GTINs', () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(420);
    expect(new Set(catalog.products.map((p) => p.slug)).size).toBe(catalog.products.length);
    expect(new Set(catalog.products.map((p) => p.gtin)).size).toBe(catalog.products.length);
    expect(catalog.stores.length).toBeGreaterThanOrEqual(10);
  });

  it('prices well-known products like a Turkish shop in 2026', () => {
    expect(tryOf(prices('apple-iphone-16-pro-256-gb').minPrice)).toBeGreaterThan(75_000);
    expect(tryOf(prices('apple-iphone-16-pro-256-gb').maxPrice)).toBeLessThan(92_000);
    expect(tryOf(prices('xiaomi-redmi-note-13-128-gb').minPrice)).toBeGreaterThan(8_500);
    expect(tryOf(prices('xiaomi-redmi-note-13-256-gb').maxPrice)).toBeLessThan(12_500);
  });

  it('names products with Turkish words the search must fold', () => {
    const names = catalog.products.map((p) => p.name).join('\n');
    for (const word of ['Kulaklık', 'Şarj Aleti', 'Buzdolabı', 'Çamaşır Makinesi', 'Bulaşık Makinesi'])
      expect(names).toContain(word);
    expect(product('anker-65w-gan-sarj-aleti').searchText).toContain('sarj aleti');
  });

  it('uses the canonical specification keys of the listing table', () => {
    const phone = product('samsung-galaxy-s24-ultra-256-gb');
    expect(phone.specifications).toMatchObject({
      screenSize: '6.8 inç',
      ram: '12 GB',
      storage: '256 GB',
      battery: '5000 mAh',
      camera: '200 MP',
    });
  });

  it('gives every offer a history that starts about six months ago and ends at its price', () => {
    const byOffer = new Map<string, { first: Date; lastPrice: number; last: Date }>();
    for (const point of catalog.priceHistory) {
      const at = point.recordedAt as Date;
      const seen = byOffer.get(point.offerId);
      if (!seen) byOffer.set(point.offerId, { first: at, last: at, lastPrice: point.price });
      else if (at > seen.last) Object.assign(seen, { last: at, lastPrice: point.price });
    }
    for (const offer of catalog.offers) {
      const history = byOffer.get(offer.id as string);
      expect(history?.lastPrice).toBe(offer.price);
      expect((now.getTime() - (history?.first.getTime() ?? 0)) / 86_400_000).toBeGreaterThanOrEqual(179);
    }
  });

  it('points product images at the generated media routes', () => {
    const p = product('apple-iphone-16-pro-256-gb');
    expect(p.images?.[0]).toEqual({ url: `/api/media/products/${p.id}.svg`, alt: p.name, isPrimary: true });
    expect(p.images?.[1]?.url).toBe(`/api/media/products/${p.id}.svg?v=2`);
  });
});
