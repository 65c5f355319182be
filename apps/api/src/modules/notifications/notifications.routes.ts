import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import {
  notificationCountsSchema,
  notificationDeletedSchema,
  notificationsListSchema,
  notificationsQuerySchema,
  notificationsUpdatedSchema,
} from '@kiyasla/contracts/notifications';
import { ok } from '../../lib/reply';
import { pushRoutes } from '../push/push.routes';
import { adminNotificationRoutes } from './admin-notifications.routes';
import { streamRoutes } from './live/stream.routes';
import { createSmsProvider } from '../sms/sms-provider';
import { smsRoutes } from '../sms/sms.routes';
import { unsubscribeRoutes } from './unsubscribe.routes';
import { errorResponses } from '../../plugins/error-handler';
import { currentUser, featureEnabled, requireUser } from '../../plugins/policies';
import {
  headerCounts,
  listNotifications,
  readAllNotifications,
  readNotification,
  removeNotification,
} from './notifications.service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** /api/notifications: the signed-in user's in-app notifications. Owner only (404 otherwise). */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };
  errorResponses(app, { validationMessage: 'first-field' });
  // Signed links from e-mails, without a session; its own scope for the form parsers.
  await app.register(unsubscribeRoutes);
  await app.register(pushRoutes);
  await app.register(adminNotificationRoutes);
  await app.register(streamRoutes);
  await app.register(smsRoutes, { provider: createSmsProvider(app.config.sms, app.log) });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Bildirimler, en yeni önce; type: tür(ler) ya da sekme (price, system); unreadCount: okunmamış sayısı',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: okEnvelope(notificationsListSchema).extend({ unreadCount: z.number().int() }), ...errors },
      },
    },
    async (req) => {
      const { items, pagination, unreadCount } = await listNotifications(deps, currentUser(req), req.query);
      return { ...ok(items, { pagination }), unreadCount };
    },
  );

  r.get(
    '/notifications/counts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Başlık rozetleri: okunmamış bildirimler ve aktif fiyat alarmları',
        security,
        response: { 200: okEnvelope(notificationCountsSchema), ...errors },
      },
    },
    async (req) => ok(await headerCounts(deps, currentUser(req), await featureEnabled(req, 'enablePriceAlerts'))),
  );

  r.patch(
    '/notifications/read-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Tüm bildirimleri okundu yapar (data.updated: değişen sayısı)',
        security,
        response: { 200: okEnvelope(notificationsUpdatedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        { updated: await readAllNotifications(deps, currentUser(req)) },
        {
          message: messages.notifications.allMarkedRead,
        },
      ),
  );

  r.patch(
    '/notifications/:id/read',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Bildirimi okundu yapar',
        security,
        params: idParams,
        response: { 200: okEnvelope(notificationsUpdatedSchema), ...errors },
      },
    },
    async (req) => {
      await readNotification(deps, currentUser(req), req.params.id);
      return ok({ updated: 1 }, { message: messages.notifications.markedRead });
    },
  );

  r.delete(
    '/notifications/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Bildirimi siler',
        security,
        params: idParams,
        response: { 200: okEnvelope(notificationDeletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        { _id: await removeNotification(deps, currentUser(req), req.params.id) },
        {
          message: messages.notifications.deleted,
        },
      ),
  );
}
