import { and, count, desc, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { favorites } from '../../../db/schema/favorites';
import { priceAlerts } from '../../../db/schema/price-alerts';
import { productPrices } from '../../../db/schema/product-prices';
import { products, type NewProductRow } from '../../../db/schema/products';
import { reviews } from '../../../db/schema/reviews';
import { storeOffers } from '../../../db/schema/store-offers';
import { stores } from '../../../db/schema/stores';
import { offerIsFresh } from '../../../db/offer-freshness';

type Db = Database | Transaction;

const sub = alias(categories, 'sub');

const columns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  model: products.model,
  gtin: products.gtin,
  description: products.description,
  shortDescription: products.shortDescription,
  categoryId: products.categoryId,
  categoryName: categories.name,
  subcategoryId: products.subcategoryId,
  subcategoryName: sub.name,
  images: products.images,
  specifications: products.specifications,
  features: products.features,
  tags: products.tags,
  availability: products.availability,
  isActive: products.isActive,
  isFeatured: products.isFeatured,
  seo: products.seo,
  averageRating: products.averageRating,
  ratingsCount: products.ratingsCount,
  minPrice: productPrices.minPrice,
  offerCount: productPrices.offerCount,
  createdAt: products.createdAt,
};

export interface ProductFilter {
  /** Already folded (foldTurkish). */
  search?: string;
  /** A category or subcategory id. */
  categoryId?: string;
  isActive?: boolean;
}

function likePattern(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** search_text holds the folded name, brand, model and category names, trigram-indexed. */
function where(f: ProductFilter): SQL | undefined {
  return and(
    f.search ? sql`${products.searchText} like ${likePattern(f.search)}` : undefined,
    f.categoryId ? or(eq(products.categoryId, f.categoryId), eq(products.subcategoryId, f.categoryId)) : undefined,
    f.isActive !== undefined ? eq(products.isActive, f.isActive) : undefined,
  );
}

function base(db: Db) {
  return db
    .select(columns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .leftJoin(productPrices, eq(productPrices.productId, products.id));
}

/** Newest first. */
export async function listProducts(db: Database, filter: ProductFilter, page: number, limit: number) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(condition)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(products).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type AdminProductRow = Awaited<ReturnType<typeof listProducts>>['rows'][number];

export async function findProduct(db: Db, id: string, { lock = false } = {}) {
  const query = base(db).where(eq(products.id, id));
  const [row] = lock ? await query.for('update', { of: products }) : await query;
  return row;
}

/** The category as a (category, subcategory) pair: a subcategory brings its parent. */
export async function placeOf(db: Db, categoryId: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for('share');
  if (!row) return undefined;
  if (!row.parentId) return { categoryId: row.id, subcategoryId: null, names: [row.name] };
  const [parent] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, row.parentId));
  return { categoryId: row.parentId, subcategoryId: row.id, names: [parent?.name ?? '', row.name] };
}

export async function insertProduct(tx: Transaction, values: NewProductRow): Promise<string> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(tx: Transaction, id: string, values: Partial<NewProductRow>) {
  await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function deleteProduct(tx: Transaction, id: string) {
  await tx.delete(products).where(eq(products.id, id));
}

/** What deleting the product would take with it (the foreign keys cascade). */
export async function dependents(db: Db, id: string) {
  const [[o], [r], [f], [a]] = await Promise.all([
    db.select({ n: count() }).from(storeOffers).where(eq(storeOffers.productId, id)),
    db.select({ n: count() }).from(reviews).where(eq(reviews.productId, id)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.productId, id)),
    db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.productId, id)),
  ]);
  return { offers: o?.n ?? 0, reviews: r?.n ?? 0, favorites: f?.n ?? 0, alerts: a?.n ?? 0 };
}

/** The product's store offers with their freshness (ADR 014's rule): active first, cheapest first. */
export async function listOffers(db: Database, productId: string) {
  return db
    .select({
      id: storeOffers.id,
      storeId: stores.id,
      storeName: stores.name,
      storeActive: stores.isActive,
      price: storeOffers.price,
      availability: storeOffers.availability,
      isActive: storeOffers.isActive,
      lastSeenAt: storeOffers.lastSeenAt,
      stale: sql<boolean>`not ${offerIsFresh('store_offers', 'stores')}`,
    })
    .from(storeOffers)
    .innerJoin(stores, eq(stores.id, storeOffers.storeId))
    .where(eq(storeOffers.productId, productId))
    .orderBy(desc(storeOffers.isActive), asc(storeOffers.price), asc(stores.name));
}
