import { slugify } from '@kiyasla/contracts/text';
import type {
  NewCategoryRow,
  NewPriceHistoryRow,
  NewProductRow,
  NewReviewRow,
  NewStoreOfferRow,
  NewStoreRow,
  ProductImage,
} from '../schema/index';
import { buildProductSearchText } from '../search-text';
import { accessoryCatalog } from './catalog/accessories';
import { cameraCatalog } from './catalog/cameras';
import { CATEGORY_TREE } from './catalog/categories';
import { clothingCatalog } from './catalog/clothing';
import { headphoneCatalog } from './catalog/headphones';
import { laptopCatalog } from './catalog/laptops';
import { phoneCatalog } from './catalog/phones';
import { sportCatalog } from './catalog/sport';
import { STORES, type StoreSeed } from './catalog/stores';
import { tabletCatalog } from './catalog/tablets';
import { televisionCatalog } from './catalog/televisions';
import { toyCatalog } from './catalog/toys';
import type { CategoryCatalog } from './catalog/types';
import { whiteGoodsCatalog } from './catalog/white-goods';
import { expandFamily, type ProductVariant } from './expand-families';
import { generatePriceHistory, storePriceKurus, type PricePoint } from './pricing';
import { createRng, type Rng } from './prng';
import { computeProductPrices, type ProductPrices } from './product-prices';
import { generateReviews, summariseRatings } from './review-generator';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 180;

export const CATEGORY_CATALOGS: CategoryCatalog[] = [
  phoneCatalog,
  laptopCatalog,
  tabletCatalog,
  headphoneCatalog,
  televisionCatalog,
  cameraCatalog,
  sportCatalog,
  whiteGoodsCatalog,
  toyCatalog,
  clothingCatalog,
  accessoryCatalog,
];

/** Rows with their primary keys set, ready for batch inserts (no RETURNING round trips). */
export interface CatalogRows {
  categories: NewCategoryRow[];
  stores: NewStoreRow[];
  products: NewProductRow[];
  /** Each product's prices (its product_prices row, written after the product). */
  productPrices: ({ productId: string } & ProductPrices)[];
  offers: NewStoreOfferRow[];
  priceHistory: NewPriceHistoryRow[];
  reviews: NewReviewRow[];
}

interface CategoryIndex {
  top: Map<string, NewCategoryRow & { id: string }>;
  /** `${parentSlug}/${childSlug}` → row. */
  sub: Map<string, NewCategoryRow & { id: string }>;
}

/**
 * The whole demo catalog, computed in memory. Every random choice comes from PRNG streams
 * derived from `seed`, so the same seed yields the same products, ids, prices and reviews;
 * only the dates move with `now`.
 */
export function buildCatalog(now: Date, seed = 'kiyasla-demo-v1'): CatalogRows {
  const rng = createRng(seed);
  const categories = buildCategories(rng.fork('categories'), now);
  const stores = buildStores(rng.fork('stores'), now);
  const rows: CatalogRows = {
    categories: [...categories.top.values(), ...categories.sub.values()],
    stores: stores.map((s) => s.row),
    products: [],
    productPrices: [],
    offers: [],
    priceHistory: [],
    reviews: [],
  };
  const usedSlugs = new Set<string>();
  const usedGtins = new Set<string>();

  for (const catalog of CATEGORY_CATALOGS) {
    const catRng = rng.fork(`products/${catalog.slug}`);
    const parent = categories.top.get(catalog.slug);
    if (!parent) throw new Error(`Katalog kategorisi yok: ${catalog.slug}`);
    const sellers = stores.filter((s) => s.seed.categories.includes(catalog.slug));
    if (sellers.length < 2) throw new Error(`${catalog.slug} için en az iki mağaza gerekli`);

    for (const variant of catalog.families.flatMap(expandFamily)) {
      const subRow = categories.sub.get(`${catalog.slug}/${variant.family.sub}`);
      if (!subRow) throw new Error(`${variant.name}: bilinmeyen alt kategori ${variant.family.sub}`);
      const product = buildProduct(catRng, now, catalog, variant, parent, subRow, usedSlugs, usedGtins);
      const offers = buildOffers(catRng, now, product, variant, sellers);
      const reviews = generateReviews(catRng, now, product.id, catalog.slug, variant.featured, product.releaseDate);

      const prices = computeProductPrices(offers.map((o) => ({ ...o.row, history: o.history })));
      const ratings = summariseRatings(reviews);
      rows.productPrices.push({ productId: product.id, ...prices });
      Object.assign(product, ratings, {
        availability: productAvailability(offers.map((o) => o.row)),
        viewCount: viewCountFor(catRng, ratings.ratingsCount, variant.featured),
      });

      rows.products.push(product);
      rows.reviews.push(...reviews);
      for (const offer of offers) {
        rows.offers.push(offer.row);
        for (const point of offer.history) {
          rows.priceHistory.push({
            offerId: offer.row.id,
            productId: product.id,
            storeId: offer.row.storeId,
            price: point.price,
            recordedAt: point.recordedAt,
          });
        }
      }
    }
  }
  return rows;
}

