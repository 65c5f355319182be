import type { AuthSession } from '@kiyasla/contracts/auth';
import { apiRequest } from '~/lib/api-client';

/** POST /auth/facebook with the access token and user id the Facebook SDK's login hands back. */
export async function facebookLogin(input: {
  accessToken: string;
  userID: string;
  rememberMe?: boolean;
}): Promise<AuthSession> {
  const { data } = await apiRequest<AuthSession>('/auth/facebook', { method: 'POST', json: input, auth: false });
  return data;
}
