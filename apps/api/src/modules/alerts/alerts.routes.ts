import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_ERROR_CODES,
  alertCheckSchema,
  alertCountSchema,
  alertDeletedSchema,
  alertsListSchema,
  alertsQuerySchema,
  createAlertSchema,
  priceAlertSchema,
  updateAlertSchema,
} from '@kiyasla/contracts/alerts';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { ok } from '../../lib/reply';
import { errorResponses } from '../../plugins/error-handler';
import { currentUser, requireFeature, requirePlan, requireUser } from '../../plugins/policies';
import {
  checkAlert,
  countActiveAlerts,
  createAlert,
  listAlerts,
  removeAlert,
  toggleAlert,
  updateAlertTarget,
} from './alerts.service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(100) });
const productParams = z.object({ productId: z.string().min(1).max(100) });

/** Every call: a session (401), then the admin `enablePriceAlerts` switch (403 PRICE_ALERTS_DISABLED). */
const alertsOn = requireFeature('enablePriceAlerts');
/**
 * Setting or re-arming an alert needs an active non-free plan (§6). Reading, checking and deleting
 * do not: a user whose plan lapsed still sees and can remove the alerts they set.
 */
const premium = requirePlan('premium', messages.alerts.premiumRequired);

/** /api/alerts: the signed-in user's price alerts. Only the owner ever sees or changes one (404 otherwise). */
export async function alertRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };
  // §5's messages ('Geçerli bir hedef fiyat girin.') are the answer to a bad target, each rule
  // with its one code, however the target came to break it.
  errorResponses(app, {
    validationMessage: 'first-field',
    validationCodes: {
      [messages.alerts.targetInvalid]: ALERT_ERROR_CODES.targetInvalid,
      [messages.alerts.targetTooHigh]: ALERT_ERROR_CODES.targetTooHigh,
    },
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/alerts',
    {
      onRequest: requireUser,
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Fiyat alarmları, en yeni önce; status: all | active (aktif ve tetiklenmemiş) | triggered | inactive',
        security,
        querystring: alertsQuerySchema,
        response: { 200: okEnvelope(alertsListSchema), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAlerts(deps, currentUser(req), req.query);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/alerts/count',
    {
      onRequest: requireUser,
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Başlıktaki rozet: aktif (tetiklenmemiş) alarm sayısı',
        security,
        response: { 200: okEnvelope(alertCountSchema), ...errors },
      },
    },
    async (req) => ok({ active: await countActiveAlerts(deps, currentUser(req)) }),
  );

  r.get(
    '/alerts/check/:productId',
    {
      onRequest: requireUser,
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Üründe alarm var mı (data.hasAlert, data.alert._id)',
        security,
        params: productParams,
        response: { 200: okEnvelope(alertCheckSchema), ...errors },
      },
    },
    async (req) => ok(await checkAlert(deps, currentUser(req), req.params.productId)),
  );

  r.post(
    '/alerts',
    {
      onRequest: [requireUser, premium],
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary:
          'Alarm kurar (201). 400 hedef fiyat (§5); 403 PREMIUM_REQUIRED, ALERTS_LIMIT (100 aktif alarm); 404 ürün/mağaza; 409 ALERT_EXISTS',
        security,
        body: createAlertSchema,
        response: { 201: okEnvelope(priceAlertSchema), ...errors },
      },
    },
    async (req, reply) => {
      const alert = await createAlert(deps, currentUser(req), req.body);
      return reply.status(201).send(ok(alert, { message: messages.alerts.created }));
    },
  );

  r.put(
    '/alerts/:id',
    {
      onRequest: [requireUser, premium],
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Hedef fiyatı değiştirir; alarm yeniden kurulur (tetiklenmiş alarm tekrar dinler)',
        security,
        params: idParams,
        body: updateAlertSchema,
        response: { 200: okEnvelope(priceAlertSchema), ...errors },
      },
    },
    async (req) =>
      ok(await updateAlertTarget(deps, currentUser(req), req.params.id, req.body.targetPrice), {
        message: messages.alerts.updated,
      }),
  );

  r.patch(
    '/alerts/:id/toggle',
    {
      onRequest: [requireUser, premium],
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Alarmı durdurur ya da yeniden kurar (yeniden kurmak hedefin henüz gerçekleşmemiş olmasını ister)',
        security,
        params: idParams,
        response: { 200: okEnvelope(priceAlertSchema), ...errors },
      },
    },
    async (req) => {
      const alert = await toggleAlert(deps, currentUser(req), req.params.id);
      return ok(alert, { message: alert.isActive ? messages.alerts.activated : messages.alerts.deactivated });
    },
  );

  r.delete(
    '/alerts/:id',
    {
      onRequest: requireUser,
      preHandler: alertsOn,
      schema: {
        tags: ['alerts'],
        summary: 'Alarmı siler',
        security,
        params: idParams,
        response: { 200: okEnvelope(alertDeletedSchema), ...errors },
      },
    },
    async (req) =>
      ok({ _id: await removeAlert(deps, currentUser(req), req.params.id) }, { message: messages.alerts.removed }),
  );
}