function buildCategories(rng: Rng, now: Date): CategoryIndex {
  const index: CategoryIndex = { top: new Map(), sub: new Map() };
  CATEGORY_TREE.forEach((category, position) => {
    const id = rng.uuid();
    index.top.set(category.slug, {
      id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      icon: category.icon,
      image: null,
      parentId: null,
      sortOrder: position,
      seoTitle: `${category.name} Fiyatları ve Modelleri | Kıyasla`,
      seoDescription: category.description,
      createdAt: now,
      updatedAt: now,
    });
    category.children.forEach((child, childPosition) => {
      index.sub.set(`${category.slug}/${child.slug}`, {
        id: rng.uuid(),
        name: child.name,
        slug: child.slug,
        description: child.description,
        icon: category.icon,
        image: null,
        parentId: id,
        sortOrder: childPosition,
        seoTitle: `${child.name} Fiyatları | Kıyasla`,
        seoDescription: child.description,
        createdAt: now,
        updatedAt: now,
      });
    });
  });
  return index;
}

interface StoreEntry {
  seed: StoreSeed;
  row: NewStoreRow & { id: string };
}

function buildStores(rng: Rng, now: Date): StoreEntry[] {
  return STORES.map((store) => ({
    seed: store,
    row: {
      id: rng.uuid(),
      name: store.name,
      slug: store.slug,
      logoUrl: `/api/media/stores/${store.slug}.svg`,
      website: `https://${store.slug}.example`,
      rating: store.rating,
      ratingCount: store.ratingCount,
      isActive: true,
      createdAt: new Date(now.getTime() - 400 * DAY_MS),
      updatedAt: now,
    },
  }));
}

type ProductDraft = NewProductRow & { id: string; slug: string; releaseDate: string };

