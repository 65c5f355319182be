import type { FastifyInstance } from 'fastify';
import { errorEnvelopeSchema } from '@kiyasla/contracts/envelope';
import { errorResponses } from '../../plugins/error-handler';

/** The error answers every admin call documents: bad input, no session, wrong role, not found. */
export const adminErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
export const adminSecurity = [{ bearerAuth: [] }];
export const adminTags = ['admin'];

/** How every admin route plugin answers: validation errors naming the first field, never cached. */
export function adminReplies(app: FastifyInstance): void {
  errorResponses(app, { validationMessage: 'first-field' });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
