import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import type { AuthErrorCode } from '@kiyasla/contracts/auth-errors';
import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../plugins/error-handler';
import { RetryLaterError } from './login-throttle';

/*
 * What every /api/auth/* route shares, whether it lives in modules/auth (sign-in, sessions,
 * password) or modules/account (the signed-in user's own account).
 */

export const authErrorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  423: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
export const bearerSecurity = [{ bearerAuth: [] }];
export const emptyReply = okEnvelope(z.null());

const AVATAR_FILES = '/api/auth/avatars/';

/**
 * A token that cannot be one (a reset link cut short, an empty Google credential) is answered
 * with the code of a token refused, as its message already says: one message, one code, and the
 * client reacts the same way (the reset page offers a new link, a dead refresh token signs out).
 */
const MALFORMED_TOKEN_CODES: Record<string, AuthErrorCode> = {
  [messages.auth.resetTokenInvalid]: 'RESET_TOKEN_INVALID',
  [messages.auth.verificationTokenInvalid]: 'EMAIL_VERIFICATION_INVALID',
  [messages.auth.tokenInvalid]: 'REFRESH_INVALID',
  [messages.auth.googleFailed]: 'SOCIAL_TOKEN_INVALID',
  [messages.auth.facebookFailed]: 'SOCIAL_TOKEN_INVALID',
};

/**
 * For a route module under /api/auth: responses carry tokens and personal data, so browsers and
 * proxies never cache them (avatar pictures excepted); schema failures answer with the rule's own
 * message (e.g. the name rule of §5) instead of a generic one.
 */
export function authRouteDefaults(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith(AVATAR_FILES)) reply.header('cache-control', 'no-store');
  });
  // A lock or a wait that ends at a known time says when (RFC 9110 Retry-After, in seconds).
  app.addHook('onError', async (_req, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  errorResponses(app, { validationMessage: 'first-field', validationCodes: MALFORMED_TOKEN_CODES });
}

/** Per-IP limit on the endpoints that take credentials (on top of the per-account lockout). */
export function signInLimit(app: FastifyInstance, factor = 1) {
  return {
    rateLimit: {
      max: app.config.authRateLimitMax * factor,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', messages.auth.loginRateLimited),
    },
  };
}
