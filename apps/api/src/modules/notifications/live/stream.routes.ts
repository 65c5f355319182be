import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { isUuid } from '@kiyasla/contracts/ids';
import { unauthorized } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { currentUser, requireUser } from '../../../plugins/policies';
import { isFeatureEnabled } from '../../settings/feature-switches';
import { headerCounts } from '../notifications.service';
import { onCountsChanged, registerLiveCounts } from './live-counts';

/**
 * GET /api/notifications/stream: server-sent events with the header counts of the signed-in user
 * (`event: counts`, data `{ unread, activeAlerts }`), sent at once and whenever they change.
 *
 * EventSource cannot send an Authorization header, and an access token in a URL ends up in logs,
 * so the browser first gets a ticket (POST …/stream-ticket, with its token): the user id and an
 * expiry a minute ahead, signed with a key derived from JWT_SECRET. It is checked once, when the
 * stream opens. A stream ends after STREAM_MAX_MS, and the browser reconnects with a new ticket,
 * so a signed-out or blocked account stops hearing within that time. A comment line every
 * HEARTBEAT_MS keeps proxies from closing an idle stream and finds dead clients.
 */
export const TICKET_TTL_MS = 60_000;
export const HEARTBEAT_MS = 25_000;
export const STREAM_MAX_MS = 30 * 60_000;

function ticketKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'kiyasla', 'kiyasla:sse-ticket:v1', 32));
}

export function streamTicket(jwtSecret: string, userId: string, now = Date.now()): string {
  const body = `${userId}.${now + TICKET_TTL_MS}`;
  return `${body}.${createHmac('sha256', ticketKey(jwtSecret)).update(body).digest('base64url')}`;
}

export function verifyStreamTicket(jwtSecret: string, ticket: string, now = Date.now()): string | null {
  const [userId, expires, signature, ...rest] = ticket.split('.');
  if (!userId || !expires || !signature || rest.length || !isUuid(userId) || !/^\d+$/.test(expires)) return null;
  if (Number(expires) < now) return null;
  const expected = Buffer.from(
    createHmac('sha256', ticketKey(jwtSecret)).update(`${userId}.${expires}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export async function streamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();
  registerLiveCounts(app);
  app.addHook('onClose', async () => {
    for (const res of open) res.end();
  });

  r.post(
    '/notifications/stream-ticket',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Canlı sayaç akışı için bir dakikalık bilet (EventSource başlık gönderemez)',
        security: [{ bearerAuth: [] }],
        response: { 200: okEnvelope(z.object({ ticket: z.string() })), 401: errorEnvelopeSchema },
      },
    },
    async (req) => ok({ ticket: streamTicket(app.config.jwtSecret, currentUser(req).id) }),
  );

  r.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Başlık sayaçlarının canlı akışı (text/event-stream; event: counts, data: { unread, activeAlerts }); ?ticket= ile',
        querystring: z.object({ ticket: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const userId = verifyStreamTicket(app.config.jwtSecret, req.query.ticket);
      if (!userId) throw unauthorized();
      const deps = { db: app.dbHandle.db };
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: 3000\n\n`);
      open.add(res);

      let last = '';
      let pending: Promise<void> | null = null;
      let again = false;
      const push = () => {
        if (pending) {
          again = true;
          return;
        }
        pending = (async () => {
          do {
            again = false;
            const counts = await headerCounts(
              deps,
              { id: userId },
              await isFeatureEnabled(app.settings, 'enablePriceAlerts'),
            );
            const data = JSON.stringify(counts);
            if (data !== last && !res.writableEnded) {
              last = data;
              res.write(`event: counts\ndata: ${data}\n\n`);
            }
          } while (again && !res.writableEnded);
        })()
          .catch((err: unknown) => req.log.warn({ err }, 'live counts: reading the counts failed'))
          .finally(() => {
            pending = null;
          });
      };
      const unsubscribe = onCountsChanged(userId, push);
      const heartbeat = setInterval(() => res.write(`: ${Date.now()}\n\n`), HEARTBEAT_MS);
      const lifetime = setTimeout(() => res.end(), STREAM_MAX_MS);
      heartbeat.unref();
      lifetime.unref();
      const cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        open.delete(res);
      };
      res.on('close', cleanup);
      push();
    },
  );
}
