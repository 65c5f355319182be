import type { AdminProduct, AdminProductOffer } from '@kiyasla/contracts/admin-products';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { AdminProductRow, listOffers } from './admin-products.repo';

/** The specification's admin product; its price figures come from store offers (product_prices). */
export function presentAdminProduct(row: AdminProductRow): AdminProduct {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    model: row.model,
    gtin: row.gtin,
    description: row.description,
    shortDescription: row.shortDescription,
    category: { _id: row.categoryId, name: row.categoryName },
    subcategory: row.subcategoryId ? { _id: row.subcategoryId, name: row.subcategoryName ?? '' } : null,
    images: row.images.map((image) => ({ url: image.url, alt: image.alt ?? '', isPrimary: Boolean(image.isPrimary) })),
    specifications: row.specifications,
    features: row.features,
    tags: row.tags,
    availability: row.availability,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    seo: {
      title: row.seo?.title ?? null,
      description: row.seo?.description ?? null,
      keywords: row.seo?.keywords ?? [],
    },
    averageRating: row.averageRating,
    ratingsCount: row.ratingsCount,
    lowestPrice: row.minPrice === null ? null : kurusToTry(row.minPrice),
    offerCount: row.offerCount ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminProductOffer(row: Awaited<ReturnType<typeof listOffers>>[number]): AdminProductOffer {
  return {
    _id: row.id,
    store: { _id: row.storeId, name: row.storeName, isActive: row.storeActive },
    price: kurusToTry(row.price),
    availability: row.availability,
    isActive: row.isActive,
    confirmedAt: row.lastSeenAt.toISOString(),
    stale: Boolean(row.stale),
  };
}
