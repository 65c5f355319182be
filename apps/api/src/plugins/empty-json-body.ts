import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';

/**
 * preParsing: the specification's client sends a JSON content type on every call, also on
 * body-less POST and DELETE calls (logout, add favorite, ...), which Fastify would refuse as
 * invalid JSON. A request that carries no body is treated as having none.
 */
export async function allowEmptyJsonBody(req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
    delete req.raw.headers['content-type'];
  }
  return payload;
}
