import type { ChangePasswordRequest } from '@kiyasla/contracts/account';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { apiRequest } from '~/lib/api-client';

/** PUT /auth/password {currentPassword, newPassword}: other devices' sessions end; this one stays. */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const { message } = await apiRequest<null>('/auth/password', { method: 'PUT', json: input });
  return message ?? authMessages.passwordChanged;
}
