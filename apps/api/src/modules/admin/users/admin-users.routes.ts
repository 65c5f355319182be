import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
  adminUserMessages,
  adminUserSchema,
  adminUserUpdateSchema,
} from '@kiyasla/contracts/admin-users';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { deleteAdminUser, getAdminUser, listAdminUsers, updateAdminUser } from './admin-users.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const conflict = { 409: errorEnvelopeSchema };

/** Accounts are admins' business only (ADR 016): moderators get 403. */
const adminOnly = requireRole('admin');

/** /api/admin/users: the specification's users screen. */
export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };

  adminReplies(app);

  r.get(
    '/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Kullanıcılar (yalnız yöneticiler): ad, soyad veya e-posta araması, rol ve aktiflik süzgeci, sayfa başına 10',
        security,
        querystring: adminUserListQuerySchema,
        response: { 200: okEnvelope(z.array(adminUserSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminUsers(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Tek kullanıcı (yalnız yöneticiler). 404 USER_NOT_FOUND',
        security,
        params: adminUserIdParamsSchema,
        response: { 200: okEnvelope(adminUserSchema), ...errors },
      },
    },
    async (req) => ok(await getAdminUser(deps, req.params.id)),
  );

  r.put(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Rolü ve aktifliği değiştirir; pasif yapılan hesabın oturumları hemen kapanır. 409 ADMIN_SELF_DEMOTE / ADMIN_SELF_DEACTIVATE / LAST_ADMIN',
        security,
        params: adminUserIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: okEnvelope(adminUserSchema), ...errors, ...conflict },
      },
    },
    async (req) =>
      ok(await updateAdminUser(deps, auditActor(req), req.params.id, req.body), { message: adminUserMessages.updated }),
  );

  r.delete(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Hesabı kapatır (oturumlar hemen biter, veriler 30 gün sonra silinir). 409 ADMIN_SELF_DELETE / LAST_ADMIN',
        security,
        params: adminUserIdParamsSchema,
        response: { 200: okEnvelope(z.object({ deleted: z.literal(true) })), ...errors, ...conflict },
      },
    },
    async (req) => {
      await deleteAdminUser(deps, auditActor(req), req.params.id);
      return ok({ deleted: true as const }, { message: adminUserMessages.deleted });
    },
  );
}
