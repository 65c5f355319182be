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
  /**
   * These products' offers or prices changed (nothing else of them: an edit of a product's
   * name, brand, category or specifications announces `everything`). `categoryIds`: their
   * categories and subcategories, which narrows what a receiver drops (ADR 010).
   */
  | { kind: 'products'; productIds: readonly string[]; categoryIds?: readonly string[] }
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
const CATEGORIES_SEPARATOR = '|';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `products:<id>,<id>,…|<category id>,…` while the ids and their categories fit in one payload
 * (about 200 products), `products:<id>,…` without the categories when only the ids fit (about
 * 215), otherwise `all`: a batch that large empties most listings anyway, and losing the
 * per-product pages as well costs less than a train of messages each receiver must apply. A
 * receiver older than the categories reads the `|` as a malformed id, which means `all`.
 */
export function encodeReadChange(change: ReadChange): string {
  if (change.kind === 'everything') return EVERYTHING_PAYLOAD;
  if (change.kind === 'settings') return SETTINGS_PAYLOAD;
  const [prefix, list] =
    change.kind === 'users' ? [USERS_PREFIX, change.userIds] : [PRODUCTS_PREFIX, change.productIds];
  const ids = [...new Set(list.map((id) => id.toLowerCase()))];
  const payload = prefix + ids.join(',');
  if (change.kind === 'products' && change.categoryIds?.length) {
    const categories = [...new Set(change.categoryIds.map((id) => id.toLowerCase()))];
    const withCategories = `${payload}${CATEGORIES_SEPARATOR}${categories.join(',')}`;
    if (Buffer.byteLength(withCategories) <= MAX_NOTIFY_PAYLOAD_BYTES) return withCategories;
  }
  return Buffer.byteLength(payload) <= MAX_NOTIFY_PAYLOAD_BYTES ? payload : EVERYTHING_PAYLOAD;
}

/** Anything this version does not understand clears everything: a cache must never outlive a change. */
export function decodeReadChange(payload: string): ReadChange {
  if (payload === SETTINGS_PAYLOAD) return { kind: 'settings' };
  const prefix = [PRODUCTS_PREFIX, USERS_PREFIX].find((p) => payload.startsWith(p));
  if (!prefix) return EVERYTHING;
  const [idList = '', categoryList, ...rest] = payload.slice(prefix.length).split(CATEGORIES_SEPARATOR);
  const ids = idList.split(',');
  if (rest.length > 0 || !ids.every((id) => UUID.test(id))) return EVERYTHING;
  if (prefix === USERS_PREFIX) return categoryList === undefined ? { kind: 'users', userIds: ids } : EVERYTHING;
  if (categoryList === undefined) return { kind: 'products', productIds: ids };
  const categoryIds = categoryList.split(',');
  if (!categoryIds.every((id) => UUID.test(id))) return EVERYTHING;
  return { kind: 'products', productIds: ids, categoryIds };
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
  else if (change.kind === 'products') invalidateProductReads(change.productIds, change.categoryIds);
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
  const payloads = readChangePayloads(change);
  await db.execute(
    payloads.length === 1
      ? sql`select pg_notify(${READ_INVALIDATION_CHANNEL}, ${payloads[0]})`
      : sql`select pg_notify(${READ_INVALIDATION_CHANNEL}, p) from unnest(${`{${payloads.map((p) => `"${p}"`).join(',')}}`}::text[]) as p`,
  );
}

/** A batch of at most this many products is announced product by product, in several messages. */
export const MAX_ANNOUNCED_PRODUCTS = 10_000;

/**
 * The messages of a change. A product batch too large for one payload is split into messages
 * that each carry the batch's categories (a receiver applies each on its own, so each must be
 * complete for its products): a feed import's 5,000-product batch is ~27 messages that drop only
 * what shows those products, instead of one `all` that empties every cache of every instance.
 * Beyond MAX_ANNOUNCED_PRODUCTS, `all`.
 */
export function readChangePayloads(change: ReadChange): string[] {
  if (change.kind !== 'products') return [encodeReadChange(change)];
  const ids = [...new Set(change.productIds.map((id) => id.toLowerCase()))];
  const single = encodeReadChange({ ...change, productIds: ids });
  // One message when it says all there is to say (or when the batch is too large for messages).
  const complete =
    single === EVERYTHING_PAYLOAD
      ? ids.length > MAX_ANNOUNCED_PRODUCTS
      : single.includes(CATEGORIES_SEPARATOR) || !change.categoryIds?.length;
  if (complete) return [single];
  const categories = [...new Set((change.categoryIds ?? []).map((id) => id.toLowerCase()))];
  const suffix = categories.length ? `${CATEGORIES_SEPARATOR}${categories.join(',')}` : '';
  // Every id is 36 ASCII characters plus a comma.
  const room = MAX_NOTIFY_PAYLOAD_BYTES - PRODUCTS_PREFIX.length - Buffer.byteLength(suffix);
  const perMessage = Math.floor((room + 1) / 37);
  if (perMessage < 1) return [single];
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += perMessage) {
    payloads.push(`${PRODUCTS_PREFIX}${ids.slice(i, i + perMessage).join(',')}${suffix}`);
  }
  return payloads;
}
