import { sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  mergeNotificationSettings,
  TOPIC_CHANNEL_KEYS,
  type NotificationSettings,
  type NotificationTopic,
} from '@kiyasla/contracts/notification-settings';
import type { Database, Transaction } from '../../../db/client';
import type { DeliveryChannel } from '../../../db/schema/notification-deliveries';
import { sqlRows } from '../../../lib/sql-rows';

/**
 * Which channels a notification goes out on, and when (issue 13, "Delivery channels").
 *
 * Two ways in: a writer of a few notifications calls `scheduleDeliveries` in its transaction; the
 * price-change consumer, which writes thousands at once, queues them instead
 * (`notification_delivery_queue`, one narrow row each, inserted by the statement that writes them) and the deliveries worker writes
 * their deliveries (`writeQueuedDeliveries`) in the transaction that takes them off the queue.
 * Either way the rows and rules are the same, and `(notification_id, channel)` is unique.
 *
 * The in-app notification is the row in `notifications` itself, stored at once. For the other
 * channels the user's settings decide: the notification's topic must be on, and the topic's
 * channel object says push / email / sms; the profile's quick "E-posta bildirimleri" switch turns
 * every notification e-mail off. With do-not-disturb on nothing goes out beyond the in-app record.
 * Within the quiet hours (Europe/Istanbul) a delivery waits until they end.
 */

/** The settings topic each notification type belongs to. */
export const TYPE_TOPIC = {
  price_alert: 'price_target',
  price_drop: 'price_drop',
  system: 'system_updates',
  promotion: 'promotions',
} as const satisfies Record<string, NotificationTopic>;
export type NotificationKind = keyof typeof TYPE_TOPIC;

export const DELIVERY_TIME_ZONE = 'Europe/Istanbul';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: DELIVERY_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * When the quiet hours around `now` end, or null when `now` is not within them. `start` is
 * inclusive, `end` exclusive; a window whose start is after its end runs over midnight
 * (22:00–08:00); equal start and end means no quiet hours.
 */
export function quietHoursEnd(now: Date, quiet: { start: string; end: string }): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const untilEnd = (end - minute + 1440) % 1440;
  const startOfMinute = now.getTime() - Number(parts.second) * 1000 - now.getUTCMilliseconds();
  return new Date(startOfMinute + untilEnd * 60_000);
}

/** The channels beyond in-app this user wants for this topic. */
export function channelsFor(settings: NotificationSettings, topic: NotificationTopic): DeliveryChannel[] {
  if (!settings[topic] || settings.doNotDisturb) return [];
  const channels = settings[TOPIC_CHANNEL_KEYS[topic]];
  const out: DeliveryChannel[] = [];
  if (channels.email && settings.email) out.push('email');
  if (channels.push) out.push('push');
  if (channels.sms) out.push('sms');
  return out;
}

/** The stored document over the defaults (§9). */
export function effectiveSettings(stored: Record<string, unknown> | null | undefined): NotificationSettings {
  return stored ? mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, stored) : DEFAULT_NOTIFICATION_SETTINGS;
}

/**
 * Takes up to `limit` notifications off the delivery queue (oldest first, FOR UPDATE SKIP LOCKED,
 * so workers on several instances take different ones) and writes their deliveries in the same
 * transaction: a queued notification gets its deliveries exactly once. The user's settings and
 * quiet hours are those at `now`, seconds after the notification in normal running; a user who
 * switched a channel off in between is obeyed. Returns how many were taken and written.
 */
export async function writeQueuedDeliveries(
  db: Database,
  limit = 1_000,
  now: Date = new Date(),
): Promise<{ taken: number; written: number }> {
  return db.transaction(async (tx) => {
    const taken = sqlRows<{ notification_id: string }>(
      await tx.execute(sql`
        delete from notification_delivery_queue q
         using (select notification_id from notification_delivery_queue
                 order by queued_at limit ${limit} for update skip locked) t
         where q.notification_id = t.notification_id
        returning q.notification_id`),
    );
    if (taken.length === 0) return { taken: 0, written: 0 };
    const written = await scheduleDeliveries(
      tx,
      taken.map((t) => t.notification_id),
      now,
    );
    return { taken: taken.length, written };
  });
}

/**
 * Writes the channel deliveries of these notifications, in the caller's transaction (the one
 * that wrote the notifications). Set-based: one read of the notifications with their owners'
 * settings, one insert. `(notification_id, channel)` is unique, so calling it twice for the same
 * notification writes nothing more. Returns how many deliveries were written.
 */
export async function scheduleDeliveries(
  tx: Transaction | Database,
  notificationIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const notes = sqlRows<{ id: string; user_id: string; type: string; settings: Record<string, unknown> | null }>(
    await tx.execute(sql`
      select n.id, n.user_id, n.type::text as type, ns.settings
        from notifications n
        left join notification_settings ns on ns.user_id = n.user_id
       where n.id = any (${`{${notificationIds.join(',')}}`}::uuid[])`),
  );
  const rows = notes.flatMap((n) => {
    const topic = TYPE_TOPIC[n.type as NotificationKind];
    if (!topic) return [];
    const settings = effectiveSettings(n.settings);
    const at = (quietHoursEnd(now, settings.quietHours) ?? now).toISOString();
    return channelsFor(settings, topic).map((channel) => ({
      notification_id: n.id,
      user_id: n.user_id,
      channel,
      next_attempt_at: at,
    }));
  });
  if (rows.length === 0) return 0;
  const inserted = sqlRows(
    await tx.execute(sql`
      insert into notification_deliveries (notification_id, user_id, channel, next_attempt_at)
      select d.notification_id, d.user_id, d.channel::delivery_channel, d.next_attempt_at
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as d(notification_id uuid, user_id uuid, channel text, next_attempt_at timestamptz)
      on conflict (notification_id, channel) do nothing
      returning id`),
  );
  return inserted.length;
}
