import webpush from 'web-push';
import type { PushPayload } from '@kiyasla/contracts/push';
import type { VapidConfig } from '../../config';
import type { Database } from '../../db/client';
import { productImageUrl } from '../notifications/deliveries/email-sender';
import type { ChannelSender } from '../notifications/deliveries/types';
import { markDelivered, removeDeadSubscription, subscriptionsOf, type StoredSubscription } from './push.repo';

export interface PushSenderDeps {
  db: Database;
  vapid: VapidConfig;
  publicUrl: string;
  /** Milliseconds before a push service that does not answer counts as down. */
  timeoutMs?: number;
}

/** A day: a phone that is off for longer gets the notification in-app, not as a stale push. */
const PUSH_TTL_SECONDS = 86_400;

/**
 * Encrypts (aes128gcm) and signs (VAPID) with `web-push`, then POSTs with fetch: web-push's own
 * sender speaks https only, which local stand-ins do not. Returns the push service's status.
 */
async function send(
  sub: StoredSubscription,
  payload: PushPayload,
  deps: PushSenderDeps,
  urgency: 'high' | 'normal',
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    { vapidDetails: deps.vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ?? null,
    redirect: 'error',
    signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * Web Push copies of notifications: to every browser the user subscribed (the
 * PUSH_SUBSCRIPTIONS_PER_USER reached most recently), at once, encrypted (aes128gcm) and signed
 * with the server's VAPID key by `web-push`. All at once, so a send takes one push service's
 * timeout at most however many browsers there are: it stays well inside the delivery's lease
 * (jobs/notification-deliveries.ts). A subscription the push service no longer knows (404, 410)
 * is removed. The delivery counts as sent when at least one browser took it; when none did and
 * some failed for another reason, it is retried later.
 */
export function pushSender(deps: PushSenderDeps): ChannelSender {
  return async (target) => {
    const subs = await subscriptionsOf(deps.db, target.user.id);
    if (subs.length === 0) return { status: 'skipped', reason: 'no push subscription' };
    const url = target.product ? `/product/${target.product.id}` : '/notifications';
    const icon = productImageUrl(deps.publicUrl, target.product);
    const payload: PushPayload = {
      title: target.notification.title,
      body: target.notification.message,
      url,
      tag: `notification-${target.notification.id}`,
      ...(icon ? { icon } : {}),
    };
    const urgency = target.notification.type === 'price_alert' ? 'high' : 'normal';
    let delivered = 0;
    let lastError: unknown = null;
    await Promise.all(
      subs.map(async (sub) => {
        try {
          const status = await send(sub, payload, deps, urgency);
          if (status === 404 || status === 410) {
            await removeDeadSubscription(deps.db, sub.id);
          } else if (status >= 200 && status < 300) {
            delivered++;
            await markDelivered(deps.db, sub.id);
          } else {
            lastError = new Error(`push service answered ${status}`);
          }
        } catch (err) {
          lastError = err;
        }
      }),
    );
    if (delivered > 0) return { status: 'sent' };
    if (lastError) throw lastError instanceof Error ? lastError : new Error(String(lastError));
    return { status: 'skipped', reason: 'every push subscription had expired' };
  };
}
