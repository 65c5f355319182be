import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { onDedupeConflict } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';
import { announceCountsChanged } from './live/live-counts';
import { lowestInStockPrices } from '../feeds/import/price-change-event';

/**
 * Favorites' price drops (issue 13): when a product's lowest fresh in-stock price has fallen by at
 * least the threshold (the admin setting `features.priceDropThreshold`, percent, default 5) since
 * before the change, every user who has it among their favorites
 * and has not switched the `price_drop` topic off gets a `price_drop` notification — at most one
 * per product and user per day (Europe/Istanbul), whatever the number of changes, replays or
 * workers: the key `price-drop:<user>:<product>:<day>` is unique.
 *
 * Like the alerts, the new price is the one committed now, not the one an event carried: a drop
 * already undone announces nothing. The fan-out is one statement for all products and users.
 */
export interface PriceDropInput {
  productId: string;
  /** The lowest in-stock price before the first change of this batch (kuruş); null when there was none. */
  lowestBefore: number | null;
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
  // Only a favorited product can notify anyone: its price is the only one worth reading (one
  // probe of the favorites' product index each, instead of aggregating every changed product's offers).
  const favorited = new Set(
    sqlRows<{ product_id: string }>(
      await tx.execute(sql`
        select p.id as product_id from unnest(${`{${priced.map((c) => c.productId).join(',')}}`}::uuid[]) as p(id)
         where exists (select 1 from favorites f where f.product_id = p.id)`),
    ).map((r) => r.product_id),
  );
  const candidates = priced.filter((c) => favorited.has(c.productId));
  if (candidates.length === 0) return 0;
  const now = await lowestInStockPrices(
    tx,
    candidates.map((c) => c.productId),
  );
  const drops = candidates.flatMap((c) => {
    const after = now.get(c.productId);
    const before = c.lowestBefore!;
    // In whole kuruş and integer percent: a fall of exactly the threshold counts.
    return after !== undefined && (before - after) * 100 >= before * thresholdPercent
      ? [{ product_id: c.productId, old_price: before, new_price: after }]
      : [];
  });
  if (drops.length === 0) return 0;

  const names = new Map(
    sqlRows<{ id: string; name: string }>(
      await tx.execute(
        sql`select id, name from products where id = any (${`{${drops.map((d) => d.product_id).join(',')}}`}::uuid[])`,
      ),
    ).map((p) => [p.id, p.name]),
  );
  const rows = drops
    .filter((d) => names.has(d.product_id))
    .map((d) => ({
      ...d,
      message: `${names.get(d.product_id)} ${formatTry(d.old_price)} yerine artık ${formatTry(d.new_price)}.`,
    }));
  // Each notification written is queued for its e-mail, push and SMS copies in the same statement;
  // the deliveries worker writes them (deliveries/schedule.ts writeQueuedDeliveries).
  const inserted = sqlRows<{ id: string; user_id: string }>(
    await tx.execute(sql`
      with inserted as (
        insert into notifications (user_id, type, title, message, data, dedupe_key)
        select f.user_id, 'price_drop', 'Favori ürününüzün fiyatı düştü', d.message,
               jsonb_build_object('productId', d.product_id, 'oldPrice', d.old_price, 'newPrice', d.new_price,
                                  'url', '/product/' || d.product_id),
               'price-drop:' || f.user_id || ':' || d.product_id || ':'
                 || to_char(now() at time zone 'Europe/Istanbul', 'YYYY-MM-DD')
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as d(product_id uuid, old_price int, new_price int, message text)
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
      )
      select id, user_id from inserted`),
  );
  await announceCountsChanged(
    tx,
    inserted.map((r) => r.user_id),
  );
  return inserted.length;
}
