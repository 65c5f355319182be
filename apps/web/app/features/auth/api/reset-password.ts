import type { ResetPasswordRequest } from '@kiyasla/contracts/auth';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { apiRequest } from '~/lib/api-client';

/** POST /auth/reset-password {token, password}: sets the new password; every session ends. */
export async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  const { message } = await apiRequest<null>('/auth/reset-password', { method: 'POST', json: input, auth: false });
  return message ?? authMessages.passwordReset;
}
