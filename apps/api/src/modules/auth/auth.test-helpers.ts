import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AuthSession } from '@kiyasla/contracts/auth';
import type { SettingsGroup, SystemSettings } from '@kiyasla/contracts/settings';
import { buildApp } from '../../app';
import { testConfig, type AppConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { createTestDatabase } from '../../test/db';

export { DEMO_ACCOUNTS };

export interface TestContext {
  app: FastifyInstance;
  db: DbHandle;
}

/** A fresh seeded database and an app on it; close both with `closeTestApp`. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const db = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), db });
  beforeReady?.(app);
  await app.ready();
  return { app, db };
}

export async function closeTestApp(ctx: TestContext | undefined): Promise<void> {
  await ctx?.app.close();
  await ctx?.db.close();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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

/** Changes one admin settings group (as the admin screen would) and drops the cache. */
export async function setSettings<G extends SettingsGroup>(
  ctx: TestContext,
  group: G,
  patch: Partial<SystemSettings[G]>,
): Promise<void> {
  const [row] = await ctx.db.db.select().from(systemSettings).where(eq(systemSettings.group, group));
  await ctx.db.db
    .update(systemSettings)
    .set({ value: { ...(row?.value ?? {}), ...patch } })
    .where(eq(systemSettings.group, group));
  ctx.app.settings.invalidate();
}

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
