import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSearchTermMessages,
  adminSearchTermsSchema,
  hiddenSearchTermParamsSchema,
  hiddenSearchTermSchema,
  hideSearchTermSchema,
} from '@kiyasla/contracts/admin-search-terms';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { hideSearchTerm, listSearchTerms, showSearchTerm } from './admin-search-terms.service';
import { adminErrors as errors, adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

/** What shoppers see in "Popüler aramalar" is the content team's business too (ADR 016). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/search-terms: hide a trending search (spam, a prank, markup that slipped through). */
export async function adminSearchTermRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };

  adminReplies(app);

  r.get(
    '/admin/search-terms',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Son 7 günün en çok aranan terimleri (gizliler işaretli) ve gizlenen terimler',
        security,
        response: { 200: okEnvelope(adminSearchTermsSchema), ...errors },
      },
    },
    async () => ok(await listSearchTerms(deps)),
  );

  r.post(
    '/admin/search-terms/hidden',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Bir arama terimini popüler aramalardan gizler (aynı sözcüklerin her yazılışı); zaten gizliyse 200 ve mevcut kayıt',
        security,
        body: hideSearchTermSchema,
        response: { 200: okEnvelope(hiddenSearchTermSchema), 201: okEnvelope(hiddenSearchTermSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { entry, created } = await hideSearchTerm(deps, auditActor(req), req.body.term);
      return reply.status(created ? 201 : 200).send(ok(entry, { message: adminSearchTermMessages.hidden }));
    },
  );

  r.delete(
    '/admin/search-terms/hidden/:key',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Gizlenen terimi yeniden gösterir. 404 SEARCH_TERM_NOT_HIDDEN',
        security,
        params: hiddenSearchTermParamsSchema,
        response: { 200: okEnvelope(z.null()), ...errors },
      },
    },
    async (req) => {
      await showSearchTerm(deps, auditActor(req), req.params.key);
      return ok(null, { message: adminSearchTermMessages.shown });
    },
  );
}
