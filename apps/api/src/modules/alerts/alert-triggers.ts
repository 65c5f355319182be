import { sql } from 'drizzle-orm';
import { messages } from '@kiyasla/contracts/messages';
import type { Transaction } from '../../db/client';
import { onDedupeConflict } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';
import { announceCountsOf } from '../notifications/live/live-counts';
import { watchedPrice } from './alerts.repo';

/**
 * Evaluating price alerts after a price change (issue 13, "Triggering — exactly once, never falsely").
 *
 * An armed alert (active, not triggered) fires when its watched price — the lowest fresh in-stock
 * price of its product, or of its store — is at or below its target ('below'), or at or above it
 * ('above'). An alert can only be armed while that does not hold (the §5 rule, enforced on create,
 * edit and switching on), so "holds now" on an armed alert is the crossing of the issue: from above
 * the target to at or below it. Evaluation reads the prices as they are now, never as an event
 * said they were: a price that dropped and came back before the event was processed notifies no
 * one, because what the notification would say is no longer true.
 *
 * Exactly once:
 * - the armed alerts of the products are locked (`for update`, in id order, so two evaluators never
 *   deadlock) and only those still armed after the lock are fired: a second evaluator that waited
 *   for the lock finds them triggered. They are locked and fired in rounds of FIRE_CHUNK, in id
 *   order (`fireAlerts`), so neither the ids nor the fired rows of a large fan-out are held at once;
 * - the alert's state, its notification and the notification's place in the delivery queue are
 *   written in the caller's transaction, so all commit or none;
 * - the notification's idempotency key is the alert id and the instant it was armed (one crossing
 *   per arming), inserted with ON CONFLICT DO NOTHING: even a path that got past the lock could not
 *   write a second one.
 *
 * Only the alerts of users who may have alerts fire (an active non-free plan, an active account
 * not being deleted); the others stay armed for when the plan is renewed. The in-app notification
 * is written unless the user switched the `price_target` topic off; the alert is triggered either way.
 */

export interface FiredAlert {
  alertId: string;
  userId: string;
  productId: string;
  storeId: string | null;
  targetPrice: number;
  triggeredPrice: number;
  triggerType: 'below' | 'above';
  /** Whether an in-app notification was written (false: the user's `price_target` topic is off, or a replay). */
  notified: boolean;
}

interface FiredRow {
  id: string;
  user_id: string;
  product_id: string;
  store_id: string | null;
  target_price: number;
  triggered_price: number;
  trigger_type: 'below' | 'above';
  price_at_creation: number | null;
  arming: string;
  product_name: string;
  topic_on: boolean;
}

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const formatTry = (kurus: number) => tryFormat.format(kurus / 100);

/** `price-alert:<alertId>:<armed_at in microseconds>`: one notification per arming of an alert. */
export function alertNotificationKey(alertId: string, arming: string): string {
  return `price-alert:${alertId}:${arming}`;
}

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Armed alerts locked and fired per round: what one round brings into this process (their ids,
 * the fired rows) and sends back (the notifications). The rounds of a call hold no more than this
 * however many alerts its products have (a sitewide sale, a product followed by 100,000 users).
 */
export const FIRE_CHUNK = 5_000;

export interface FireOptions {
  /** Alerts per round (default FIRE_CHUNK; tests give a few to make several rounds). */
  chunk?: number;
  /** Given each round's fired alerts, in id order. Without it none is built: only counted. */
  onFired?: (alerts: readonly FiredAlert[]) => void;
}

export interface FireCounts {
  /** Alerts triggered. */
  fired: number;
  /** Of them, those whose in-app notification was written. */
  notified: number;
}

/**
 * Fires the armed alerts of these products whose watched price has reached the target, and counts
 * them, a round of `chunk` at a time: a statement locks the next `chunk` armed alerts in id order
 * (FOR UPDATE, keyset after the last one locked), then a new statement fires those in a new snapshot
 * (the prices as committed after their locks) and writes their notifications. Every evaluator takes
 * its locks in ascending id order, across rounds as within one, so none waits for an alert below one
 * it holds and no two deadlock; an alert is fired only by the evaluator holding its lock, and one
 * that waited for it finds it triggered (the lock's recheck skips it, and the round takes the next).
 * Each round's lock reads the alerts as committed when it runs: one armed since the last round, with
 * a higher id, is evaluated too, against the prices now, as the next evaluation would have.
 */
export async function fireAlerts(
  tx: Transaction,
  productIds: readonly string[],
  opts: FireOptions = {},
): Promise<FireCounts> {
  const counts: FireCounts = { fired: 0, notified: 0 };
  if (productIds.length === 0) return counts;
  const chunk = Math.max(1, Math.floor(opts.chunk ?? FIRE_CHUNK));
  const products = uuidArray(productIds);
  let after: string | null = null;
  for (;;) {
    const locked: { id: string }[] = sqlRows<{ id: string }>(
      await tx.execute(sql`
        select id from price_alerts
         where product_id = any (${products}::uuid[]) and is_active and not triggered
           ${after === null ? sql`` : sql`and id > ${after}::uuid`}
         order by id
         limit ${chunk}
         for update`),
    );
    if (locked.length > 0) {
      const ids: string[] = locked.map((l) => l.id);
      const round = await fireLocked(tx, ids, opts.onFired);
      counts.fired += round.fired;
      counts.notified += round.notified;
      // The highest id locked (the rows come in id order; uuids compare as their lower-case text).
      after = ids.reduce((a, b) => (b > a ? b : a));
    }
    // Fewer than a round: none left (a row the lock's recheck skipped does not count toward it).
    if (locked.length < chunk) break;
  }
  return counts;
}

