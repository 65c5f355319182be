import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { IN_STOCK_AVAILABILITIES, offerCounts } from '../../db/offer-freshness';
import type { ProductImage } from '../../db/schema/products';
import { sqlRows } from '../../lib/sql-rows';

type Db = Database | Transaction;

const IN_STOCK = `{${IN_STOCK_AVAILABILITIES.join(',')}}`;

/**
 * The price an alert watches, as an SQL expression over a price_alerts alias: the lowest price
 * among the product's offers that count (active, of an active store, fresh) and can be bought now,
 * restricted to the alert's store when it has one; null when there is none. A stale, inactive,
 * sold-out or refused price is never in it, so it never triggers anything.
 */
export function watchedPrice(alertAlias: string): SQL {
  const a = sql.raw(alertAlias);
  return sql`(select min(wo.price)::int from store_offers wo join stores ws on ws.id = wo.store_id
     where wo.product_id = ${a}.product_id
       and (${a}.store_id is null or wo.store_id = ${a}.store_id)
       and ${offerCounts('wo', 'ws')}
       and wo.availability = any (${IN_STOCK}::availability[]))`;
}

/** The same price for a product (and store) before an alert exists. */
export async function currentWatchedPrice(db: Db, productId: string, storeId: string | null): Promise<number | null> {
  const [row] = sqlRows<{ price: number | null }>(
    await db.execute(sql`select ${watchedPrice('a')} as price
      from (select ${productId}::uuid as product_id, ${storeId}::uuid as store_id) a`),
  );
  return row?.price == null ? null : Number(row.price);
}

export interface AlertRow {
  id: string;
  user_id: string;
  product_id: string;
  product_name: string;
  product_slug: string;
  product_images: ProductImage[];
  store_id: string | null;
  store_name: string | null;
  target_price: number;
  trigger_type: 'below' | 'above';
  price_at_creation: number | null;
  is_active: boolean;
  triggered: boolean;
  triggered_at: Date | string | null;
  triggered_price: number | null;
  armed_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  current_price: number | null;
}

export type AlertStatusFilter = 'all' | 'active' | 'triggered' | 'inactive';

const STATUS_FILTERS: Record<AlertStatusFilter, SQL> = {
  all: sql`true`,
  active: sql`a.is_active and not a.triggered`,
  triggered: sql`a.triggered`,
  inactive: sql`not a.is_active`,
};

function selectAlerts(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select a.id, a.user_id, a.product_id, p.name as product_name, p.slug as product_slug,
           p.images as product_images, a.store_id, s.name as store_name, a.target_price,
           a.trigger_type, a.price_at_creation, a.is_active, a.triggered, a.triggered_at,
           a.triggered_price, a.armed_at, a.created_at, a.updated_at,
           ${watchedPrice('a')} as current_price
      from price_alerts a
      join products p on p.id = a.product_id
      left join stores s on s.id = a.store_id
     where ${where}
     ${tail}`;
}

/** One page of the user's alerts, newest first. */
export async function findAlerts(
  db: Db,
  userId: string,
  status: AlertStatusFilter,
  page: number,
  limit: number,
): Promise<{ rows: AlertRow[]; total: number }> {
  const where = sql`a.user_id = ${userId}::uuid and ${STATUS_FILTERS[status]}`;
  const [rows, totals] = await Promise.all([
    db.execute(selectAlerts(where, sql`order by a.created_at desc, a.id limit ${limit} offset ${(page - 1) * limit}`)),
    db.execute(sql`select count(*)::int as n from price_alerts a where ${where}`),
  ]);
  return { rows: sqlRows<AlertRow>(rows), total: Number(sqlRows<{ n: number }>(totals)[0]?.n ?? 0) };
}

/** The user's alert with this id; undefined for another user's alert or none. */
export async function findAlert(db: Db, userId: string, alertId: string, lock = false): Promise<AlertRow | undefined> {
  if (lock) {
    await db.execute(
      sql`select 1 from price_alerts where id = ${alertId}::uuid and user_id = ${userId}::uuid for update`,
    );
  }
  const [row] = sqlRows<AlertRow>(
    await db.execute(selectAlerts(sql`a.id = ${alertId}::uuid and a.user_id = ${userId}::uuid`)),
  );
  return row;
}

export async function findAlertForProduct(db: Db, userId: string, productId: string): Promise<AlertRow | undefined> {
  const [row] = sqlRows<AlertRow>(
    await db.execute(selectAlerts(sql`a.user_id = ${userId}::uuid and a.product_id = ${productId}::uuid`)),
  );
  return row;
}

/** Armed alerts (active, not triggered): the header badge and the per-user cap. */
export async function countArmedAlerts(db: Db, userId: string): Promise<number> {
  const [row] = sqlRows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from price_alerts where user_id = ${userId}::uuid and is_active and not triggered`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function productExists(db: Db, productId: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(sql`select 1 from products where id = ${productId}::uuid and is_active limit 1`),
  );
  return rows.length > 0;
}

