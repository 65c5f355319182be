import type { AuthSession } from '@kiyasla/contracts/auth';
import { apiRequest } from '~/lib/api-client';

/** POST /auth/google with the Google Identity Services `credential` (an ID token). */
export async function googleLogin(input: { credential: string; rememberMe?: boolean }): Promise<AuthSession> {
  const { data } = await apiRequest<AuthSession>('/auth/google', { method: 'POST', json: input, auth: false });
  return data;
}
