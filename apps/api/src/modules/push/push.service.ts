import { isIP } from 'node:net';
import { PUSH_ERROR_CODES, pushMessages, type PushSubscriptionInput } from '@kiyasla/contracts/push';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { deleteSubscription, upsertSubscription } from './push.repo';

export interface PushDeps {
  db: Database;
  /** 'production' accepts only public https push services. */
  env: 'development' | 'production' | 'test';
}

/**
 * The server POSTs to the endpoint a browser gives it, so an endpoint is a server-side request on
 * the user's behalf: only https to a named host (the push services: FCM, Mozilla autopush,
 * Windows, Apple) is accepted. Outside production a loopback endpoint is allowed too, for local
 * stand-ins.
 */
export function pushEndpointAllowed(endpoint: string, env: PushDeps['env']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (env !== 'production' && url.protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost')) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (
    isIP(host) !== 0 ||
    host === 'localhost' ||
    !host.includes('.') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return false;
  return true;
}

export async function subscribe(
  deps: PushDeps,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  if (!pushEndpointAllowed(input.endpoint, deps.env)) {
    throw badRequest(PUSH_ERROR_CODES.endpointRefused, pushMessages.endpointRefused);
  }
  await upsertSubscription(deps.db, userId, {
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}

export async function unsubscribe(deps: PushDeps, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(deps.db, userId, endpoint))) {
    throw notFound(PUSH_ERROR_CODES.notFound, pushMessages.notFound);
  }
}
