import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offerIsFresh } from '../../db/offer-freshness';
import { analyticsEvents } from '../../db/schema/analytics-events';
import { productViews } from '../../db/schema/product-views';
import { productPrices } from '../../db/schema/product-prices';
import { products, type ProductRow } from '../../db/schema/products';
import { reviews } from '../../db/schema/reviews';
import { storeOffers } from '../../db/schema/store-offers';
import { stores } from '../../db/schema/stores';
import { sqlRows } from '../../lib/sql-rows';
import { DAY_MS, dayStart, TR_OFFSET_MS } from './price-series';
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
  price: number;
  availability: ProductRow['availability'];
  recordedAt: Date;
}

/** Ids as one array parameter, whatever their number. */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** The (Turkish) day of a timestamp column, as price-series.ts's dayIndex counts it from its milliseconds. */
function trDay(column: SQL): SQL {
  return sql`floor((floor(extract(epoch from ${column}) * 1000) + ${sql.raw(String(TR_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))})::int`;
}

/**
 * The price and availability changes a chart from `from` on needs, of these offers only: every
 * change from `from` on, and each offer's last change before it (the price it carried into the
 * range); every change when `from` is null. Ordered as recorded, then by id. Each offer is one
 * range of price_history_offer_recorded_idx (offer_id, recorded_at) and one step back from it.
 * A product's offers take only their own rows: history rows carry their offer's product, which an
 * offer never changes.
 */
export async function findPriceChangesFrom(
  db: Database,
  offerIds: readonly string[],
  from: Date | null,
): Promise<HistoryRow[]> {
  if (offerIds.length === 0) return [];
  const columns = sql`h.id, h.offer_id, h.price, h.availability, h.recorded_at`;
  const since = from?.toISOString();
  const rows = sqlRows<{
    offer_id: string;
    price: number;
    availability: HistoryRow['availability'];
    recorded_at: string;
  }>(
    await db.execute(
      since === undefined
        ? sql`
          select h.offer_id, h.price, h.availability, h.recorded_at::text as recorded_at
            from price_history h
           where h.offer_id = any (${uuidArray(offerIds)})
           order by h.recorded_at, h.id`
        : sql`
          select r.offer_id, r.price, r.availability, r.recorded_at::text as recorded_at
            from unnest(${uuidArray(offerIds)}) as o(id)
           cross join lateral (
                 (select ${columns} from price_history h
                   where h.offer_id = o.id and h.recorded_at < ${since}::timestamptz
                   order by h.recorded_at desc, h.id desc
                   limit 1)
                 union all
                 (select ${columns} from price_history h
                   where h.offer_id = o.id and h.recorded_at >= ${since}::timestamptz)) r
           order by r.recorded_at, r.id`,
    ),
  );
  // Timestamps travel as text and become Dates as drizzle's own mapping makes them.
  return rows.map((r) => ({
    offerId: r.offer_id,
    price: r.price,
    availability: r.availability,
    recordedAt: new Date(r.recorded_at),
  }));
}

export interface EarlierLows {
  /**
   * The last day on which one of the offers sold below the price, of those the span's changes
   * decide (the changes in the span and the one before it); null: none.
   */
  lastDayBelow: number | null;
  /**
   * The latest day of the offers' changes before the span (null: none, the span reaches back to
   * their first change). A lower day that the changes before it decide ends before that day.
   */
  unwalkedDay: number | null;
  /** The day of the offers' first change (null: they have none). */
  firstChangeDay: number | null;
}

/**
 * A step of "lowest in N days" back from the range (`beforeDay`), when the range's days do not
 * decide it: the last day before the range on which the lowest price was below `price`, among
 * those that the offers' changes in the span [`sinceDay` (null: the start), `untilDay`) and their
 * last change before it decide; and the offers' first day.
 *
 * A day counts as it does in the chart (price-series.ts): an offer's price on a day is its last
 * change of that day or before, unless that change is sold out or the day is on or after the
 * offer's `endDay` (a stale offer). A change that is the last of its day and below the price
 * therefore holds until the day before the offer's next change, so per offer the latest such
 * change decides. It is found walking the offer's index (offer_id, recorded_at) back through the
 * span and stopping at it (LIMIT 1 over the scan); the offer's next change after the span
 * (`later`) ends the span's last one, and its last change before the span carries its price into
 * it (`carried`, until `entered`).
 */