function buildProduct(
  rng: Rng,
  now: Date,
  catalog: CategoryCatalog,
  variant: ProductVariant,
  parent: NewCategoryRow & { id: string },
  sub: NewCategoryRow & { id: string },
  usedSlugs: Set<string>,
  usedGtins: Set<string>,
): ProductDraft {
  const id = rng.uuid();
  const { family } = variant;
  const describeInput = {
    name: variant.name,
    brand: variant.brand,
    model: variant.model,
    specs: variant.specs,
    features: family.features,
  };
  const releaseDate = `${family.released}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const listedFrom = Math.max(Date.parse(releaseDate), now.getTime() - 330 * DAY_MS);
  const shortDescription = catalog.shortDescribe(describeInput);

  return {
    id,
    name: variant.name,
    slug: uniqueSlug(slugify(variant.name), usedSlugs),
    brand: variant.brand,
    model: variant.model,
    gtin: uniqueGtin(rng, usedGtins),
    description: catalog.describe(describeInput, rng),
    shortDescription,
    categoryId: parent.id,
    subcategoryId: sub.id,
    specifications: variant.specs,
    features: family.features,
    tags: [catalog.slug, sub.slug, slugify(variant.brand), ...(family.tags ?? [])],
    images: productImages(rng, id, variant.name),
    isActive: true,
    isFeatured: variant.featured,
    releaseDate,
    warranty: catalog.warranty,
    dimensions: variant.specs.dimensions ?? null,
    colors: variant.colors,
    energyRating: variant.specs.energyClass ?? null,
    certifications: catalog.certifications,
    seo: {
      title: `${variant.name} Fiyatları | Kıyasla`,
      description: shortDescription,
      keywords: [variant.brand, family.model, parent.name, sub.name],
    },
    searchText: buildProductSearchText({
      name: variant.name,
      brand: variant.brand,
      model: variant.model,
      categoryNames: [parent.name, sub.name],
    }),
    createdAt: new Date(rng.int(listedFrom, now.getTime() - 3_600_000)),
    updatedAt: now,
  };
}

function productImages(rng: Rng, productId: string, name: string): ProductImage[] {
  const images: ProductImage[] = [
    { url: `/api/media/products/${productId}.svg`, alt: name, isPrimary: true },
    { url: `/api/media/products/${productId}.svg?v=2`, alt: `${name} - farklı açı`, isPrimary: false },
  ];
  if (rng.chance(0.5))
    images.push({ url: `/api/media/products/${productId}.svg?v=3`, alt: `${name} - detay`, isPrimary: false });
  return images;
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

/** A valid EAN-13 (check digit included), unique within the catalog. */
function uniqueGtin(rng: Rng, used: Set<string>): string {
  for (;;) {
    let digits = '8';
    for (let i = 0; i < 11; i++) digits += String(rng.int(0, 9));
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    const gtin = digits + String((10 - (sum % 10)) % 10);
    if (!used.has(gtin)) {
      used.add(gtin);
      return gtin;
    }
  }
}

interface OfferDraft {
  row: NewStoreOfferRow & { id: string; storeId: string; price: number; isActive: boolean };
  history: PricePoint[];
}

/** 2–8 stores that sell the category, each with its own price, shipping and six months of history. */
function buildOffers(
  rng: Rng,
  now: Date,
  product: ProductDraft,
  variant: ProductVariant,
  sellers: StoreEntry[],
): OfferDraft[] {
  const count = Math.min(sellers.length, 8, rng.pick([2, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8]));
  const chosen = rng.sample(sellers, count);
  const offers = chosen.map((store) => buildOffer(rng, now, product, variant, store));

  // An out-of-stock or delisted offer should never be the headline price: only pricier ones get it.
  const cheapest = Math.min(...offers.map((o) => o.row.price));
  for (const offer of offers) {
    if (offer.row.price === cheapest) continue;
    if (rng.chance(0.06)) offer.row.availability = 'out-of-stock';
    else if (offers.length >= 4 && rng.chance(0.05)) offer.row.isActive = false;
  }
  return offers;
}

function buildOffer(
  rng: Rng,
  now: Date,
  product: ProductDraft,
  variant: ProductVariant,
  store: StoreEntry,
): OfferDraft {
  const spread = Math.max(-0.04, Math.min(0.05, rng.normal(0, 0.018)));
  const price = storePriceKurus(variant.price * store.seed.priceLevel * (1 + spread), store.seed.priceEnding);
  const history = generatePriceHistory(rng, price, now, { days: HISTORY_DAYS, ending: store.seed.priceEnding });
  const freeShipping = price >= store.seed.freeShippingFrom * 100;
  const first = history[0]?.recordedAt ?? now;
  const last = history[history.length - 1]?.recordedAt ?? now;

  return {
    history,
    row: {
      id: rng.uuid(),
      productId: product.id,
      storeId: store.row.id,
      price,
      originalPrice: rng.chance(0.35) ? Math.round((price * rng.float(1.05, 1.3)) / 100) * 100 : null,
      productUrl: `https://${store.seed.slug}.example/urun/${product.slug}`,
      availability: rng.chance(0.12) ? 'limited' : 'in-stock',
      shippingFree: freeShipping,
      shippingCost: freeShipping ? 0 : Math.round(store.seed.shippingCost * 100),
      shippingDays: rng.int(store.seed.shippingDays[0], store.seed.shippingDays[1]),
      externalId: `${store.seed.slug.slice(0, 3).toUpperCase()}-${rng.int(10_000_000, 99_999_999)}`,
      isActive: true,
      lastSeenAt: now,
      createdAt: first,
      updatedAt: last,
    },
  };
}

function productAvailability(
  offers: Array<Pick<NewStoreOfferRow, 'availability' | 'isActive'>>,
): NonNullable<NewProductRow['availability']> {
  const active = offers.filter((o) => o.isActive !== false);
  if (active.some((o) => o.availability === 'in-stock')) return 'in-stock';
  if (active.some((o) => o.availability === 'limited')) return 'limited';
  return 'out-of-stock';
}

/** Views grow with how much a product is discussed; featured products sit on the home page. */
function viewCountFor(rng: Rng, ratingsCount: number, featured: boolean): number {
  return Math.round(rng.int(80, 900) + ratingsCount * rng.int(120, 700) + (featured ? rng.int(4_000, 20_000) : 0));
}
