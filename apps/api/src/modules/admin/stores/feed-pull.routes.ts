import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStoreIdParamsSchema, adminStoreMessages, feedImportSchema } from '@kiyasla/contracts/admin-stores';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { feedFetchMessages } from '@kiyasla/contracts/feed-fetch-messages';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { sqlRows } from '../../../lib/sql-rows';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.service';
import { feedFetchAllow } from '../../feeds/fetch/fetch-allow';
import type { ResolveHost } from '../../feeds/fetch/fetch-feed';
import { pullStoreFeed, type PullOutcome } from '../../feeds/schedule/pull-store-feed';
import { acquireStoreLease, type ClaimedStore } from '../../feeds/schedule/store-lease';
import * as repo from './admin-stores.repo';
import { presentImport } from './feed-import.presenter';

export interface FeedPullRoutesOptions {
  /** Name resolution of the download (tests). */
  resolve?: ResolveHost;
}

/**
 * The answer to a pull that imported nothing: the download failed (502, the store's server or
 * the address policy: FEED_FETCH_*), or the import refused the file (422, as for an upload).
 */
function pullFailure(outcome: PullOutcome): AppError | null {
  if (outcome.status !== 'failed' && outcome.status !== 'refused') return null;
  const error = outcome.error ?? { code: 'FEED_FETCH_NETWORK', message: feedFetchMessages.FEED_FETCH_NETWORK };
  return new AppError(outcome.status === 'refused' ? 422 : 502, error.code, error.message);
}

/** The store's feed as the scheduler's claim would see it; null when the store does not exist. */
async function storeFeed(
  db: Database,
  storeId: string,
): Promise<(Omit<ClaimedStore, 'feedUrl'> & { feedUrl: string | null }) | null> {
  const [row] = sqlRows<{
    feed_url: string | null;
    feed_etag: string | null;
    feed_last_modified: string | null;
    feed_interval_minutes: number | null;
    due_at: string | null;
  }>(
    await db.execute(sql`
      select feed_url, feed_etag, feed_last_modified, feed_interval_minutes, feed_next_pull_at::text as due_at
        from stores where id = ${storeId}::uuid`),
  );
  if (!row) return null;
  return {
    storeId,
    feedUrl: row.feed_url,
    etag: row.feed_etag,
    lastModified: row.feed_last_modified,
    intervalMinutes: Number(row.feed_interval_minutes ?? 0),
    // An unscheduled feed stays unscheduled: 'infinity' is distinct from its null, so the release
    // keeps it (see releaseStoreLease's claimedDueAt).
    dueAt: row.due_at ?? 'infinity',
  };
}

/**
 * `POST /api/admin/stores/{id}/feed/pull` (admins and moderators): the store's scheduled pull, now.
 * It takes the store's feed lease like the scheduler (409 `FEED_IMPORT_BUSY` while a pull, an
 * upload or a CLI import holds it: never two imports of one store at once), downloads with the
 * last validators, imports through the engine and answers with the import's history entry and
 * report. The next scheduled pull moves one interval on from now.
 */
export async function feedPullRoutes(app: FastifyInstance, options: FeedPullRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.dbHandle;

  r.post(
    '/admin/stores/:id/feed/pull',
    {
      onRequest: requireRole('admin', 'moderator'),
      schema: {
        tags: ['admin'],
        summary:
          'Mağazanın beslemesini zamanını beklemeden çeker ve içe aktarır; içe aktarım raporunu döner. ' +
          '409 FEED_IMPORT_BUSY (süren içe aktarım) / STORE_FEED_URL_MISSING, 502 indirme başarısız (FEED_FETCH_*), ' +
          '422 dosya reddedildi',
        security: [{ bearerAuth: [] }],
        params: adminStoreIdParamsSchema,
        response: {
          200: okEnvelope(feedImportSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
          502: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const storeId = req.params.id;
      const feed = await storeFeed(db, storeId);
      if (!feed) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
      if (!feed.feedUrl) throw new AppError(409, 'STORE_FEED_URL_MISSING', adminStoreMessages.feedUrlMissing);

      const holder = `pull-now:${randomUUID()}`;
      if (!(await acquireStoreLease(db, storeId, holder))) {
        throw new AppError(409, 'FEED_IMPORT_BUSY', feedMessages.outcomes.FEED_IMPORT_BUSY);
      }
      // pullStoreFeed renews the lease while it works and gives it back at the end.
      const outcome = await pullStoreFeed(
        db,
        { ...feed, feedUrl: feed.feedUrl },
        {
          holder,
          feeds: { ...app.config.feeds, fetchAllow: await feedFetchAllow(app) },
          resolve: options.resolve,
        },
      );
      const found = outcome.importId ? await repo.findImport(db, outcome.importId) : undefined;
      if (!found) throw new Error(`feed pull of store ${storeId} left no import row (${outcome.status})`);
      const entry = presentImport(found);
      // Like an upload, the import commits batch by batch (ADR 015): its entry follows it.
      await recordAudit(db, auditActor(req), {
        action: 'store.feed.pull',
        entityType: 'feed-import',
        entityId: entry._id,
        after: { storeId, ...entry },
      });
      // Not "Besleme çekildi" when nothing was imported: the failure's own code and message (its
      // history entry stays, for the store's import list).
      const failure = pullFailure(outcome);
      if (failure) throw failure;
      return ok(entry, { message: adminStoreMessages.pulled });
    },
  );
}
