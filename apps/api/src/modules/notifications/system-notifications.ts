import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SystemNotificationAudience } from '@kiyasla/contracts/admin-notifications';
import type { Database } from '../../db/client';
import { onDedupeConflict } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';
import { recordAudit, type AuditActor } from '../admin/audit/audit.service';
import { scheduleDeliveries } from './deliveries/schedule';
import { announceCountsChanged } from './live/live-counts';

/** Users per batch: one insert … select and one deliveries insert each. */
export const SYSTEM_NOTIFICATION_BATCH = 5_000;

/**
 * A `system` notification from the back office to every active user or to one role. Written in
 * batches of users (keyset by id), each batch one set-based insert and its channel deliveries
 * (the `system_updates` topic decides e-mail / push / SMS) in one transaction. Every row carries
 * the key `system:<send id>:<user>`, so a batch retried after a failure writes no duplicates.
 * The send is audit-logged like every admin write.
 */
export async function sendSystemNotification(
  db: Database,
  actor: AuditActor,
  input: { title: string; message: string; audience: SystemNotificationAudience },
  opts: { batch?: number } = {},
): Promise<{ sendId: string; recipients: number }> {
  const sendId = randomUUID();
  const batch = opts.batch ?? SYSTEM_NOTIFICATION_BATCH;
  const role = input.audience === 'all' ? null : input.audience;
  let after = '00000000-0000-0000-0000-000000000000';
  let recipients = 0;
  for (;;) {
    const written = await db.transaction(async (tx) => {
      const rows = sqlRows<{ id: string; user_id: string }>(
        await tx.execute(sql`
          with page as (
            select id from users
             where id > ${after}::uuid and is_active and deleted_at is null
               ${role ? sql`and role = ${role}::user_role` : sql``}
             order by id limit ${batch}
          )
          insert into notifications (user_id, type, title, message, data, dedupe_key)
          select page.id, 'system', ${input.title}, ${input.message},
                 jsonb_build_object('sendId', ${sendId}::text, 'url', '/notifications'),
                 'system:' || ${sendId}::text || ':' || page.id
            from page
          ${onDedupeConflict} do nothing
          returning id, user_id`),
      );
      await scheduleDeliveries(
        tx,
        rows.map((r) => r.id),
      );
      await announceCountsChanged(
        tx,
        rows.map((r) => r.user_id),
      );
      return rows;
    });
    if (written.length === 0) break;
    recipients += written.length;
    after = written.reduce((max, r) => (r.user_id > max ? r.user_id : max), after);
    if (written.length < batch) break;
  }
  await recordAudit(db, actor, {
    action: 'notification.send',
    entityType: 'notification',
    entityId: sendId,
    after: { title: input.title, message: input.message, audience: input.audience, recipients },
  });
  return { sendId, recipients };
}