/**
 * Fires the armed alerts of these products whose watched price has reached the target, and returns
 * them all (tests, a handful of products). The consumer counts with `fireAlerts` instead.
 */
export async function triggerAlerts(
  tx: Transaction,
  productIds: readonly string[],
  opts: Pick<FireOptions, 'chunk'> = {},
): Promise<FiredAlert[]> {
  const all: FiredAlert[] = [];
  await fireAlerts(tx, productIds, {
    ...opts,
    onFired: (alerts) => {
      for (const a of alerts) all.push(a);
    },
  });
  return all;
}

/** One round: fires those of these locked alerts whose watched price reached the target, and notifies. */
async function fireLocked(
  tx: Transaction,
  lockedIds: readonly string[],
  onFired: FireOptions['onFired'],
): Promise<FireCounts> {
  // A new statement, so a new snapshot: the prices as committed now, after the locks were granted.
  // `materialized`: each alert's price is read once (inlined, the planner evaluated the subquery
  // twice, in the update's filter and for its value).
  const fired = sqlRows<FiredRow>(
    await tx.execute(sql`
      with watched as materialized (
        select a.id, ${watchedPrice('a')} as price
          from price_alerts a
         where a.id = any (${uuidArray(lockedIds)}::uuid[])
      ), fired as (
        update price_alerts a
           set triggered = true, triggered_at = now(), triggered_price = w.price, updated_at = now()
          from watched w, users u
         where a.id = w.id and u.id = a.user_id
           and a.is_active and not a.triggered
           and w.price is not null
           and ((a.trigger_type = 'below' and w.price <= a.target_price)
             or (a.trigger_type = 'above' and w.price >= a.target_price))
           and u.is_active and u.deleted_at is null
           and u.subscription_plan <> 'free' and u.subscription_status = 'active'
           and (u.subscription_end is null or u.subscription_end > now())
        returning a.id, a.user_id, a.product_id, a.store_id, a.target_price, a.triggered_price,
                  a.trigger_type, a.price_at_creation,
                  (extract(epoch from a.armed_at) * 1000000)::bigint::text as arming
      ), announced as (
        -- The header badges of these users: an alert less, maybe a notification more. Per round:
        -- a user with alerts in several rounds of one evaluation is signalled once in each (their
        -- open streams coalesce the signals; remembering who was signalled would grow with the
        -- fan-out, and finding them again in the table costs a scan of it every round).
        ${announceCountsOf(sql`fired`)}
      )
      select f.*, p.name as product_name,
             coalesce(ns.settings ->> 'price_target', 'true') <> 'false' as topic_on,
             (select count(*) from announced) as messages
        from fired f
        join products p on p.id = f.product_id
        left join notification_settings ns on ns.user_id = f.user_id
       order by f.id`),
  );
  if (fired.length === 0) return { fired: 0, notified: 0 };

  const m = messages.alerts;
  const toNotify = fired.filter((f) => f.topic_on);
  const rows = toNotify.map((f) => {
    const price = formatTry(Number(f.triggered_price));
    const target = formatTry(Number(f.target_price));
    return {
      user_id: f.user_id,
      title: m.triggeredTitle,
      message:
        f.trigger_type === 'below'
          ? m.triggeredBelow(f.product_name, price, target)
          : m.triggeredAbove(f.product_name, price, target),
      data: {
        productId: f.product_id,
        alertId: f.id,
        ...(f.store_id ? { storeId: f.store_id } : {}),
        oldPrice: f.price_at_creation === null ? null : Number(f.price_at_creation),
        newPrice: Number(f.triggered_price),
        targetPrice: Number(f.target_price),
        url: `/product/${f.product_id}`,
      },
      dedupe_key: alertNotificationKey(f.id, f.arming),
    };
  });
  const written = new Set<string>();
  if (rows.length > 0) {
    // Each notification written is queued for its e-mail, push and SMS copies in the same
    // statement; the deliveries worker writes them (modules/notifications/deliveries/schedule.ts).
    const inserted = sqlRows<{ id: string; dedupe_key: string }>(
      await tx.execute(sql`
        with inserted as (
          insert into notifications (user_id, type, title, message, data, dedupe_key)
          select x.user_id, 'price_alert', x.title, x.message, x.data, x.dedupe_key
            from json_to_recordset(${JSON.stringify(rows)}::json)
              as x(user_id uuid, title text, message text, data jsonb, dedupe_key text)
          ${onDedupeConflict} do nothing
          returning id, dedupe_key
        ), queued as (
          insert into notification_delivery_queue (notification_id) select id from inserted
        )
        select id, dedupe_key from inserted`),
    );
    for (const r of inserted) written.add(r.dedupe_key);
  }
  onFired?.(
    fired.map((f) => ({
      alertId: f.id,
      userId: f.user_id,
      productId: f.product_id,
      storeId: f.store_id,
      targetPrice: Number(f.target_price),
      triggeredPrice: Number(f.triggered_price),
      triggerType: f.trigger_type,
      notified: written.has(alertNotificationKey(f.id, f.arming)),
    })),
  );
  return { fired: fired.length, notified: written.size };
}
