import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@kiyasla/contracts/ids';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@kiyasla/contracts/notification-settings';

/**
 * The one-click unsubscribe link of notification e-mails (RFC 8058): it names the user and the
 * topic and is signed with a key derived from JWT_SECRET, so it works without signing in and
 * cannot be forged for someone else. It does not expire: an unsubscribe link in an old e-mail
 * must keep working. All it can do is turn that topic's e-mail off.
 */

function key(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'kiyasla', 'kiyasla:unsubscribe:v1', 32));
}

function mac(jwtSecret: string, body: string): string {
  return createHmac('sha256', key(jwtSecret)).update(body).digest('base64url');
}

export function unsubscribeToken(jwtSecret: string, userId: string, topic: NotificationTopic): string {
  const body = `${userId}.${topic}`;
  return `${body}.${mac(jwtSecret, body)}`;
}

export function verifyUnsubscribeToken(
  jwtSecret: string,
  token: string,
): { userId: string; topic: NotificationTopic } | null {
  const [userId, topic, signature, ...rest] = token.split('.');
  if (!userId || !topic || !signature || rest.length > 0) return null;
  if (!isUuid(userId) || !(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
  const expected = Buffer.from(mac(jwtSecret, `${userId}.${topic}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, topic: topic as NotificationTopic };
}

export function unsubscribeUrl(publicUrl: string, jwtSecret: string, userId: string, topic: NotificationTopic): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(jwtSecret, userId, topic))}`;
}
