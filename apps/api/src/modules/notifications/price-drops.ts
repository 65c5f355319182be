import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { onDedupeConflict } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';
import { announceCountsOf } from './live/live-counts';
import { lowestInStockPricesOf } from '../feeds/import/price-change-event';

/**
 * Favorites' price drops (issue 13): when a product's lowest fresh in-stock price has fallen by at
 * least the threshold (the admin setting `features.priceDropThreshold`, percent, default 5) since
 * before the change, every user who has it among their favorites
 * and has not switched the `price_drop` topic off gets a `price_drop` notification — at most one
 * per product and user per day (Europe/Istanbul), whatever the number of changes, replays or
 * workers: the key `price-drop:<user>:<product>:<day>` is unique. The day is the one the price
 * changed on (its event's), not the one the change is evaluated on: an event redone after
 * midnight (a lease run out, a product retried alone) finds the key it wrote the day before.
 *
 * Like the alerts, the new price is the one committed now, not the one an event carried: a drop
 * already undone announces nothing. The fan-out is one statement for all products and users.
 */
export interface PriceDropInput {
  productId: string;
  /** The lowest in-stock price before the first change of this batch (kuruş); null when there was none. */
  lowestBefore: number | null;
  /** The day the price changed on, in Europe/Istanbul (`YYYY-MM-DD`): the day of the notification's key. */
  day: string;
}

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const formatTry = (kurus: number) => tryFormat.format(kurus / 100);

/**
 * Writes the drop notifications for falls of at least `thresholdPercent`; returns how many were
 * written (not counting ones already sent today).
 */
export async function notifyFavoritePriceDrops(
  tx: Transaction,
  inputs: readonly PriceDropInput[],
  thresholdPercent: number,
): Promise<number> {
  const priced = inputs.filter((i) => i.lowestBefore !== null && i.lowestBefore > 0);
  if (priced.length === 0) return 0;
  // The drops, with their products' names, in one statement. Only a favorited product can notify
  // anyone: its price is the only one worth reading (one probe of the favorites' product index
  // each, instead of aggregating every changed product's offers). In whole kuruş: a fall of
  // exactly the threshold counts.
  const drops = sqlRows<{ product_id: string; old_price: number; new_price: number; name: string }>(
    await tx.execute(sql`
      with favorited as (
        select c.product_id, c.before
          from unnest(${`{${priced.map((c) => c.productId).join(',')}}`}::uuid[],
                      ${`{${priced.map((c) => c.lowestBefore).join(',')}}`}::int[]) as c(product_id, before)
         where exists (select 1 from favorites f where f.product_id = c.product_id)
      ), now as (
        ${lowestInStockPricesOf(sql`select product_id from favorited`)}
      )
      select f.product_id, f.before as old_price, n.lowest as new_price, p.name
        from favorited f
        join now n on n.product_id = f.product_id
        join products p on p.id = f.product_id
       where (f.before - n.lowest)::numeric * 100 >= f.before::numeric * ${thresholdPercent}`),
  );
  if (drops.length === 0) return 0;
  const dayOf = new Map(priced.map((i) => [i.productId, i.day]));
  const rows = drops.map((d) => ({
    product_id: d.product_id,
    day: dayOf.get(d.product_id),
    old_price: Number(d.old_price),
    new_price: Number(d.new_price),
    message: `${d.name} ${formatTry(Number(d.old_price))} yerine artık ${formatTry(Number(d.new_price))}.`,
  }));
  // Each notification written is queued for its e-mail, push and SMS copies in the same statement;
  // the deliveries worker writes them (deliveries/schedule.ts writeQueuedDeliveries). Its users'
  // header counts are announced by the same statement.
  const [written] = sqlRows<{ n: number; messages: number }>(
    await tx.execute(sql`
      with inserted as (
        insert into notifications (user_id, type, title, message, data, dedupe_key)
        select f.user_id, 'price_drop', 'Favori ürününüzün fiyatı düştü', d.message,
               jsonb_build_object('productId', d.product_id, 'oldPrice', d.old_price, 'newPrice', d.new_price,
                                  'url', '/product/' || d.product_id),
               'price-drop:' || f.user_id || ':' || d.product_id || ':' || d.day
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as d(product_id uuid, day text, old_price int, new_price int, message text)
          join favorites f on f.product_id = d.product_id
          join users u on u.id = f.user_id and u.is_active and u.deleted_at is null
          left join notification_settings ns on ns.user_id = f.user_id
         where coalesce(ns.settings ->> 'price_drop', 'true') <> 'false'
         -- One order for every writer: two transactions writing keys of the same products (two
         -- consumers with events of one product) wait for each other's keys in the same order and
         -- never deadlock.
         order by d.product_id, f.user_id
        ${onDedupeConflict} do nothing
        returning id, user_id
      ), queued as (
        insert into notification_delivery_queue (notification_id) select id from inserted
      ), announced as (
        ${announceCountsOf(sql`inserted`)}
      )
      select (select count(*) from inserted)::int as n, (select count(*) from announced)::int as messages`),
  );
  return Number(written?.n ?? 0);
}