export async function findEarlierLows(
  db: Database,
  offers: readonly { id: string; endDay: number | null }[],
  price: number,
  beforeDay: number,
  span: { sinceDay: number | null; untilDay: number },
): Promise<EarlierLows> {
  if (offers.length === 0) return { lastDayBelow: null, unwalkedDay: null, firstChangeDay: null };
  const ids = uuidArray(offers.map((o) => o.id));
  const endDays = `{${offers.map((o) => o.endDay ?? 'NULL').join(',')}}`;
  const since = sql`${span.sinceDay === null ? '-infinity' : dayStart(span.sinceDay).toISOString()}::timestamptz`;
  const until = sql`${dayStart(span.untilDay).toISOString()}::timestamptz`;
  // A change (`alias`, with its `day`) at which the offer sells below the price, before its end day.
  const isBelow = (alias: string) => {
    const c = sql.raw(alias);
    return sql`(${c}.price < ${price} and ${c}.availability <> 'out-of-stock' and (o.end_day is null or ${c}.day < o.end_day))`;
  };
  // The last day a price set on a day before the range holds, given the day of the next change.
  const lastDay = (next: SQL) => sql`least(coalesce(${next}, ${beforeDay}), ${beforeDay}, o.end_day) - 1`;
  const [row] = sqlRows<EarlierLows>(
    await db.execute(sql`
      select max(coalesce(walked.last_day, carried.last_day)) as "lastDayBelow",
             max(older.day) as "unwalkedDay",
             min(earliest.day) as "firstChangeDay"
        from unnest(${ids}, ${endDays}::int[]) as o(id, end_day)
        left join lateral (
              select ${trDay(sql`h.recorded_at`)} as day
                from price_history h
               where h.offer_id = o.id and h.recorded_at >= ${until}
               order by h.recorded_at
               limit 1) later on true
        left join lateral (
              select ${lastDay(sql`coalesce(c.next_day, later.day)`)} as last_day
                from (select h.recorded_at, h.id, h.price, h.availability, ${trDay(sql`h.recorded_at`)} as day,
                             lag(${trDay(sql`h.recorded_at`)}) over (order by h.recorded_at desc, h.id desc) as next_day
                        from price_history h
                       where h.offer_id = o.id and h.recorded_at >= ${since} and h.recorded_at < ${until}
                       order by h.recorded_at desc, h.id desc) c
               where c.day is distinct from c.next_day and ${isBelow('c')}
               order by c.recorded_at desc, c.id desc
               limit 1) walked on true
        left join lateral (
              select h.price, h.availability, ${trDay(sql`h.recorded_at`)} as day
                from price_history h
               where h.offer_id = o.id and h.recorded_at < ${since}
               order by h.recorded_at desc, h.id desc
               limit 1) older on true
        left join lateral (
              select ${trDay(sql`h.recorded_at`)} as day
                from price_history h
               where h.offer_id = o.id and h.recorded_at >= ${since}
               order by h.recorded_at
               limit 1) entered on true
        cross join lateral (
              select case when ${isBelow('older')} then ${lastDay(sql`entered.day`)} end as last_day) carried
        left join lateral (
              select ${trDay(sql`h.recorded_at`)} as day
                from price_history h
               where h.offer_id = o.id
               order by h.recorded_at
               limit 1) earliest on true`),
  );
  return {
    lastDayBelow: row?.lastDayBelow ?? null,
    unwalkedDay: row?.unwalkedDay ?? null,
    firstChangeDay: row?.firstChangeDay ?? null,
  };
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
