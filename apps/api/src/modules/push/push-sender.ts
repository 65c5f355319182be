import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushPayload } from '@kiyasla/contracts/push';
import type { VapidConfig } from '../../config';
import type { Database } from '../../db/client';
import { mayConnect, parseFetchAllowList, type FetchAllowList } from '../feeds/fetch/address-policy';
import { guardedLookup, systemResolve, type ResolveHost } from '../feeds/fetch/guarded-lookup';
import { productImageUrl } from '../notifications/deliveries/email-sender';
import type { ChannelSender } from '../notifications/deliveries/types';
import { endpointHost, endpointPort, pushEndpointProblem } from './push-endpoint';
import { markDelivered, removeDeadSubscription, subscriptionsOf, type StoredSubscription } from './push.repo';

export interface PushSenderDeps {
  db: Database;
  vapid: VapidConfig;
  publicUrl: string;
  /** Where a refused endpoint is reported (warn). */
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** PUSH_FETCH_ALLOW entries: push services that may be private, loopback, http or on another port. */
  allow?: readonly string[];
  /** Milliseconds before a push service that does not answer counts as down. */
  timeoutMs?: number;
  /** Default: the system resolver (dns.lookup). Tests give names addresses without DNS. */
  resolve?: ResolveHost;
}

/** A day: a phone that is off for longer gets the notification in-app, not as a stale push. */
const PUSH_TTL_SECONDS = 86_400;

/**
 * An endpoint the server will not POST to: its spelling (push-endpoint.ts; rows saved before the
 * check, or under an allow-list since changed) or the address its name resolved to. Nothing was
 * sent; the subscription is removed like one the push service says is gone.
 */
export class PushEndpointRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`push endpoint refused: ${reason}`);
  }
}

/** The endpoint's host for the log: not the whole URL, whose path is the subscription's secret. */
function endpointHostOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}

/**
 * Encrypts (aes128gcm) and signs (VAPID) with `web-push`, then POSTs with node's http(s) client
 * through the guarded lookup (web-push's own sender and global fetch take no `lookup`, so their
 * connection could go wherever DNS says). http only reaches an allow-listed stand-in: the
 * endpoint check refuses it otherwise. No redirect is followed; the answer's status is returned
 * as soon as it arrives.
 */
async function send(
  sub: StoredSubscription,
  payload: PushPayload,
  deps: PushSenderDeps,
  allow: FetchAllowList,
  urgency: 'high' | 'normal',
): Promise<number> {
  const problem = pushEndpointProblem(sub.endpoint, allow);
  if (problem) throw new PushEndpointRefusedError(problem);
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    { vapidDetails: deps.vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency },
  );
  const url = new URL(request.endpoint);
  const host = endpointHost(url);
  const port = endpointPort(url);
  // Node connects to an address literal without calling `lookup`: judge it here.
  if (isIP(host) !== 0 && !mayConnect({ host, port, address: host }, allow)) {
    throw new PushEndpointRefusedError(`address ${host}`);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolveStatus, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: false,
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        lookup: guardedLookup(
          host,
          port,
          allow,
          deps.resolve ?? systemResolve,
          (hostname, address) => new PushEndpointRefusedError(`${hostname} resolves to ${address}`),
        ),
      },
      (res) => {
        res.on('error', () => undefined);
        res.destroy();
        resolveStatus(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}

/**
 * Web Push copies of notifications: to every browser the user subscribed (the
 * PUSH_SUBSCRIPTIONS_PER_USER reached most recently), at once, encrypted (aes128gcm) and signed
 * with the server's VAPID key by `web-push`. All at once, so a send takes one push service's
 * timeout at most however many browsers there are: it stays well inside the delivery's lease
 * (jobs/notification-deliveries.ts). A subscription the push service no longer knows (404, 410)
 * is removed, and so is one whose endpoint is refused before anything is sent (not a public
 * https push service, or its name resolves to a private address: PushEndpointRefusedError). The delivery counts as sent when at least one browser took it; when none did and
 * some failed for another reason, it is retried later.
 */
export function pushSender(deps: PushSenderDeps): ChannelSender {
  const allow = parseFetchAllowList(deps.allow ?? []);
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
          const status = await send(sub, payload, deps, allow, urgency);
          if (status === 404 || status === 410) {
            await removeDeadSubscription(deps.db, sub.id);
          } else if (status >= 200 && status < 300) {
            delivered++;
            await markDelivered(deps.db, sub.id);
          } else {
            lastError = new Error(`push service answered ${status}`);
          }
        } catch (err) {
          if (!(err instanceof PushEndpointRefusedError)) {
            lastError = err;
            return;
          }
          // Retrying cannot make it a public push service: dropped like a gone subscription.
          deps.log.warn(
            { subscriptionId: sub.id, userId: target.user.id, host: endpointHostOf(sub.endpoint), reason: err.reason },
            'Web Push endpoint refused (not a public push service): subscription removed',
          );
          await removeDeadSubscription(deps.db, sub.id).catch((removal: unknown) => {
            lastError = removal;
          });
        }
      }),
    );
    if (delivered > 0) return { status: 'sent' };
    if (lastError) throw lastError instanceof Error ? lastError : new Error(String(lastError));
    return { status: 'skipped', reason: 'every push subscription had expired or was refused' };
  };
}
