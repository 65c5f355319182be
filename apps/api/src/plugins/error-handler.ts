import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
  RouteOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@kiyasla/contracts/messages';
import { validationMessages } from '@kiyasla/contracts/validation-messages';
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
  /**
   * The code of a schema failure whose first issue carries a given message, instead of
   * VALIDATION_ERROR. Only the first issue counts, the one 'first-field' shows: code and message
   * always name the same rule.
   */
  validationCodes?: Readonly<Record<string, string>>;
  /**
   * The answer to a body over the route's `bodyLimit`, instead of the generic 413; also to a
   * schema failure whose first issue carries this message (a field longer than the limit allows
   * for, under the body limit: the same refusal).
   */
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

/**
 * One field error of a schema failure. Zod reports issues in the schema's order (its fields as
 * declared, each field's rules in turn), so the first one is the first rule the input broke,
 * whatever order the client sent its keys in.
 */
function fieldError(context: string | undefined, issue: FastifySchemaValidationError): FieldError {
  const fields = String(issue.instancePath).split('/').filter(Boolean);
  // No field: the body itself is not an object (no body, null, a list, a text).
  const notAnObject = context === 'body' && fields.length === 0 && issue.keyword === 'invalid_type';
  return {
    path: [context, ...fields].filter(Boolean).join('.'),
    message: notAnObject ? validationMessages.body : (issue.message ?? messages.generic.validation),
  };
}

/** Maps Fastify's own client errors (bad JSON, too large, ...) onto our codes and Turkish text. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.generic.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: messages.generic.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: messages.generic.payloadTooLarge },
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    status: 415,
    code: 'UNSUPPORTED_CONTENT_ENCODING',
    message: messages.generic.unsupportedContentEncoding,
  },
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
      const errors = err.validation.map((v) => fieldError(err.validationContext, v));
      const first = errors[0];
      const tooLarge = options.payloadTooLarge;
      if (tooLarge && first?.message === tooLarge.message) {
        return reply.status(413).send(body(tooLarge.code, tooLarge.message));
      }
      const code = (first && options.validationCodes?.[first.message]) ?? 'VALIDATION_ERROR';
      const message =
        options.validationMessage === 'first-field' && first ? first.message : messages.generic.validation;
      return reply.status(400).send(body(code, message, errors));
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

const API_PREFIX = '/api/';

/** A route path as segments: a `:param` matches one segment, a trailing `*` the rest. */
function matchesPath(pattern: readonly string[], path: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === '*' && i === pattern.length - 1) return true;
    const segment = path[i];
    if (segment === undefined) return false;
    if (part.startsWith(':') ? segment === '' : part !== segment) return false;
  }
  return pattern.length === path.length;
}

/**
 * The answer of the /api catch-all: 405 METHOD_NOT_ALLOWED with `Allow` for a path that exists
 * with other methods (a client's mistake it can fix, not a missing address), else 404. Fastify's
 * router only says "no route for this method": the routes are recorded here as they are added, so
 * call this before any /api route is registered. The catch-all's own `/api/*` and routes outside
 * /api (the web pages take every method) never make a path exist.
 */
export function apiFallback(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const routes: { methods: string[]; pattern: string[] }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(API_PREFIX) || route.url === `${API_PREFIX}*`) return;
    const methods = [route.method].flat();
    // Fastify answers HEAD for every GET route (exposeHeadRoutes).
    if (methods.includes('GET')) methods.push('HEAD');
    routes.push({ methods, pattern: route.url.split('/') });
  });
  return async (request, reply) => {
    const path = request.url.split('?', 1)[0]!.split('/');
    const allowed = new Set(routes.filter((r) => matchesPath(r.pattern, path)).flatMap((r) => r.methods));
    if (allowed.size === 0 || allowed.has(request.method)) {
      await reply.status(404).send(notFoundBody());
      return;
    }
    await reply
      .status(405)
      .header('allow', [...allowed].join(', '))
      .send(body('METHOD_NOT_ALLOWED', messages.generic.methodNotAllowed));
  };
}
