import { PUSH_ERROR_CODES, pushMessages, type PushSubscriptionInput } from '@kiyasla/contracts/push';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { FetchAllowList } from '../feeds/fetch/address-policy';
import { pushEndpointAllowed } from './push-endpoint';
import { deleteSubscription, upsertSubscription } from './push.repo';

export interface PushDeps {
  db: Database;
  /** PUSH_FETCH_ALLOW: push services that may be private, loopback, http or on another port. */
  allow: FetchAllowList;
}

export async function subscribe(
  deps: PushDeps,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  if (!pushEndpointAllowed(input.endpoint, deps.allow)) {
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
