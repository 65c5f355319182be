import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import {
  phoneStatusSchema,
  phoneVerificationConfirmSchema,
  phoneVerificationRequestSchema,
  SMS_ERROR_CODES,
  smsMessages,
} from '@kiyasla/contracts/sms';
import { ok } from '../../lib/reply';
import { errorResponses } from '../../plugins/error-handler';
import { currentUser, requireUser } from '../../plugins/policies';
import { sessionCache } from '../auth/session-cache';
import type { SmsProvider } from './sms-provider';
import { confirmPhoneVerification, phoneStatus, startPhoneVerification } from './sms.service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];

/** /api/sms: the signed-in user's phone verification (SMS notifications go only to a verified number). */
export async function smsRoutes(app: FastifyInstance, opts: { provider: SmsProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.dbHandle.db,
    provider: opts.provider,
    siteName: async () => (await app.settings.group('general')).siteName,
  };
  // A number or a code that cannot be one gets the answer of a wrong one: one message, one code.
  errorResponses(app, {
    validationMessage: 'first-field',
    validationCodes: {
      [smsMessages.phoneInvalid]: SMS_ERROR_CODES.phoneInvalid,
      [smsMessages.codeInvalid]: SMS_ERROR_CODES.codeInvalid,
    },
  });

  r.get(
    '/sms/phone',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Telefon numarası ve SMS bildirimleri için doğrulanıp doğrulanmadığı',
        security,
        response: { 200: okEnvelope(phoneStatusSchema), ...errors },
      },
    },
    async (req) => ok(await phoneStatus(deps, currentUser(req).id)),
  );

  r.post(
    '/sms/phone-verification',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Numaraya SMS ile doğrulama kodu gönderir (10 dakika geçerli, dakikada bir)',
        security,
        body: phoneVerificationRequestSchema,
        response: { 200: okEnvelope(z.object({ phone: z.string() })), ...errors },
      },
    },
    async (req) =>
      ok(
        { phone: await startPhoneVerification(deps, currentUser(req).id, req.body.phone) },
        {
          message: smsMessages.codeSent,
        },
      ),
  );

  r.post(
    '/sms/phone-verification/confirm',
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Kodu doğrular; numara SMS bildirimleri için doğrulanmış olur',
        security,
        body: phoneVerificationConfirmSchema,
        response: { 200: okEnvelope(phoneStatusSchema), ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const phone = await confirmPhoneVerification(deps, user.id, req.body.code);
      sessionCache.forgetUser(user.id);
      return ok({ phone, verified: true }, { message: smsMessages.verified });
    },
  );
}
