import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@kiyasla/contracts/messages';
import { AppError, type FieldError } from '../lib/errors';

interface ErrorBody {
  success: false;
  message: string;
  code: string;
  errors?: FieldError[];
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
 * and masked as a 500 so no stack trace or SQL reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? messages.generic.validation,
      }));
      return reply.status(400).send(body('VALIDATION_ERROR', messages.generic.validation, errors));
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
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', messages.generic.internal));
  });
}

export function notFoundBody() {
  return body('NOT_FOUND', messages.generic.notFoundRoute);
}
