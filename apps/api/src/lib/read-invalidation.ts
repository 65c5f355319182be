import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { invalidateProductReads, invalidatePublicReads } from './public-read-cache';

/**
 * The cross-process side of the public read caches (ADR 010): a writer announces what changed
 * with `pg_notify` on this channel inside its own transaction, so PostgreSQL delivers the message
 * to every listening API instance at the commit and never on a rollback. Each instance applies it
 * to its caches (read-invalidation-listener.ts). The writer's own process also clears its caches
 * at once, as before, and again when its own message comes back after the commit.
 */
export const READ_INVALIDATION_CHANNEL = 'kiyasla_reads';

/** PostgreSQL refuses a payload of 8,000 bytes or more (the default build). */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

export type ReadChange =
  | { kind: 'products'; productIds: readonly string[] }
  | { kind: 'everything' }
  /** Accounts whose role, active flag or sessions changed: every instance forgets their cached sessions. */
  | { kind: 'users'; userIds: readonly string[] }
  /** The admin system settings changed: every instance rereads them. */
  | { kind: 'settings' };

/**
 * Not a message: what a listener applies when its LISTEN is (re)established, because anything
 * sent while it was down is lost. Subscribers forget all they keep.
 */
export type ReadReset = { kind: 'reset' };

export const EVERYTHING: ReadChange = { kind: 'everything' };

const EVERYTHING_PAYLOAD = 'all';
const PRODUCTS_PREFIX = 'products:';
const USERS_PREFIX = 'users:';
const SETTINGS_PAYLOAD = 'settings';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `products:<id>,<id>,…` while the ids fit in one payload (about 215 of them), otherwise `all`:
 * a batch that large empties every listing anyway, and losing the per-product pages as well
 * costs less than a train of messages each receiver must apply.
 */
export function encodeReadChange(change: ReadChange): string {
  if (change.kind === 'everything') return EVERYTHING_PAYLOAD;
  if (change.kind === 'settings') return SETTINGS_PAYLOAD;
  const [prefix, list] =
    change.kind === 'users' ? [USERS_PREFIX, change.userIds] : [PRODUCTS_PREFIX, change.productIds];
  const ids = [...new Set(list.map((id) => id.toLowerCase()))];
  const payload = prefix + ids.join(',');
  return Buffer.byteLength(payload) <= MAX_NOTIFY_PAYLOAD_BYTES ? payload : EVERYTHING_PAYLOAD;
}

/** Anything this version does not understand clears everything: a cache must never outlive a change. */
export function decodeReadChange(payload: string): ReadChange {
  if (payload === SETTINGS_PAYLOAD) return { kind: 'settings' };
  const prefix = [PRODUCTS_PREFIX, USERS_PREFIX].find((p) => payload.startsWith(p));
  if (!prefix) return EVERYTHING;
  const ids = payload.slice(prefix.length).split(',');
  if (!ids.every((id) => UUID.test(id))) return EVERYTHING;
  return prefix === USERS_PREFIX ? { kind: 'users', userIds: ids } : { kind: 'products', productIds: ids };
}

type Subscriber = (change: ReadChange | ReadReset) => void;
const subscribers = new Set<Subscriber>();

/**
 * Caches outside the catalog (the session cache, the settings) hear every change here; they
 * act on their own kinds and on `reset`. Returns the unsubscribe function.
 */
export function subscribeReadChanges(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  return () => void subscribers.delete(subscriber);
}

/** Applies a change to this process's caches. */
export function applyReadChange(change: ReadChange | ReadReset): void {
  if (change.kind === 'everything' || change.kind === 'reset') invalidatePublicReads();
  else if (change.kind === 'products') invalidateProductReads(change.productIds);
  for (const subscriber of subscribers) subscriber(change);
}

/** Every cache of this process forgets what it keeps (a LISTEN was just established). */
export function resetReadCaches(): void {
  applyReadChange({ kind: 'reset' });
}

/**
 * Announces a catalog change: clears this process's caches now and sends the change to every
 * other process. Call it with the transaction that makes the change (the message then leaves
 * with the commit, or never), or with the database right after a change outside a transaction.
 * A caller in a transaction still clears its own caches again after the commit
 * (`applyReadChange`), so that not even the moments before its own message returns serve the
 * old rows.
 */
export async function announceReadChange(db: Database | Transaction, change: ReadChange): Promise<void> {
  if (change.kind === 'products' && change.productIds.length === 0) return;
  if (change.kind === 'users' && change.userIds.length === 0) return;
  applyReadChange(change);
  await db.execute(sql`select pg_notify(${READ_INVALIDATION_CHANNEL}, ${encodeReadChange(change)})`);
}
