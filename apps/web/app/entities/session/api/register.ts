import type { AuthSession, RegisterRequest } from '@kiyasla/contracts/auth';
import { apiRequest } from '~/lib/api-client';

/** POST /auth/register: only firstName, lastName, email and password are sent (spec §3). */
export async function register(input: RegisterRequest): Promise<AuthSession> {
  const { firstName, lastName, email, password } = input;
  const { data } = await apiRequest<AuthSession>('/auth/register', {
    method: 'POST',
    json: { firstName, lastName, email, password },
    auth: false,
  });
  return data;
}
