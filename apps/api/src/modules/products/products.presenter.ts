import type { Category, ProductCard } from '@kiyasla/contracts/catalog';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { ProductCardRow } from './products.repo';
import type { CardOfferRow } from './products.repo';

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

export function shippingLabel(free: boolean, costKurus: number): string {
  return free || costKurus === 0 ? 'Ücretsiz Kargo' : `Kargo ${tryFormat.format(kurusToTry(costKurus))}`;
}

/** Direction and size of the last change of the lowest price, one decimal. */
export function priceChange(current: number | null, previous: number | null): ProductCard['priceChange'] {
  if (current === null || previous === null || previous <= 0 || current === previous) return null;
  const percentage = Math.round((Math.abs(previous - current) / previous) * 1000) / 10;
  return { type: current < previous ? 'down' : 'up', percentage };
}

const KEY_SPECS = ['screenSize', 'ram', 'storage', 'camera', 'battery'] as const;

function ref(c: Category | undefined) {
  return c ? { _id: c._id, name: c.name, slug: c.slug } : null;
}

/** A product row as the card shape every listing shares; no internal column leaks. */
export function toProductCard(
  row: ProductCardRow,
  categories: Map<string, Category>,
  offers: CardOfferRow[],
): ProductCard {
  const specs = row.specifications ?? {};
  const keySpecs: ProductCard['keySpecs'] = {};
  for (const key of KEY_SPECS) {
    const value = specs[key];
    if (typeof value === 'string' && value.trim()) keySpecs[key] = value;
  }
  const images = row.images.map((i) => ({ url: i.url, alt: i.alt || row.name }));
  const primary = row.images.find((i) => i.isPrimary) ?? row.images[0];
  const current = row.minPrice === null ? null : kurusToTry(row.minPrice);
  const original =
    row.originalPrice !== null && row.minPrice !== null && row.originalPrice > row.minPrice
      ? kurusToTry(row.originalPrice)
      : null;
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    model: row.model,
    category: ref(categories.get(row.categoryId)),
    subcategory: row.subcategoryId ? ref(categories.get(row.subcategoryId)) : null,
    image_url: primary?.url ?? `/api/media/products/${row.id}.svg`,
    images,
    currentPrice: current,
    originalPrice: original,
    priceChange: priceChange(row.minPrice, row.prevMinPrice),
    averageRating: Math.round(row.averageRating * 10) / 10,
    ratingsCount: row.ratingsCount,
    storeCount: row.offerCount,
    stores: offers.map((o) => ({
      name: o.storeName,
      slug: o.storeSlug,
      price: kurusToTry(o.price),
      freeShipping: o.shippingFree || o.shippingCost === 0,
      shippingLabel: shippingLabel(o.shippingFree, o.shippingCost),
    })),
    keySpecs,
    availability: row.availability,
    isFeatured: row.isFeatured,
    createdAt: row.createdAt.toISOString(),
  };
}
