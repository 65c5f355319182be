import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { feedImports } from '../../../db/schema/feed-imports';
import { feedUnmatchedItems } from '../../../db/schema/feed-unmatched-items';
import { products } from '../../../db/schema/products';
import { storeOffers } from '../../../db/schema/store-offers';
import { stores, type NewStoreRow } from '../../../db/schema/stores';

/**
 * `stores.id` spelled out: drizzle writes a lone table's columns unqualified, and inside these
 * subqueries an unqualified "id" would be the inner table's.
 */
const storeId = sql.raw('"stores"."id"');

const storeColumns = {
  id: stores.id,
  name: stores.name,
  slug: stores.slug,
  logoUrl: stores.logoUrl,
  website: stores.website,
  feedUrl: stores.feedUrl,
  feedIntervalMinutes: stores.feedIntervalMinutes,
  freshnessHours: stores.freshnessHours,
  isActive: stores.isActive,
  feedNextPullAt: stores.feedNextPullAt,
  feedLastSuccessAt: stores.feedLastSuccessAt,
  createdAt: stores.createdAt,
  updatedAt: stores.updatedAt,
  offerCount: sql<number>`(select count(*)::int from ${storeOffers} o where o.store_id = ${storeId})`,
  activeOfferCount: sql<number>`(select count(*)::int from ${storeOffers} o where o.store_id = ${storeId} and o.is_active)`,
  unmatchedCount: sql<number>`(select count(*)::int from ${feedUnmatchedItems} u where u.store_id = ${storeId} and u.resolved_product_id is null)`,
};

function selectStores(db: Database) {
  return db.select(storeColumns).from(stores);
}

export type AdminStoreRow = Awaited<ReturnType<typeof selectStores>>[number];

