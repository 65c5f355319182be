import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts';

export { DEMO_ACCOUNTS };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<AuthSession> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: AuthSession }).data;
}

let counter = 0;
/** Registers a new account with a unique e-mail and returns its session and password. */
export async function registerUser(
  app: FastifyInstance,
  fields: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<AuthSession & { password: string }> {
  counter += 1;
  const password = fields.password ?? 'Güçlü.Şifre1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      firstName: 'Deneme',
      lastName: 'Kullanıcı',
      email: `kisi${counter}.${Date.now()}@example.com`,
      ...fields,
      password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as { data: AuthSession }).data, password };
}
