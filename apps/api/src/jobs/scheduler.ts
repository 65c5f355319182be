import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { pruneSearchLog } from '../modules/search/search.repo';
import type { RetentionPassOptions } from './delete-old-rows';
import { pruneAnalyticsEvents } from './prune-analytics-events';
import { pruneFinishedDeliveries } from './prune-notification-deliveries';
import { pruneFinishedOutbox } from './prune-outbox';
import { pruneReadNotifications } from './prune-read-notifications';
import { pruneRefreshSessions } from './prune-refresh-sessions';
import { purgeDeletedAccounts } from './purge-deleted-accounts';
import { sweepUnusedMediaFiles } from './sweep-media-files';

const HOUR_MS = 3_600_000;

/** One retention job: what it does, and what it logs when it did something. */
interface RetentionJob {
  name: string;
  run: (db: Database, pass: RetentionPassOptions) => Promise<Record<string, number>>;
  message: string;
}

const count =
  (key: string, run: (db: Database, pass: RetentionPassOptions) => Promise<number>) =>
  async (db: Database, pass: RetentionPassOptions) => ({ [key]: await run(db, pass) });

/**
 * The hourly pass, in this order. Each job answers the counts it logs (nothing is logged when
 * they are all 0); a job that fails is logged and the pass goes on with the next one. The jobs
 * given the pass's options delete at most a bounded share a pass (jobs/delete-old-rows.ts) and stop
 * when the server closes, so a backlog holds up neither the jobs after it nor the shutdown.
 */
const RETENTION_JOBS: readonly RetentionJob[] = [
  {
    name: 'purge-deleted-accounts',
    run: async (db) => ({ ...(await purgeDeletedAccounts(db)) }),
    message: 'purged deleted accounts past their retention',
  },
  {
    name: 'prune-read-notifications',
    run: count('pruned', pruneReadNotifications),
    message: 'pruned read notifications past their retention',
  },
  {
    name: 'prune-notification-deliveries',
    run: count('pruned', pruneFinishedDeliveries),
    message: 'pruned finished notification deliveries past their retention',
  },
  {
    name: 'prune-outbox',
    run: count('pruned', (db) => pruneFinishedOutbox(db)),
    message: 'pruned finished outbox work past its retention',
  },
  {
    name: 'prune-refresh-sessions',
    run: async (db, pass) => ({ ...(await pruneRefreshSessions(db, pass)) }),
    message: 'pruned refresh sessions past their retention',
  },
  {
    name: 'prune-analytics-events',
    run: count('pruned', pruneAnalyticsEvents),
    message: 'pruned analytics events past their retention',
  },
  {
    name: 'prune-search-log',
    run: count('pruned', (db) => pruneSearchLog(db)),
    message: 'pruned the search log past its retention',
  },
  {
    name: 'sweep-media-files',
    run: count('swept', (db) => sweepUnusedMediaFiles(db)),
    message: 'swept kept pictures no row has named for a day',
  },
];

/**
 * Periodic retention jobs: accounts past their deletion period, read notifications, finished
 * channel deliveries, finished outbox work, used-up refresh sessions, old analytics events, the
 * search log and kept pictures no row names any more. They start when the server starts
 * listening (never in tests, which only inject) and stop on close. Each job is idempotent and
 * safe to run on several instances at once, so no leader election is needed.
 */
export function registerAccountJobs(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const pass: RetentionPassOptions = { shouldStop: () => closing };
  const runPass = async () => {
    for (const job of RETENTION_JOBS) {
      if (closing) return;
      try {
        const counts = await job.run(app.dbHandle.db, pass);
        if (Object.values(counts).some((n) => n > 0)) app.log.info(counts, job.message);
      } catch (err) {
        app.log.error({ err, job: job.name }, 'retention job failed');
      }
    }
  };
  const runPurge = () => {
    if (running) return;
    running = runPass().finally(() => {
      running = null;
    });
  };
  app.addHook('onListen', async () => {
    runPurge();
    timer = setInterval(runPurge, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
