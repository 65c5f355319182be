import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '@kiyasla/contracts/constants';
import { maintenanceState, retryAfterSeconds, type MaintenanceState } from '@kiyasla/contracts/maintenance';
import { AppError } from '../lib/errors';
import { authenticate } from '../modules/auth/session-verifier';

declare module 'fastify' {
  interface FastifyInstance {
    /** Maintenance mode now (admin switch or scheduled window), from the cached settings. */
    maintenance(now?: Date): Promise<MaintenanceState>;
  }
}

/**
 * API calls every caller keeps during maintenance: health checks, the public configuration (the
 * web app reads the maintenance state from it), the sign-in an operator needs to reach the back
 * office, product and store images (the back office shows them through plain <img> tags), and
 * what machines send on their own: payment providers' callbacks (a payment made before the
 * maintenance must still complete) and browsers' CSP reports.
 */
const OPEN_DURING_MAINTENANCE: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'GET', path: /^\/api\/health$/ },
  { method: 'GET', path: /^\/api\/config$/ },
  { method: 'POST', path: /^\/api\/auth\/(login|refresh|logout)$/ },
  { method: 'GET', path: /^\/api\/auth\/me$/ },
  { method: 'GET', path: /^\/api\/media\// },
  { method: 'POST', path: /^\/api\/payments\/(callback|webhook)(\/|$)/ },
  { method: 'POST', path: /^\/api\/csp-report$/ },
];

/** The back office's two roles (ADR 016): both keep working during maintenance. */
const OPERATORS: ReadonlySet<UserRole> = new Set(['admin', 'moderator']);

function isOpen(request: FastifyRequest, path: string): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return OPEN_DURING_MAINTENANCE.some((rule) => rule.method === method && rule.path.test(path));
}

/**
 * Maintenance mode (ADR 016, amendment): while it is on, the public API answers 503 `MAINTENANCE`
 * with the operators' message (and `Retry-After` when a scheduled window says when it ends);
 * admins and moderators, who sign in with a bearer token, keep the whole API. Web pages are not
 * refused here: the web app renders its maintenance page with the same 503 (`app.maintenance()`
 * reaches its loaders through the load context).
 *
 * A caller whose token no longer works gets the 401 rather than the 503, so an operator's browser
 * refreshes its session (the refresh call stays open) instead of being shut out.
 */
export const maintenancePlugin = fp(
  async (app) => {
    app.decorate('maintenance', async (now: Date = new Date()) =>
      maintenanceState(await app.settings.group('maintenance'), now),
    );

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?', 1)[0]!;
      if (!path.startsWith('/api/') || isOpen(request, path)) return;
      const now = new Date();
      const state = await app.maintenance(now);
      if (!state.active) return;
      if (request.headers.authorization) {
        request.user ??= await authenticate(
          { db: app.dbHandle.db, jwtSecret: app.config.jwtSecret, settings: app.settings },
          request.headers.authorization,
          { cacheable: request.method === 'GET' || request.method === 'HEAD' },
        );
        if (OPERATORS.has(request.user.role)) return;
      }
      const retryAfter = retryAfterSeconds(state, now);
      if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
      reply.header('cache-control', 'no-store');
      throw new AppError(503, 'MAINTENANCE', state.message);
    });

    // The web app's maintenance page (a 503 from the root loader): the same Retry-After.
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode !== 503 || request.url.startsWith('/api/') || reply.hasHeader('retry-after')) return;
      const now = new Date();
      // A page's 503 while the database is away (ADR 020): the settings cannot be read either, and
      // the page keeps its own answer rather than turning into the error of this lookup.
      const state = await app.maintenance(now).catch(() => null);
      const retryAfter = state && retryAfterSeconds(state, now);
      if (retryAfter) reply.header('retry-after', String(retryAfter));
    });
  },
  { name: 'maintenance', dependencies: ['settings', 'policies'] },
);
