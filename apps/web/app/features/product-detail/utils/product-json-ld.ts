/**
 * schema.org structured data for a product page: Product with brand, images, identifiers, an
 * AggregateOffer over the store offers that count (active, not stale) and, when rated, an AggregateRating.
 */
import type { ProductDetail, StoreOffer } from '@kiyasla/contracts/catalog';
import { absoluteUrl } from '~/lib/seo';

const SCHEMA_AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  outOfStock: 'https://schema.org/OutOfStock',
} as const;

function overallAvailability(offers: readonly StoreOffer[]): string {
  if (offers.some((o) => o.availability === 'in-stock')) return SCHEMA_AVAILABILITY.inStock;
  if (offers.some((o) => o.availability === 'limited')) return SCHEMA_AVAILABILITY.limited;
  return SCHEMA_AVAILABILITY.outOfStock;
}

/** Two decimals as a number: what Google's Product rich results expect for prices. */
const money = (amount: number) => Math.round(amount * 100) / 100;

export function productJsonLd(product: ProductDetail, origin: string, pageUrl: string): Record<string, unknown> {
  // The offers that count: a stale one (not confirmed by its store lately) is no price to offer.
  const offers = product.prices.filter((offer) => offer.isActive && !offer.stale);
  const prices = offers.map((offer) => offer.price);
  const images = [...new Set([product.image_url, ...product.images.map((image) => image.url)].filter(Boolean))].map(
    (url) => absoluteUrl(origin, url),
  );

  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${pageUrl}#product`,
    name: product.name,
    url: pageUrl,
    image: images,
    brand: { '@type': 'Brand', name: product.brand },
    sku: product._id,
  };
  if (product.model) {
    ld.model = product.model;
    ld.mpn = product.model;
  }
  const description = product.description ?? product.shortDescription;
  if (description) ld.description = description;
  if (product.category) ld.category = product.subcategory?.name ?? product.category.name;
  if (product.colors.length > 0) ld.color = product.colors.join(', ');

  if (prices.length > 0) {
    ld.offers = {
      '@type': 'AggregateOffer',
      priceCurrency: 'TRY',
      lowPrice: money(Math.min(...prices)),
      highPrice: money(Math.max(...prices)),
      offerCount: offers.length,
      availability: overallAvailability(offers),
      url: pageUrl,
    };
  }
  if (product.ratingsCount > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.averageRating,
      reviewCount: product.ratingsCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}
