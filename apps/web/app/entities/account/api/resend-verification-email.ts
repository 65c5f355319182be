import {
  EMAIL_VERIFICATION_ERROR_CODES,
  EMAIL_VERIFICATION_RESEND_SECONDS,
  type VerificationResent,
} from '@kiyasla/contracts/email-verification';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { apiErrorFrom, apiFetchRaw } from '~/lib/api-client';

export type ResendOutcome =
  /** Sent; the next one is accepted after `waitSeconds`. */
  | { kind: 'sent'; message: string; waitSeconds: number }
  /** Too soon, or the day's limit: the server's Turkish reason and its Retry-After. */
  | { kind: 'limited'; message: string; waitSeconds: number }
  /** The address was verified meanwhile (another tab, the link opened elsewhere). */
  | { kind: 'already-verified'; message: string };

/**
 * POST /auth/verify-email/resend: mails the signed-in member a new verification link (at most one
 * a minute and five in 24 hours; the older links stop working). Other failures throw the ApiError.
 */
export async function resendVerificationEmail(): Promise<ResendOutcome> {
  const response = await apiFetchRaw('/auth/verify-email/resend', { method: 'POST' });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    code?: string;
    data?: VerificationResent;
  } | null;
  if (response.ok && body?.success) {
    return {
      kind: 'sent',
      message: body.message ?? authMessages.verificationSent(body.data?.email ?? ''),
      waitSeconds: body.data?.resendAfterSeconds ?? EMAIL_VERIFICATION_RESEND_SECONDS,
    };
  }
  const error = apiErrorFrom(response, body);
  if (error.code === EMAIL_VERIFICATION_ERROR_CODES.rateLimited) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'limited',
      message: error.message,
      waitSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : EMAIL_VERIFICATION_RESEND_SECONDS,
    };
  }
  if (error.code === EMAIL_VERIFICATION_ERROR_CODES.alreadyVerified) {
    return { kind: 'already-verified', message: error.message };
  }
  throw error;
}
