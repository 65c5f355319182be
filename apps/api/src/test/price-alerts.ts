import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { createAlert } from '../modules/alerts/alerts.service';
import { importFeed } from '../modules/feeds/import/import-feed';
import { lowestInStockPrices } from '../modules/feeds/import/price-change-event';

/**
 * Fixtures of the price alert consumer's suites (PGlite and PostgreSQL): accounts, a store fed by
 * a feed, and prices moved through the real feed import, so the events are the ones production writes.
 */

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}${Math.random().toString(36).slice(2, 6)}`;

export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return sqlRows<T>(await db.execute(query));
}

/** An account; premium (an active monthly plan) unless told otherwise. */
export async function makeUser(db: Database, premium = true): Promise<string> {
  const [u] = await rows<{ id: string }>(
    db,
    sql`insert into users (email, first_name, last_name, subscription_plan, subscription_status, subscription_end)
        values (${`alarm.${unique()}@example.com`}, 'Alarm', 'Deneme',
                ${premium ? 'monthly-premium' : 'free'}, 'active', ${premium ? sql`now() + interval '30 days'` : null})
        returning id`,
  );
  return u!.id;
}

export async function makeFeedStore(db: Database): Promise<string> {
  const id = unique();
  const [s] = await rows<{ id: string }>(
    db,
    sql`insert into stores (name, slug, feed_url) values (${`Alarm Mağazası ${id}`}, ${`alarm-magazasi-${id}`},
        'https://magaza.example/feed.json') returning id`,
  );
  return s!.id;
}

/** Active products with an in-stock price that counts, and that price (kuruş). */
export async function pricedProducts(db: Database, n: number, offset = 0): Promise<{ id: string; lowest: number }[]> {
  const candidates = await rows<{ id: string }>(
    db,
    sql`select p.id from products p where p.is_active
         and exists (select 1 from store_offers o where o.product_id = p.id and o.is_active and o.availability = 'in-stock')
         order by p.id offset ${offset} limit ${n * 2}`,
  );
  const lowest = await lowestInStockPrices(
    db,
    candidates.map((c) => c.id),
  );
  return candidates
    .filter((c) => lowest.has(c.id))
    .slice(0, n)
    .map((c) => ({ id: c.id, lowest: lowest.get(c.id)! }));
}

export interface FeedPrice {
  productId: string;
  /** Kuruş. */
  price: number;
  availability?: string;
}

/** Imports a partial feed of the store setting these prices (the feed speaks TRY). */
export async function importPrices(db: Database, storeId: string, prices: FeedPrice[]) {
  const items = prices.map((p) => ({
    sku: `SKU-${p.productId}`,
    productId: p.productId,
    price: p.price / 100,
    availability: p.availability ?? 'in-stock',
    url: `https://magaza.example/${p.productId}`,
  }));
  const result = await importFeed(db, {
    storeId,
    source: 'cli',
    body: Readable.from([JSON.stringify({ mode: 'partial', items })]),
  });
  if (result.status !== 'succeeded') throw new Error(`import ${result.status}`);
  return result;
}

/** A 'below' (or 'above') alert set through the alerts service, with its §5 checks. */
export async function setAlert(
  db: Database,
  userId: string,
  productId: string,
  targetKurus: number,
  extra: { triggerType?: 'below' | 'above'; store?: string } = {},
): Promise<string> {
  const alert = await createAlert(
    { db },
    { id: userId },
    {
      product: productId,
      targetPrice: targetKurus / 100,
      triggerType: extra.triggerType ?? 'below',
      store: extra.store,
    },
  );
  return alert._id;
}

export async function notificationsOf(db: Database, alertId: string) {
  return rows<{
    id: string;
    user_id: string;
    type: string;
    title: string;
    message: string;
    data: Record<string, unknown>;
  }>(
    db,
    sql`select id, user_id, type::text as type, title, message, data from notifications where data ->> 'alertId' = ${alertId}`,
  );
}

export async function alertState(db: Database, alertId: string) {
  const [a] = await rows<{
    triggered: boolean;
    triggered_price: number | null;
    triggered_at: Date | null;
    is_active: boolean;
  }>(db, sql`select triggered, triggered_price, triggered_at, is_active from price_alerts where id = ${alertId}::uuid`);
  return a!;
}

/** Puts every price.changed event back as if never processed (a replay). */
export async function replayAllEvents(db: Database): Promise<void> {
  await db.execute(
    sql`update outbox set status = 'pending', run_after = now() - interval '1 second', locked_until = null
         where kind = 'price.changed'`,
  );
}

/** Marks every event so far processed: a suite's test starts with only its own events pending. */
export async function settleAllEvents(db: Database): Promise<void> {
  await db.execute(sql`update outbox set status = 'done' where kind = 'price.changed' and status <> 'done'`);
}

/**
 * The `price.changed` rows that list any of these products, in either payload shape (a batch's
 * `changes`, or the earlier one product per row).
 */
export function eventListing(productIds: string | readonly string[]) {
  const ids = `{${(typeof productIds === 'string' ? [productIds] : productIds).join(',')}}`;
  return sql`kind = 'price.changed'
    and (payload ->> 'productId' = any (${ids}::text[])
      or exists (select 1 from jsonb_array_elements(case when jsonb_typeof(payload -> 'changes') = 'array'
                                                         then payload -> 'changes' else '[]'::jsonb end) e
                  where e ->> 'productId' = any (${ids}::text[])))`;
}

/**
 * The consumer's two kinds of news at once: `alertOwner`'s alert on one product and `fan`'s
 * favorite of another. `drop()` then imports one feed (one event) that takes the first below the
 * alert's target and the second down by 20 %.
 */
export async function alertAndFavorite(db: Database, alertOwner: string, fan: string, productOffset = 0) {
  const store = await makeFeedStore(db);
  const [watched, favorited] = await pricedProducts(db, 2, productOffset);
  await setAlert(db, alertOwner, watched!.id, watched!.lowest - 1_000);
  await db.execute(sql`insert into favorites (user_id, product_id) values (${fan}::uuid, ${favorited!.id}::uuid)`);
  const drop = () =>
    importPrices(db, store, [
      { productId: watched!.id, price: watched!.lowest - 2_000 },
      { productId: favorited!.id, price: Math.round(favorited!.lowest * 0.8) },
    ]);
  return { watched: watched!, favorited: favorited!, drop };
}
