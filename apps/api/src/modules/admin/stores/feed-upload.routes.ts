import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStoreIdParamsSchema,
  adminStoreMessages,
  feedImportSchema,
  feedUploadQuerySchema,
} from '@kiyasla/contracts/admin-stores';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { messages } from '@kiyasla/contracts/messages';
import { retryWhileUnavailable } from '../../../lib/database-unavailable';
import { AppError, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { currentUser, requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.service';
import { importFeed } from '../../feeds/import/import-feed';
import { acquireStoreLease, releaseStoreLease } from '../../feeds/schedule/store-lease';
import * as repo from './admin-stores.repo';
import { presentImport } from './feed-import.presenter';

/** The media types a feed upload may carry; the content itself decides the format. */
export const FEED_UPLOAD_TYPES = ['application/json', 'text/csv', 'application/xml', 'text/xml', 'text/plain'];

/** How long an upload may hold the store's feed lease before another import may take over. */
const UPLOAD_LEASE_MS = 30 * 60_000;

/** Counts the raw (possibly compressed) bytes of a body and stops it past the cap. */
class ByteCap extends Transform {
  private seen = 0;
  constructor(private readonly cap: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.cap) done(new BodyTooLarge());
    else done(null, chunk);
  }
}

class BodyTooLarge extends Error {}

/** 52428800 → "50 MB", 65536 → "64 KB" (Turkish number format). */
export function byteSize(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) return `${mb.toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;
  return `${(bytes / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} KB`;
}

/**
 * `POST /api/admin/stores/{id}/feed` (admins and moderators): the feed as the request body,
 * answered with the import's history entry and report. JSON, CSV and XML, gzip-encoded or not;
 * streamed from the socket into the importer, never buffered whole. ADR 015.
 */
export async function feedUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.dbHandle;
  const { maxBytes } = app.config.feeds;
  const tooLarge = () => new AppError(413, 'FEED_TOO_LARGE', adminStoreMessages.feedTooLarge(byteSize(maxBytes)));

  // This context reads bodies itself: the stream goes to the feed parser as it arrives.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FEED_UPLOAD_TYPES, (_req: FastifyRequest, payload: NodeJS.ReadableStream, done) =>
    done(null, payload),
  );
  app.addContentTypeParser('*', (_req: FastifyRequest, _payload: NodeJS.ReadableStream, done) =>
    done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', adminStoreMessages.feedUnsupportedType)),
  );

  r.post(
    '/admin/stores/:id/feed',
    {
      onRequest: requireRole('admin', 'moderator'),
      // Gzip is unpacked by the feed reader, which caps the unpacked size as well.
      decompress: false,
      schema: {
        tags: ['admin'],
        summary:
          'Mağazanın ürün akışını yükler (JSON, CSV, XML; gzip olabilir) ve içe aktarım raporunu döner. 413 boyut sınırı, 422 bozuk dosya, 409 süren içe aktarım',
        security: [{ bearerAuth: [] }],
        params: adminStoreIdParamsSchema,
        querystring: feedUploadQuerySchema,
        response: {
          200: okEnvelope(feedImportSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const storeId = req.params.id;
      if (!(await repo.storeExists(db, storeId))) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
      // No body at all is read as an empty file: refused by the importer (422 FEED_EMPTY, in the
      // history) like `[]`, so one code always comes with one status.
      const body = (req.body as NodeJS.ReadableStream | undefined) ?? Readable.from([]);

      const holder = `upload:${randomUUID()}`;
      if (!(await acquireStoreLease(db, storeId, holder, UPLOAD_LEASE_MS))) {
        throw new AppError(409, 'FEED_IMPORT_BUSY', feedMessages.outcomes.FEED_IMPORT_BUSY);
      }
      let rawTooLarge = false;
      const capped = body.pipe(new ByteCap(maxBytes));
      capped.on('error', (err) => {
        if (err instanceof BodyTooLarge) rawTooLarge = true;
      });
      try {
        const result = await importFeed(db, {
          storeId,
          source: 'upload',
          body: capped,
          contentType: req.headers['content-type'],
          gzip: /\bgzip\b/i.test(String(req.headers['content-encoding'] ?? '')) || undefined,
          mode: req.query.mode,
          force: req.query.force,
          maxBytes,
          userId: currentUser(req).id,
        }).catch((error: unknown) => {
          if (rawTooLarge || error instanceof BodyTooLarge) throw tooLarge();
          throw error;
        });
        if (result.status === 'refused') {
          if (rawTooLarge || result.error?.code === 'FEED_TOO_LARGE') throw tooLarge();
          // The whole file was refused and changed nothing; the history keeps the attempt.
          throw new AppError(422, result.error!.code, result.error!.message);
        }
        const entry = presentImport((await repo.findImport(db, result.importId))!);
        // The import commits batch by batch (ADR 015), so its entry cannot share one transaction
        // with it; it is written once the import has finished, with the history entry as `after`.
        await recordAudit(db, auditActor(req), {
          action: 'store.feed.upload',
          entityType: 'feed-import',
          entityId: entry._id,
          after: { storeId, ...entry },
        });
        // Returned, not sent: the answer leaves after the lease is given back (finally).
        return ok(entry);
      } finally {
        // Drain what the importer did not read, so the connection can answer.
        body.resume?.();
        // Through a database restart too: a lease left behind would refuse the store's next
        // import (FEED_IMPORT_BUSY) for the rest of its 30 minutes.
        await retryWhileUnavailable(() => releaseStoreLease(db, storeId, holder), { maxMs: 30_000 });
      }
    },
  );
}