/** `%`, `_` and `\` are literal in a name search. */
function likePattern(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search finds a store by its name, slug, website or feed address (operators paste either). */
function nameMatches(foldedQuery: string | undefined): SQL | undefined {
  if (!foldedQuery) return undefined;
  const pattern = likePattern(foldedQuery);
  return sql`(kiyasla_fold(${stores.name}) like ${pattern} or ${stores.slug} like ${pattern}
              or lower(coalesce(${stores.website}, '')) like ${pattern} or lower(coalesce(${stores.feedUrl}, '')) like ${pattern})`;
}

export async function listStores(db: Database, foldedQuery: string | undefined, page: number, limit: number) {
  const where = nameMatches(foldedQuery);
  const [rows, [total]] = await Promise.all([
    selectStores(db)
      .where(where)
      .orderBy(asc(stores.name), asc(stores.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(stores).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findStore(db: Database, id: string): Promise<AdminStoreRow | undefined> {
  const [row] = await selectStores(db).where(eq(stores.id, id)).limit(1);
  return row;
}

/** The feed columns the service compares on update. */
export async function findStoreFeed(db: Database, id: string) {
  const [row] = await db
    .select({ feedUrl: stores.feedUrl, feedIntervalMinutes: stores.feedIntervalMinutes })
    .from(stores)
    .where(eq(stores.id, id))
    .limit(1);
  return row;
}

const importColumns = {
  id: feedImports.id,
  storeId: feedImports.storeId,
  source: feedImports.source,
  format: feedImports.format,
  mode: feedImports.mode,
  status: feedImports.status,
  forced: feedImports.forced,
  startedAt: feedImports.startedAt,
  finishedAt: feedImports.finishedAt,
  report: feedImports.report,
  errorCode: feedImports.errorCode,
  errorMessage: feedImports.errorMessage,
  userId: feedImports.userId,
};

export async function findImport(db: Database, importId: string) {
  const [row] = await db.select(importColumns).from(feedImports).where(eq(feedImports.id, importId));
  return row;
}

export async function storeExists(db: Database, storeId: string): Promise<boolean> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return rows.length > 0;
}

/** The newest import of each of these stores. */
export function latestImports(db: Database, storeIds: string[]) {
  if (storeIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([feedImports.storeId], importColumns)
    .from(feedImports)
    .where(inArray(feedImports.storeId, storeIds))
    .orderBy(feedImports.storeId, desc(feedImports.startedAt));
}

export async function insertStore(db: Database, values: NewStoreRow): Promise<string> {
  const [row] = await db.insert(stores).values(values).returning({ id: stores.id });
  return row!.id;
}

export async function updateStore(db: Database, id: string, values: Partial<NewStoreRow>): Promise<boolean> {
  const rows = await db.update(stores).set(values).where(eq(stores.id, id)).returning({ id: stores.id });
  return rows.length > 0;
}

/** Offers of the store, active or not: each carries price history. */
export async function countStoreOffers(db: Database, storeId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storeOffers).where(eq(storeOffers.storeId, storeId));
  return row?.n ?? 0;
}

/** Deletes the store unless an offer appeared meanwhile (the check and the delete are one statement). */
export async function deleteStoreWithoutOffers(db: Database, storeId: string): Promise<boolean> {
  const rows = await db
    .delete(stores)
    .where(and(eq(stores.id, storeId), sql`not exists (select 1 from ${storeOffers} o where o.store_id = ${storeId})`))
    .returning({ id: stores.id });
  return rows.length > 0;
}

export async function listImports(db: Database, storeId: string, page: number, limit: number) {
  const where = eq(feedImports.storeId, storeId);
  const [rows, [total]] = await Promise.all([
    db
      .select(importColumns)
      .from(feedImports)
      .where(where)
      .orderBy(desc(feedImports.startedAt), desc(feedImports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(feedImports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type FeedImportListRow = Awaited<ReturnType<typeof listImports>>['rows'][number];

const unmatchedColumns = {
  id: feedUnmatchedItems.id,
  sku: feedUnmatchedItems.sku,
  gtin: feedUnmatchedItems.gtin,
  brand: feedUnmatchedItems.brand,
  model: feedUnmatchedItems.model,
  title: feedUnmatchedItems.title,
  price: feedUnmatchedItems.price,
  url: feedUnmatchedItems.url,
  firstSeenAt: feedUnmatchedItems.firstSeenAt,
  lastSeenAt: feedUnmatchedItems.lastSeenAt,
  timesSeen: feedUnmatchedItems.timesSeen,
  resolvedProductId: feedUnmatchedItems.resolvedProductId,
  resolvedBy: feedUnmatchedItems.resolvedBy,
  resolvedAt: feedUnmatchedItems.resolvedAt,
};

/** Unresolved first, then the most recently seen (the queue index). */
export async function listUnmatched(db: Database, storeId: string, page: number, limit: number) {
  const where = eq(feedUnmatchedItems.storeId, storeId);
  const [rows, [total]] = await Promise.all([
    db
      .select(unmatchedColumns)
      .from(feedUnmatchedItems)
      .where(where)
      .orderBy(
        sql`(${feedUnmatchedItems.resolvedProductId} is not null)`,
        desc(feedUnmatchedItems.lastSeenAt),
        asc(feedUnmatchedItems.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(feedUnmatchedItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type UnmatchedRow = Awaited<ReturnType<typeof listUnmatched>>['rows'][number];

export async function findUnmatched(db: Database, storeId: string, itemId: string): Promise<UnmatchedRow | undefined> {
  const [row] = await db
    .select(unmatchedColumns)
    .from(feedUnmatchedItems)
    .where(and(eq(feedUnmatchedItems.storeId, storeId), eq(feedUnmatchedItems.id, itemId)))
    .limit(1);
  return row;
}

export async function productExists(db: Database, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  return Boolean(row);
}

/**
 * The store's offer for this product under another SKU: one store has one offer per product,
 * so mapping a second SKU onto it would make the next import fight over that offer.
 */
export async function offerOfOtherSku(db: Database, storeId: string, productId: string, sku: string) {
  const [row] = await db
    .select({ id: storeOffers.id, externalId: storeOffers.externalId })
    .from(storeOffers)
    .where(
      and(
        eq(storeOffers.storeId, storeId),
        eq(storeOffers.productId, productId),
        sql`${storeOffers.externalId} is not null`,
        ne(storeOffers.externalId, sku),
      ),
    )
    .limit(1);
  return row;
}

/** Maps an unresolved item; false when someone mapped it first. */
export async function resolveUnmatched(
  db: Database,
  itemId: string,
  productId: string,
  userId: string,
): Promise<UnmatchedRow | undefined> {
  const [row] = await db
    .update(feedUnmatchedItems)
    .set({ resolvedProductId: productId, resolvedBy: userId, resolvedAt: sql`now()` })
    .where(and(eq(feedUnmatchedItems.id, itemId), sql`${feedUnmatchedItems.resolvedProductId} is null`))
    .returning(unmatchedColumns);
  return row;
}
