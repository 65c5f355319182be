import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offerIsFresh } from '../../db/offer-freshness';
import { analyticsEvents } from '../../db/schema/analytics-events';
import { priceHistory } from '../../db/schema/price-history';
import { productViews } from '../../db/schema/product-views';
import { productPrices } from '../../db/schema/product-prices';
import { products, type ProductRow } from '../../db/schema/products';
import { reviews } from '../../db/schema/reviews';
import { storeOffers } from '../../db/schema/store-offers';
import { stores } from '../../db/schema/stores';
import { pricesOfProduct, productColumns, type ProductListRow } from './products.repo';
import { isUuid } from '@kiyasla/contracts/ids';
import type { ReviewSort } from '@kiyasla/contracts/catalog-constants';

/**
 * The product page's statements as named prepared statements: the hottest read of the site
 * skips parsing and planning on every call (PostgreSQL keeps one plan per connection). Built
 * once per database handle; PGlite accepts the same calls.
 */
const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareDetailQueries>>();

/**
 * The offers of the product page as one JSON array inside the product's own row, so that the
 * page costs one round trip: same columns, order and filter as findOffersWithStores. Timestamps
 * travel as text, as the driver reads them, and become Dates the same way (`new Date(text)`).
 */
const offersJson = sql<OfferJson[]>`coalesce((
  select json_agg(json_build_object(
           'id', o.id, 'price', o.price, 'originalPrice', o.original_price, 'productUrl', o.product_url,
           'availability', o.availability, 'shippingFree', o.shipping_free, 'shippingCost', o.shipping_cost,
           'shippingDays', o.shipping_days, 'isActive', o.is_active, 'updatedAt', o.updated_at::text,
           'confirmedAt', o.last_seen_at::text, 'stale', not ${offerIsFresh('o', 's')},
           'storeId', s.id, 'storeName', s.name, 'storeSlug', s.slug, 'storeLogo', s.logo_url,
           'storeWebsite', s.website, 'storeRating', s.rating, 'storeRatingCount', s.rating_count,
           'storeFreshnessHours', s.freshness_hours)
         order by o.is_active and ${offerIsFresh('o', 's')} desc, o.is_active desc, o.price asc, s.name asc)
    from ${storeOffers} o
    join ${stores} s on s.id = o.store_id
   where o.product_id = products.id and s.is_active), '[]'::json)`;

type OfferJson = Omit<OfferWithStoreRow, 'updatedAt' | 'confirmedAt'> & { updatedAt: string; confirmedAt: string };

function prepareDetailQueries(db: Database) {
  const id = sql.placeholder('id');
  return {
    page: db
      .select({ ...productColumns, offers: offersJson })
      .from(products)
      .innerJoin(productPrices, pricesOfProduct)
      .where(and(eq(products.id, id), eq(products.isActive, true)))
      .limit(1)
      .prepare('product_detail_page'),
    product: db
      .select(productColumns)
      .from(products)
      .innerJoin(productPrices, pricesOfProduct)
      .where(and(eq(products.id, id), eq(products.isActive, true)))
      .limit(1)
      .prepare('product_detail_product'),
    offers: db
      .select(offerWithStoreColumns)
      .from(storeOffers)
      .innerJoin(stores, eq(stores.id, storeOffers.storeId))
      .where(and(eq(storeOffers.productId, id), eq(stores.isActive, true)))
      .orderBy(
        sql`${storeOffers.isActive} and ${offerIsFresh('store_offers', 'stores')} desc`,
        desc(storeOffers.isActive),
        asc(storeOffers.price),
        asc(stores.name),
      )
      .prepare('product_detail_offers'),
  };
}

function detailQueries(db: Database) {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = prepareDetailQueries(db);
    preparedByDb.set(db, queries);
  }
  return queries;
}

export async function findActiveProduct(db: Database, id: string): Promise<ProductListRow | undefined> {
  const [row] = await detailQueries(db).product.execute({ id });
  return row;
}

/** An active product with every offer of an active store (ordered as findOffersWithStores), in one statement. */
export async function findProductPage(
  db: Database,
  id: string,
): Promise<{ product: ProductListRow; offers: OfferWithStoreRow[] } | undefined> {
  const [row] = await detailQueries(db).page.execute({ id });
  if (!row) return undefined;
  const { offers, ...product } = row;
  return {
    product,
    offers: offers.map((o) => ({ ...o, updatedAt: new Date(o.updatedAt), confirmedAt: new Date(o.confirmedAt) })),
  };
}

