import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../../db/client';
import { pgListenSession, poolConfig, ReadInvalidationListener } from '../../../lib/read-invalidation-listener';

/**
 * "Something changed for user X" (issue 13, live header counts): whoever writes a user's
 * notifications or alerts announces it; every instance hears it and pushes fresh counts down that
 * user's open streams (stream.routes.ts). Across instances the signal is PostgreSQL NOTIFY on its
 * own channel; on PGlite its `listen`. Sent in the writer's transaction, it leaves with the commit
 * (or never). A missed signal (LISTEN down) costs freshness only: the browser also polls.
 */
export const LIVE_COUNTS_CHANNEL = 'kiyasla_user_counts';
/** NOTIFY payloads are limited to 8000 bytes: 200 ids of 37 characters each fit. */
const IDS_PER_MESSAGE = 200;

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

/** Calls `listener` whenever the user's counts may have changed; returns the unsubscribe function. */
export function onCountsChanged(userId: string, listener: Listener): () => void {
  let set = listeners.get(userId);
  if (!set) listeners.set(userId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(userId);
  };
}

export function openStreamsOf(userId: string): number {
  return listeners.get(userId)?.size ?? 0;
}

function deliver(payload: string): void {
  for (const id of payload.split(',')) {
    for (const listener of listeners.get(id) ?? []) listener();
  }
}

/** Announces that these users' counts may have changed (deduplicated, chunked). */
export async function announceCountsChanged(db: Database | Transaction, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    await db.execute(sql`select pg_notify(${LIVE_COUNTS_CHANNEL}, ${ids.slice(i, i + IDS_PER_MESSAGE).join(',')})`);
  }
}

/**
 * The same announcement inside a statement, for a writer of thousands of notifications at once:
 * `users` is a query (a CTE's name or a subquery) with a `user_id` column, and the fragment is a
 * SELECT sending its distinct users in messages of IDS_PER_MESSAGE, one row per message. Reference
 * it from the statement's result (`select count(*) from <cte>`), or PostgreSQL never runs it. The
 * ids neither travel back to this process nor out again in a statement per message.
 */
export function announceCountsOf(users: SQL): SQL {
  return sql`select pg_notify(${LIVE_COUNTS_CHANNEL}, string_agg(c.user_id::text, ','))
      from (select d.user_id, (row_number() over (order by d.user_id) - 1) / ${IDS_PER_MESSAGE} as chunk
              from (select distinct user_id from ${users}) d) c
     group by c.chunk`;
}

/** Listens for the signal on this instance (PGlite: in process; PostgreSQL: a LISTEN connection). */
export function registerLiveCounts(app: FastifyInstance): void {
  const handle = app.dbHandle;
  if (handle.kind === 'pglite') {
    const pglite = handle.pglite;
    if (!pglite) return;
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await pglite.listen(LIVE_COUNTS_CHANNEL, deliver);
    });
    app.addHook('onClose', async () => {
      if (unlisten && !pglite.closed) await unlisten();
    });
    return;
  }
  const listener = new ReadInvalidationListener({
    open: pgListenSession(poolConfig(handle), LIVE_COUNTS_CHANNEL),
    onPayload: deliver,
    // After a reconnection every open stream re-reads its counts: signals may have been missed.
    clearAll: () => {
      for (const set of listeners.values()) for (const l of set) l();
    },
    log: app.log,
  });
  app.addHook('onReady', () => listener.start());
  app.addHook('onClose', () => listener.stop());
}
