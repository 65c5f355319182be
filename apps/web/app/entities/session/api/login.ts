import type { AuthSession, LoginRequest } from '@kiyasla/contracts/auth';
import { apiRequest } from '~/lib/api-client';

/** POST /auth/login {email, password, rememberMe} → { user, token, refreshToken }. */
export async function login(input: LoginRequest): Promise<AuthSession> {
  const { data } = await apiRequest<AuthSession>('/auth/login', { method: 'POST', json: input, auth: false });
  return data;
}
