import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FeedConfig } from '../../../config';
import type { Database } from '../../../db/client';
import type { ResolveHost } from '../fetch/fetch-feed';
import { pullStoreFeed, type ImportFeedFn } from './pull-store-feed';
import { claimDueStore } from './store-lease';

/** How often an instance looks for due feeds; the shortest interval a store may have is 15 min. */
export const FEED_SCHEDULER_TICK_MS = 30_000;

export interface FeedSchedulerOptions {
  db: Database;
  feeds: Pick<FeedConfig, 'maxBytes' | 'fetchTimeoutMs' | 'fetchAllow'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Default: a new id naming this host and process. */
  holder?: string;
  importFeed?: ImportFeedFn;
  resolve?: ResolveHost;
  tickMs?: number;
  /**
   * More allow-list entries, read before each pull: the admin setting api.feedFetchAllow, so a
   * saved change applies to the next pull. `feeds.fetchAllow` (FEED_FETCH_ALLOW) always applies.
   */
  settingsAllow?: () => Promise<readonly string[]>;
}

export interface FeedScheduler {
  /** The lease holder id of this instance (shown on the store as `feed_leased_by`). */
  readonly holder: string;
  /** Pulls every due store, one after another, until none is due; resolves to how many. */
  tick(): Promise<number>;
  start(): void;
  /** Stops ticking, cuts a download short and waits for the running pull to finish. */
  stop(): Promise<void>;
}

/** Unique per instance: two processes on one host, or a restarted one, never share it. */
export function feedLeaseHolderId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function createFeedScheduler(options: FeedSchedulerOptions): FeedScheduler {
  const holder = options.holder ?? feedLeaseHolderId();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function pullDueStores(): Promise<number> {
    let pulled = 0;
    while (!stopping.signal.aborted) {
      const store = await claimDueStore(options.db, holder);
      if (!store) break;
      pulled += 1;
      try {
        const extra = options.settingsAllow ? await options.settingsAllow() : [];
        const outcome = await pullStoreFeed(options.db, store, {
          holder,
          feeds: { ...options.feeds, fetchAllow: [...options.feeds.fetchAllow, ...extra] },
          importFeed: options.importFeed,
          resolve: options.resolve,
          signal: stopping.signal,
        });
        const entry = { storeId: store.storeId, importId: outcome.importId, status: outcome.status };
        if (outcome.error) options.log.warn({ ...entry, error: outcome.error }, 'store feed pull did not apply');
        else options.log.info(entry, 'store feed pulled');
      } catch (err) {
        options.log.error({ err, storeId: store.storeId }, 'store feed pull failed');
      }
    }
    return pulled;
  }

  const tick = (): Promise<number> => {
    // One pull at a time per instance; a tick while one runs joins it.
    running ??= pullDueStores()
      .catch((err: unknown) => {
        options.log.error({ err }, 'store feed scheduler tick failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    holder,
    tick,
    start() {
      if (timer || stopping.signal.aborted) return;
      void tick();
      timer = setInterval(() => void tick(), options.tickMs ?? FEED_SCHEDULER_TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await running;
    },
  };
}

/**
 * The scheduled pull of store feeds on this instance (issue 12), when FEED_SCHEDULER is on: it
 * starts when the server listens (never in tests, which only inject) and stops on close. Several
 * instances may run it: the lease on the store row keeps them from pulling one feed twice.
 */
export function registerFeedScheduler(app: FastifyInstance): void {
  if (!app.config.feeds.schedulerEnabled) return;
  const scheduler = createFeedScheduler({
    db: app.dbHandle.db,
    feeds: app.config.feeds,
    log: app.log,
    settingsAllow: async () => (await app.settings.group('api')).feedFetchAllow,
  });
  app.addHook('onListen', async () => {
    app.log.info({ holder: scheduler.holder }, 'store feed scheduler started');
    scheduler.start();
  });
  app.addHook('onClose', () => scheduler.stop());
}
