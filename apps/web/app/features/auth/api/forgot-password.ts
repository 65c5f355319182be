import type { ForgotPasswordRequest } from '@kiyasla/contracts/auth';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { apiRequest } from '~/lib/api-client';

/**
 * POST /auth/forgot-password {email}. The answer is the same whether or not the address is
 * registered; resolves to the text to show.
 */
export async function forgotPassword(input: ForgotPasswordRequest): Promise<string> {
  const { message } = await apiRequest<null>('/auth/forgot-password', { method: 'POST', json: input, auth: false });
  return message ?? authMessages.resetRequested;
}
