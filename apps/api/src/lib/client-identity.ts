import type { FastifyRequest } from 'fastify';

/**
 * The server-rendered pages call the API in-process (web/ssr.ts), so the API sees 127.0.0.1 for
 * every shopper. Those calls carry the shopper's address in this header, believed only together
 * with the process's internal token (which no client knows).
 */
export const INTERNAL_CLIENT_IP_HEADER = 'x-internal-client-ip';

/** The address of the shopper behind a request: theirs, or the one a server-rendered page passed. */
export function clientIp(request: FastifyRequest, internalToken: string): string {
  const forwarded = request.headers[INTERNAL_CLIENT_IP_HEADER];
  if (typeof forwarded === 'string' && forwarded && request.headers['x-internal-token'] === internalToken) {
    return forwarded;
  }
  return request.ip;
}
