import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { sessionCache } from '../modules/auth/session-cache';
import type { TestApp } from './app';
import { registerUser } from './accounts';

/** A new account on an active monthly premium plan (as a completed payment leaves it). */
export async function registerPremiumUser(t: Pick<TestApp, 'app' | 'db'>): Promise<AuthSession> {
  const session = await registerUser(t.app as FastifyInstance);
  await t.db.db.execute(sql`
    update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
           subscription_start = now(), subscription_end = now() + interval '30 days'
     where id = ${session.user._id}::uuid`);
  sessionCache.clear();
  return session;
}
