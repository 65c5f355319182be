import { sql } from 'drizzle-orm';
import {
  ADMIN_NOTIFICATION_ERROR_CODES,
  adminNotificationMessages,
  type SystemNotificationAudience,
} from '@kiyasla/contracts/admin-notifications';
import type { Database, Transaction } from '../../db/client';
import { onDedupeConflict } from '../../db/schema/notifications';
import { AppError } from '../../lib/errors';
import { sqlRows } from '../../lib/sql-rows';
import { recordAudit, type AuditActor } from '../admin/audit/audit.service';
import { scheduleDeliveries } from './deliveries/schedule';
import { announceCountsChanged } from './live/live-counts';

/** Users per batch: one insert … select and one deliveries insert each. */
export const SYSTEM_NOTIFICATION_BATCH = 5_000;

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export interface SystemNotificationSend {
  /** The client's idempotency key (a lower-case UUID): the send's id. */
  sendId: string;
  title: string;
  message: string;
  audience: SystemNotificationAudience;
}

export interface SystemNotificationOutcome {
  sendId: string;
  recipients: number;
}

/**
 * A `system` notification from the back office to every active user or to one role, exactly once
 * per recipient however often the request is repeated (ADR 017's rule for every path that notifies).
 *
 * The send is named by the client's idempotency key, and every row carries the key
 * `system:<send id>:<user>`, so the notifications' unique key lets no recipient get a second one.
 * Users are walked in batches by id, each batch one transaction: its notifications, their channel
 * deliveries (the `system_updates` topic decides e-mail / push / SMS) and the header counts. A
 * batch counts the recipients that already hold the send's notification and writes the rest, so
 * a request repeated after a failure resumes where the first stopped and the deliveries go out
 * once, with the new rows only. The audit entry is written once, after the last batch, and records
 * the outcome: a request for a send that has it answers from it without walking the users again.
 *
 * Requests of one send take turns batch by batch on a transaction-scoped advisory lock, so a
 * batch sees what a parallel request of the same send committed, and both count the same recipients.
 */
export async function sendSystemNotification(
  db: Database,
  actor: AuditActor,
  send: SystemNotificationSend,
  opts: { batch?: number } = {},
): Promise<SystemNotificationOutcome> {
  const done = await completedSend(db, send);
  if (done) return done;

  const batch = opts.batch ?? SYSTEM_NOTIFICATION_BATCH;
  let after = FIRST_ID;
  let recipients = 0;
  for (;;) {
    const page = await db.transaction(async (tx) => {
      await lockSend(tx, send.sendId);
      return writeBatch(tx, send, after, batch);
    });
    recipients += page.recipients;
    if (page.last === null || page.users < batch) break;
    after = page.last;
  }

  return db.transaction(async (tx) => {
    await lockSend(tx, send.sendId);
    const earlier = await completedSend(tx, send);
    if (earlier) return earlier;
    await recordAudit(tx, actor, {
      action: 'notification.send',
      entityType: 'notification',
      entityId: send.sendId,
      after: { title: send.title, message: send.message, audience: send.audience, recipients },
    });
    return { sendId: send.sendId, recipients };
  });
}

async function lockSend(tx: Transaction, sendId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`system-notification:${sendId}`}, 0))`);
}

const reusedKey = () =>
  new AppError(422, ADMIN_NOTIFICATION_ERROR_CODES.keyReused, adminNotificationMessages.idempotencyKeyReused);

/** The outcome of the send when it has finished (its audit entry), else null. */
async function completedSend(
  db: Database | Transaction,
  send: SystemNotificationSend,
): Promise<SystemNotificationOutcome | null> {
  const [entry] = sqlRows<{ after: { title?: unknown; message?: unknown; audience?: unknown; recipients?: unknown } }>(
    await db.execute(sql`
      select after from admin_audit_log
       where entity_type = 'notification' and entity_id = ${send.sendId} and action = 'notification.send'
       order by created_at limit 1`),
  );
  if (!entry) return null;
  const { title, message, audience, recipients } = entry.after;
  if (title !== send.title || message !== send.message || audience !== send.audience) throw reusedKey();
  return { sendId: send.sendId, recipients: Number(recipients) };
}

/**
 * One batch of the audience after the user id `after`: its recipients (those notified by an
 * earlier request of the send and those notified now), its size and last user id.
 */
async function writeBatch(
  tx: Transaction,
  send: SystemNotificationSend,
  after: string,
  batch: number,
): Promise<{ users: number; last: string | null; recipients: number }> {
  const role = send.audience === 'all' ? null : send.audience;
  // `earlier` and `written` read the same snapshot: a conflicting key is one or the other, never both.
  const [result] = sqlRows<{
    users: number;
    last: string | null;
    earlier: number;
    foreign: number;
    written: { id: string; userId: string }[];
  }>(
    await tx.execute(sql`
      with page as (
        select id from users
         where id > ${after}::uuid and is_active and deleted_at is null
           ${role ? sql`and role = ${role}::user_role` : sql``}
         order by id limit ${batch}
      ), keyed as (
        select id as user_id, 'system:' || ${send.sendId}::text || ':' || id as dedupe_key from page
      ), earlier as (
        select n.title, n.message, n.data ->> 'audience' as audience
          from keyed k join notifications n on md5(n.dedupe_key)::uuid = md5(k.dedupe_key)::uuid
      ), written as (
        insert into notifications (user_id, type, title, message, data, dedupe_key)
        select k.user_id, 'system', ${send.title}, ${send.message},
               jsonb_build_object('sendId', ${send.sendId}::text, 'audience', ${send.audience}::text,
                                  'url', '/notifications'),
               k.dedupe_key
          from keyed k
        ${onDedupeConflict} do nothing
        returning id, user_id
      )
      select (select count(*)::int from page) as users,
             (select id::text from page order by id desc limit 1) as last,
             (select count(*)::int from earlier) as earlier,
             (select count(*)::int from earlier
               where title is distinct from ${send.title} or message is distinct from ${send.message}
                  or audience is distinct from ${send.audience}::text) as foreign,
             coalesce((select json_agg(json_build_object('id', id, 'userId', user_id)) from written), '[]'::json)
               as written`),
  );
  if (!result) throw new Error('system notification batch returned no row');
  // The key names a send of another message: roll this batch back rather than mix the two.
  if (result.foreign > 0) throw reusedKey();
  await scheduleDeliveries(
    tx,
    result.written.map((r) => r.id),
  );
  await announceCountsChanged(
    tx,
    result.written.map((r) => r.userId),
  );
  return { users: result.users, last: result.last, recipients: result.earlier + result.written.length };
}
