import type { User } from '@kiyasla/contracts/user';
import { apiGet } from '~/lib/api-client';

/** GET /auth/me: the signed-in user as the server knows it now. */
export function getMe(): Promise<User> {
  return apiGet<User>('/auth/me');
}