/** Whether the store has an active offer of the product (one it could ever watch). */
export async function storeSellsProduct(db: Db, productId: string, storeId: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(sql`select 1 from store_offers o join stores s on s.id = o.store_id
       where o.product_id = ${productId}::uuid and o.store_id = ${storeId}::uuid and o.is_active and s.is_active
       limit 1`),
  );
  return rows.length > 0;
}

export interface NewAlert {
  userId: string;
  productId: string;
  storeId: string | null;
  targetPrice: number;
  triggerType: 'below' | 'above';
  priceAtCreation: number | null;
}

/** Inserts the alert; undefined when the user already has one for the product. */
export async function insertAlert(db: Db, a: NewAlert): Promise<string | undefined> {
  const [row] = sqlRows<{ id: string }>(
    await db.execute(sql`
      insert into price_alerts (user_id, product_id, store_id, target_price, trigger_type, price_at_creation)
      values (${a.userId}::uuid, ${a.productId}::uuid, ${a.storeId}::uuid, ${a.targetPrice},
              ${a.triggerType}::alert_trigger_type, ${a.priceAtCreation})
      on conflict (user_id, product_id) do nothing
      returning id`),
  );
  return row?.id;
}

/**
 * A new arming also takes the watched price of that moment as the alert's reference price
 * (`price_at_creation`): the next notice's "Önceki fiyat" is the price the shopper armed it at,
 * not the one of an earlier arming the price has since moved away from.
 */
const armedNow = sql`armed_at = clock_timestamp(), price_at_creation = coalesce(${watchedPrice('a')}, a.price_at_creation)`;

/** A new target: the alert is armed again (active, not triggered, a new arming). */
export async function rearmWithTarget(db: Db, alertId: string, targetPrice: number): Promise<void> {
  await db.execute(sql`
    update price_alerts a
       set target_price = ${targetPrice}, is_active = true, triggered = false, triggered_at = null,
           triggered_price = null, ${armedNow}, updated_at = now()
     where a.id = ${alertId}::uuid`);
}

/** Switching on re-arms (a triggered alert starts a new arming); switching off pauses it. */
export async function setActive(db: Db, alertId: string, active: boolean): Promise<void> {
  await db.execute(
    active
      ? sql`update price_alerts a
               set is_active = true, triggered = false, triggered_at = null, triggered_price = null,
                   ${armedNow}, updated_at = now()
             where a.id = ${alertId}::uuid`
      : sql`update price_alerts set is_active = false, updated_at = now() where id = ${alertId}::uuid`,
  );
}

export async function deleteAlert(db: Db, userId: string, alertId: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(
      sql`delete from price_alerts where id = ${alertId}::uuid and user_id = ${userId}::uuid returning id`,
    ),
  );
  return rows.length > 0;
}

/** Serialises one user's alert creations and re-armings, so two requests cannot both pass the cap. */
export async function lockUserAlerts(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`price-alerts:${userId}`}, 0))`);
}
