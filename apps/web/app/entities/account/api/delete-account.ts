import type { DeleteAccountRequest } from '@kiyasla/contracts/account';
import { apiRequest } from '~/lib/api-client';

/**
 * DELETE /auth/account {password} (or {confirmEmail} for accounts without a password). Every
 * session ends; the data is purged after 30 days.
 */
export async function deleteAccount(input: DeleteAccountRequest): Promise<string | undefined> {
  const { message } = await apiRequest<null>('/auth/account', { method: 'DELETE', json: input });
  return message;
}
