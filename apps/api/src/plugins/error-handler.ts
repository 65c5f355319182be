import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@kiyasla/contracts/messages';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable';
import { AppError, type FieldError } from '../lib/errors';

interface ErrorBody {
  success: false;
  message: string;
  code: string;
  errors?: FieldError[];
}

/**
 * Per-route options of the error handler, set in a route's `config` (or for every route of a
 * module with `errorResponses`).
 */
export interface ErrorResponseOptions {
  /**
   * 'first-field': a schema failure answers with the first failing field's own message (the
   * rule's Turkish text, e.g. the name rule of §5) instead of the generic one; `errors` is the same.
   */
  validationMessage?: 'first-field';
  /** Codes of schema failures whose fields carry a given message, instead of VALIDATION_ERROR. */
  validationCodes?: Readonly<Record<string, string>>;
  /** The answer to a body over the route's `bodyLimit`, instead of the generic 413. */
  payloadTooLarge?: { code: string; message: string };
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends ErrorResponseOptions {}
}

/** Gives every route registered in `app` (one route module) these options, unless a route sets its own. */
export function errorResponses(app: FastifyInstance, options: ErrorResponseOptions): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...options, ...route.config };
  });
}

function body(code: string, message: string, errors?: FieldError[]): ErrorBody {
  return { success: false, message, code, ...(errors && errors.length ? { errors } : {}) };
}

/** Maps Fastify's own client errors (bad JSON, too large, ...) onto our codes and Turkish text. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.generic.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.generic.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: messages.generic.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: messages.generic.unsupportedMediaType,
  },
};

/**
 * The one place errors become responses: typed AppErrors keep their status, code and
 * message; validation failures list the offending fields; everything unexpected is logged
 * and masked as a 500 so no stack trace or SQL reaches a client; a database that cannot be
 * reached answers 503 with Retry-After (lib/database-unavailable.ts).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.message, err.errors));
    }
    const options: ErrorResponseOptions = request.routeOptions.config ?? {};
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? messages.generic.validation,
      }));
      const firstField = options.validationMessage === 'first-field' ? errors[0]?.message : undefined;
      const coded = errors.find((e) => options.validationCodes?.[e.message]);
      const code = (coded && options.validationCodes?.[coded.message]) ?? 'VALIDATION_ERROR';
      return reply.status(400).send(body(code, firstField ?? messages.generic.validation, errors));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && options.payloadTooLarge) {
      return reply.status(413).send(body(options.payloadTooLarge.code, options.payloadTooLarge.message));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body('INTERNAL_ERROR', messages.generic.internal));
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    if (err.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', messages.generic.rateLimited));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      if (err instanceof SyntaxError) return reply.status(400).send(body('INVALID_JSON', messages.generic.badJson));
      return reply.status(err.statusCode).send(body('BAD_REQUEST', messages.generic.validation));
    }
    if (isDatabaseUnavailable(err)) {
      // A restart or an outage of PostgreSQL: the client may retry; the pool reconnects by itself.
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('SERVICE_UNAVAILABLE', messages.generic.serviceUnavailable));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', messages.generic.internal));
  });
}

export function notFoundBody() {
  return body('NOT_FOUND', messages.generic.notFoundRoute);
}
