import { describe, expect, it } from 'vitest';
import type { ProductDetail, StoreOffer } from '@kiyasla/contracts/catalog';
import { productJsonLd } from './product-json-ld';

const offer = (price: number, over: Partial<StoreOffer> = {}): StoreOffer => ({
  _id: `00000000-0000-4000-8000-${String(price).padStart(12, '0')}`,
  price,
  originalPrice: null,
  productUrl: 'https://magaza.example/urun',
  availability: 'in-stock',
  inStock: true,
  isActive: true,
  shipping: { free: true, cost: 0, estimatedDays: 2 },
  shippingLabel: 'Ücretsiz Kargo',
  store: {
    _id: '00000000-0000-4000-8000-00000000aaaa',
    name: 'Mağaza',
    slug: 'magaza',
    logo: null,
    website: null,
    rating: 4.5,
    ratingCount: 10,
    metrics: { averageRating: 4.5 },
  },
  updatedAt: '2026-11-01T10:00:00.000Z',
  confirmedAt: '2026-11-01T10:00:00.000Z',
  stale: false,
  ...over,
});

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Apple iPhone 15 128 GB',
  slug: 'apple-iphone-15-128-gb',
  brand: 'Apple',
  model: 'iPhone 15 128 GB',
  category: { _id: '22222222-2222-4222-8222-222222222222', name: 'Telefon', slug: 'telefon' },
  subcategory: null,
  image_url: '/api/media/products/1.svg',
  images: [
    { url: '/api/media/products/1.svg', alt: 'ön' },
    { url: '/api/media/products/1.svg?v=2', alt: 'arka' },
  ],
  currentPrice: 41999.9,
  originalPrice: 45999,
  priceChange: null,
  averageRating: 4.6,
  ratingsCount: 12,
  storeCount: 3,
  stores: [],
  keySpecs: {},
  availability: 'in-stock',
  isFeatured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  description: 'Açıklama',
  shortDescription: null,
  specifications: {},
  features: [],
  colors: ['Siyah'],
  warranty: '2 Yıl',
  dimensions: null,
  energyRating: null,
  certifications: [],
  releaseDate: null,
  highestPrice: 44999,
  prices: [offer(41999.9), offer(44999, { availability: 'limited' }), offer(39999, { isActive: false })],
  price: 41999.9,
  ...over,
});

const origin = 'https://kiyasla.example';
const url = `${origin}/product/11111111-1111-4111-8111-111111111111`;

describe('productJsonLd', () => {
  it('describes the product with brand, absolute images, identifiers and an AggregateOffer in TRY', () => {
    const ld = productJsonLd(product(), origin, url);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Apple iPhone 15 128 GB',
      brand: { '@type': 'Brand', name: 'Apple' },
      sku: '11111111-1111-4111-8111-111111111111',
      mpn: 'iPhone 15 128 GB',
      image: [`${origin}/api/media/products/1.svg`, `${origin}/api/media/products/1.svg?v=2`],
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'TRY',
        lowPrice: 41999.9,
        highPrice: 44999,
        offerCount: 2,
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 12 },
    });
  });

  it('leaves out the rating without reviews and the offer without active prices', () => {
    const ld = productJsonLd(product({ ratingsCount: 0, averageRating: 0, prices: [] }), origin, url);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('offers');
  });

  it('offers only the prices that count: a stale offer is neither the low price nor counted', () => {
    const ld = productJsonLd(
      product({
        prices: [offer(41999.9), offer(44999), offer(38999, { stale: true, confirmedAt: '2026-10-20T10:00:00.000Z' })],
      }),
      origin,
      url,
    );
    expect(ld.offers).toMatchObject({ lowPrice: 41999.9, highPrice: 44999, offerCount: 2 });
    const onlyStale = productJsonLd(product({ prices: [offer(100, { stale: true })] }), origin, url);
    expect(onlyStale).not.toHaveProperty('offers');
  });

  it('reports limited or no availability from the offers', () => {
    const limited = productJsonLd(product({ prices: [offer(100, { availability: 'limited' })] }), origin, url);
    expect(limited.offers).toMatchObject({ availability: 'https://schema.org/LimitedAvailability' });
    const gone = productJsonLd(product({ prices: [offer(100, { availability: 'out-of-stock' })] }), origin, url);
    expect(gone.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });
});
