import {
  EMAIL_VERIFICATION_ERROR_CODES as CODES,
  type EmailVerificationStatus,
} from '@kiyasla/contracts/email-verification';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { apiRequest, errorMessage, isApiError, type ApiRequestInit } from '~/lib/api-client';

/** What /verify-email shows: the link's outcome and the server's Turkish sentence for it. */
export interface VerifyEmailOutcome {
  kind: EmailVerificationStatus | 'invalid' | 'expired' | 'superseded' | 'email-changed' | 'failed';
  message: string;
}

const KIND_OF_CODE: Record<string, VerifyEmailOutcome['kind']> = {
  [CODES.invalid]: 'invalid',
  [CODES.expired]: 'expired',
  [CODES.superseded]: 'superseded',
  [CODES.emailChanged]: 'email-changed',
};

/**
 * POST /auth/verify-email {token} from the page's server loader: confirms the address the link
 * was mailed to. A refusal of the link is an outcome to show, not an error; a rate limit (429) is
 * thrown for the loader to refuse the page, anything else is `failed` (try again).
 */
export async function confirmEmailLink(token: string, init: ApiRequestInit = {}): Promise<VerifyEmailOutcome> {
  if (token.length < 20) return { kind: 'invalid', message: authMessages.verificationTokenInvalid };
  try {
    const { data, message } = await apiRequest<{ status: EmailVerificationStatus }>('/auth/verify-email', {
      ...init,
      method: 'POST',
      json: { token },
      auth: false,
    });
    const fallback = data.status === 'verified' ? authMessages.emailVerified : authMessages.emailAlreadyVerified;
    return { kind: data.status, message: message ?? fallback };
  } catch (error) {
    if (isApiError(error) && error.status === 429) throw error;
    const kind = isApiError(error) ? KIND_OF_CODE[error.code] : undefined;
    return { kind: kind ?? 'failed', message: errorMessage(error, genericMessages.errorRetry) };
  }
}