export interface OfferWithStoreRow {
  id: string;
  price: number;
  originalPrice: number | null;
  productUrl: string;
  availability: ProductRow['availability'];
  shippingFree: boolean;
  shippingCost: number;
  shippingDays: number | null;
  isActive: boolean;
  updatedAt: Date;
  /** `last_seen_at`: when the store last confirmed the offer. */
  confirmedAt: Date;
  /** Not fresh by the rule of db/offer-freshness.ts (whatever the offer's own active flag). */
  stale: boolean;
  storeId: string;
  storeName: string;
  storeSlug: string;
  storeLogo: string | null;
  storeWebsite: string | null;
  storeRating: number | null;
  storeRatingCount: number;
  storeFreshnessHours: number;
}

const offerWithStoreColumns = {
  id: storeOffers.id,
  price: storeOffers.price,
  originalPrice: storeOffers.originalPrice,
  productUrl: storeOffers.productUrl,
  availability: storeOffers.availability,
  shippingFree: storeOffers.shippingFree,
  shippingCost: storeOffers.shippingCost,
  shippingDays: storeOffers.shippingDays,
  isActive: storeOffers.isActive,
  updatedAt: storeOffers.updatedAt,
  confirmedAt: storeOffers.lastSeenAt,
  stale: sql<boolean>`not ${offerIsFresh('store_offers', 'stores')}`,
  storeId: stores.id,
  storeName: stores.name,
  storeSlug: stores.slug,
  storeLogo: stores.logoUrl,
  storeWebsite: stores.website,
  storeRating: stores.rating,
  storeRatingCount: stores.ratingCount,
  storeFreshnessHours: stores.freshnessHours,
};

/**
 * Every offer of a product from an active store: the offers that count (active and fresh)
 * cheapest first, then the active stale ones, then the inactive ones, each cheapest first.
 */
export function findOffersWithStores(db: Database, productId: string): Promise<OfferWithStoreRow[]> {
  return detailQueries(db).offers.execute({ id: productId });
}

export interface HistoryRow {
  offerId: string;
  storeId: string;
  price: number;
  availability: ProductRow['availability'];
  recordedAt: Date;
}

/** All price and availability changes of a product's offers (a few hundred rows at most per product). */
export function findPriceChanges(db: Database, productId: string): Promise<HistoryRow[]> {
  return db
    .select({
      offerId: priceHistory.offerId,
      storeId: priceHistory.storeId,
      price: priceHistory.price,
      availability: priceHistory.availability,
      recordedAt: priceHistory.recordedAt,
    })
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.recordedAt), asc(priceHistory.id));
}

const REVIEW_ORDER = {
  newest: [desc(reviews.createdAt), asc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), asc(reviews.id)],
  rating: [desc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
} as const;

export async function findApprovedReviews(
  db: Database,
  productId: string,
  q: { sort: ReviewSort; rating?: number; page: number; limit: number },
) {
  const where = and(
    eq(reviews.productId, productId),
    eq(reviews.isApproved, true),
    q.rating ? eq(reviews.rating, q.rating) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...REVIEW_ORDER[q.sort])
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function reviewDistribution(db: Database, productId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
    .groupBy(reviews.rating);
  return new Map(rows.map((r) => [r.rating, Number(r.n)]));
}

/**
 * Writes buffered page views in one statement whatever their number: the live counters
 * (product_views upsert) and one analytics event per view, at most `maxEventsPerProduct` per
 * product. The batch travels as two array parameters, so neither building it nor PostgreSQL's
 * limit of 65,535 parameters grows with the traffic. Ids of products deleted meanwhile are
 * skipped (the join), not an error.
 */
export async function recordProductViews(
  db: Database,
  counts: Map<string, number>,
  maxEventsPerProduct: number,
): Promise<void> {
  const batch = [...counts].filter(([id, n]) => isUuid(id) && Number.isInteger(n) && n > 0);
  if (batch.length === 0) return;
  const ids = `{${batch.map(([id]) => id).join(',')}}`;
  const views = `{${batch.map(([, n]) => n).join(',')}}`;
  await db.execute(sql`
    with v as (
      select v.id, v.n
        from unnest(${ids}::uuid[], ${views}::bigint[]) as v(id, n)
        join ${products} p on p.id = v.id
    ), counted as (
      insert into ${productViews} (product_id, views)
      select v.id, v.n from v
      on conflict (product_id) do update set views = ${productViews}.views + excluded.views
    )
    insert into ${analyticsEvents} (type, product_id)
    select 'product_view', v.id from v cross join lateral generate_series(1, least(v.n, ${maxEventsPerProduct}))`);
}
