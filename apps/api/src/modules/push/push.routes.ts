import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import {
  pushMessages,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@kiyasla/contracts/push';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { errorResponses } from '../../plugins/error-handler';
import { parseFetchAllowList } from '../feeds/fetch/address-policy';
import { currentUser, requireUser } from '../../plugins/policies';
import { subscribe, unsubscribe } from './push.service';
import { vapidKeys } from './vapid';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];
const done = z.object({ endpoint: z.string() });

/** /api/push: the VAPID public key and the signed-in user's browser subscriptions (owner only). */
export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db, allow: parseFetchAllowList(app.config.push?.fetchAllow ?? []) };
  errorResponses(app, { validationMessage: 'first-field' });

  r.get(
    '/push/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Web Push için sunucunun VAPID açık anahtarı (applicationServerKey)',
        response: { 200: okEnvelope(pushPublicKeySchema) },
      },
    },
    async () => ok({ publicKey: vapidKeys(app.config)?.publicKey ?? null }),
  );

  r.post(
    '/push/subscriptions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Bu tarayıcının anlık bildirim aboneliğini kaydeder (PushSubscription.toJSON())',
        security,
        body: pushSubscriptionSchema,
        response: { 201: okEnvelope(done), ...errors },
      },
    },
    async (req, reply) => {
      await subscribe(deps, currentUser(req).id, req.body, req.headers['user-agent']);
      return reply.status(201).send(ok({ endpoint: req.body.endpoint }, { message: pushMessages.subscribed }));
    },
  );

  r.delete(
    '/push/subscriptions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Bu tarayıcının anlık bildirim aboneliğini siler (yalnızca sahibi)',
        security,
        body: pushUnsubscribeSchema,
        response: { 200: okEnvelope(done), ...errors },
      },
    },
    async (req) => {
      await unsubscribe(deps, currentUser(req).id, req.body.endpoint);
      return ok({ endpoint: req.body.endpoint }, { message: pushMessages.unsubscribed });
    },
  );
}
