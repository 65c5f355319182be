import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cross-origin access to /api for third-party web sites (the admin api settings, ADR 016).
 *
 * The site itself calls the API from its own origin (and in-process while rendering), which needs
 * no CORS at all, so nothing here can switch the API off for it. A browser on another origin may
 * read an answer only when `enablePublicApi` is on and its `Origin` is one of `corsOrigins`: those
 * requests get `Access-Control-Allow-Origin` with their origin, and their preflights a 204. Every
 * other origin gets no CORS headers, so its browser keeps the answer from it; an empty list means
 * same-origin only. No credentials are allowed cross-origin: third parties send bearer tokens.
 * Servers calling the API directly are not browsers and are not affected (the rate limit is).
 */

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language';
/** Headers a cross-origin script may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function addVaryOrigin(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'Origin');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [String(vary)]).join(', ');
  if (!/(^|,\s*)origin(\s*,|$)/i.test(values)) reply.header('vary', `${values}, Origin`);
}

/**
 * The origins that may call the API from a browser now (empty while the public API is off, and
 * while the settings cannot be read: the database away, ADR 020, grants nobody anything).
 */
async function allowedOrigins(request: FastifyRequest): Promise<readonly string[]> {
  try {
    const api = await request.server.settings.group('api');
    return api.enablePublicApi ? api.corsOrigins : [];
  } catch {
    return [];
  }
}

export function registerCors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    // Without an Origin (same-origin reads, servers, the site's in-process calls) nothing applies.
    const origin = request.headers.origin;
    if (!origin || !isApiPath(request.url)) return;
    const origins = await allowedOrigins(request);
    if (origins.length === 0) return;
    // The answer depends on Origin: shared caches must keep one copy per origin. (A copy cached
    // from a request without Origin carries no grant, so serving it cross-origin fails closed.)
    addVaryOrigin(reply);
    if (!origins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight) return;
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.status(204).send();
  });
}
