import type { UpdateDetailsRequest } from '@kiyasla/contracts/account';
import type { User } from '@kiyasla/contracts/user';
import { apiRequest } from '~/lib/api-client';

/**
 * PUT /auth/update-details {firstName, lastName, phone, address, bio, avatar}: the e-mail cannot
 * change; `avatar` is a data URL to upload, the current URL to keep, or null to remove.
 */
export async function updateDetails(input: UpdateDetailsRequest): Promise<User> {
  const { data } = await apiRequest<User>('/auth/update-details', { method: 'PUT', json: input });
  return data;
}
