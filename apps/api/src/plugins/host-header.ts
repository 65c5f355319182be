import type { FastifyInstance } from 'fastify';
import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../lib/errors';

/** A DNS name (labels of letters, digits and hyphens) or an IPv4 address. */
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
/** An IPv6 address in brackets (checked loosely: hex digits, colons, dots for a mapped IPv4). */
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/i;

/**
 * Whether a Host header (or the forwarded host a trusted proxy passed) is `host[:port]`: a DNS
 * name, an IPv4 address or a bracketed IPv6 address, and an optional port 1–65535. Anything else
 * — spaces, quotes, user info, a path, an empty value, a port out of range — is not a host.
 */
export function isValidHostHeader(value: string | undefined): boolean {
  if (!value) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, host, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  return HOSTNAME.test(host!) || IPV6.test(host!);
}

/**
 * Refuses a request whose Host is not a host with 400 in the error format (it answered 500 on
 * every web page before: the page's URL was built from it). Absolute URLs of the site never come
 * from the Host header anyway: they use the configured public origin (PUBLIC_URL).
 */
export function rejectMalformedHost(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isValidHostHeader(request.host)) throw new AppError(400, 'BAD_HOST', messages.generic.badHost);
  });
}

/** One year, subdomains included: what helmet would send, but only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers served over HTTPS (directly, or behind a trusted
 * proxy that says so): over plain HTTP a browser ignores it, and a development or test server
 * on http://localhost has no business telling browsers to insist on HTTPS.
 */
export function strictTransportSecurityOverHttps(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
