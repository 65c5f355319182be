import type { FastifyInstance } from 'fastify';
import { pruneReadNotifications } from '../modules/notifications/notifications.repo';
import { pruneSearchLog } from '../modules/search/search.repo';
import { pruneFinishedOutbox } from './prune-outbox';
import { purgeDeletedAccounts } from './purge-deleted-accounts';
import { sweepUnusedMediaFiles } from './sweep-media-files';

/** Read notifications are kept this long (issue 13). */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;

const HOUR_MS = 3_600_000;

/**
 * Periodic retention jobs: accounts past their deletion period, read notifications, finished
 * outbox work, the search log and kept pictures no row names any more. They start when the server
 * starts listening (never in tests, which only inject) and stop on close. Each job is idempotent and safe to run on several
 * instances at once, so no leader election is needed.
 */
export function registerAccountJobs(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const runPurge = () => {
    if (running) return;
    running = purgeDeletedAccounts(app.dbHandle.db)
      .then((r) => {
        if (r.accounts) app.log.info(r, 'purged deleted accounts past their retention');
        return pruneReadNotifications(app.dbHandle.db, READ_NOTIFICATION_RETENTION_DAYS);
      })
      .then((pruned) => {
        if (pruned) app.log.info({ pruned }, 'pruned read notifications past their retention');
        return pruneFinishedOutbox(app.dbHandle.db);
      })
      .then((pruned) => {
        if (pruned) app.log.info({ pruned }, 'pruned finished outbox work past its retention');
        return pruneSearchLog(app.dbHandle.db);
      })
      .then((pruned) => {
        if (pruned) app.log.info({ pruned }, 'pruned the search log past its retention');
        return sweepUnusedMediaFiles(app.dbHandle.db);
      })
      .then((swept) => {
        if (swept) app.log.info({ swept }, 'swept kept pictures no row has named for a day');
      })
      .catch((err: unknown) => app.log.error({ err }, 'purge of deleted accounts failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    runPurge();
    timer = setInterval(runPurge, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
