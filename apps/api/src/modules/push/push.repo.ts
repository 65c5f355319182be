import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { sqlRows } from '../../lib/sql-rows';

type Db = Database | Transaction;

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores the browser's subscription for this user; a browser re-subscribing under another account moves to it. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  sub: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
    values (${userId}::uuid, ${sub.endpoint}, ${sub.p256dh}, ${sub.auth}, ${sub.userAgent})
    on conflict (endpoint) do update
       set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
           user_agent = excluded.user_agent`);
}

/** Removes one of the user's subscriptions; false when the user has none at that endpoint. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(
      sql`delete from push_subscriptions where user_id = ${userId}::uuid and endpoint = ${endpoint} returning id`,
    ),
  );
  return rows.length > 0;
}

/** The browsers a notification goes to at most: a person's phones, tablets and computers. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The user's subscriptions a notification is pushed to: the ones reached (or subscribed) most recently. */
export async function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
  return sqlRows<StoredSubscription>(
    await db.execute(
      sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId}::uuid
           order by coalesce(last_success_at, created_at) desc, id
           limit ${PUSH_SUBSCRIPTIONS_PER_USER}`,
    ),
  );
}

export async function removeDeadSubscription(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${id}::uuid`);
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db.execute(sql`update push_subscriptions set last_success_at = now() where id = ${id}::uuid`);
}
