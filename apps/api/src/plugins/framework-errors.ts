import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@kiyasla/contracts/messages';

/**
 * Headers of the error answers that Fastify's router and Node's HTTP parser give before any of
 * our hooks (helmet's included) run. They carry JSON that is never rendered, so the strictest set
 * fits: nothing may load, frame or sniff it.
 */
export const ERROR_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

function errorBody(code: string, message: string): string {
  return JSON.stringify({ success: false, message, code });
}

/**
 * Fastify's router errors (a URL it cannot decode such as `/api/%ff`, a parameter over the length
 * limit) in the error format, with the security headers: the `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : 500;
  const code = status === 400 ? 'BAD_URL' : 'INTERNAL_ERROR';
  const message = status === 400 ? messages.generic.badUrl : messages.generic.internal;
  void reply
    .status(status)
    .headers(ERROR_SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request — headers or a request line over
 * the size limit (a 100 KB query string), a malformed request, a client too slow — answered in
 * the error format with the security headers, then the connection closed: the
 * `clientErrorHandler` option (Fastify's default answers its own JSON without them).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', messages.generic.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', messages.generic.requestTimeout]
        : [400, 'BAD_REQUEST', messages.generic.badRequest];
  const body = errorBody(code, message);
  if (socket.writable) {
    const headers = Object.entries({
      ...ERROR_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
}
