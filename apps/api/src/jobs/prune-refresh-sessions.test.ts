import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../db/client';
import { analyticsBounds } from '../modules/admin/analytics/admin-analytics.service';
import { userFigures } from '../modules/admin/analytics/admin-analytics.repo';
import { refreshSession } from '../modules/auth/sessions.service';
import { hashToken, randomToken } from '../modules/auth/tokens';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';
import {
  ENDED_SESSION_RETENTION_DAYS,
  pruneRefreshSessions,
  ROTATED_SESSION_RETENTION_DAYS,
} from './prune-refresh-sessions';

/** PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 180_000);
afterAll(() => handle?.close());

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

interface SessionRow {
  userId: string;
  familyId?: string;
  token?: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt?: Date;
  /** The row of the token that replaced this one: the row was rotated. */
  replacedBy?: string;
  revoked?: { at: Date; reason: string };
  remember?: boolean;
}

/** A `refresh_sessions` row as the auth code leaves it; answers its id. */
async function session(s: SessionRow): Promise<string> {
  const revoked = s.replacedBy ? { at: at(s.createdAt, MINUTE_MS), reason: 'rotated' } : s.revoked;
  const [row] = await rows<{ id: string }>(
    handle.db,
    sql`
      insert into refresh_sessions (user_id, family_id, token_hash, expires_at, revoked_at, revoked_reason,
                                    replaced_by_id, remember, created_at, last_used_at)
      values (${s.userId}::uuid, ${s.familyId ?? randomUUID()}::uuid, ${hashToken(s.token ?? randomToken())},
              ${s.expiresAt.toISOString()}::timestamptz, ${revoked?.at.toISOString() ?? null}::timestamptz,
              ${revoked?.reason ?? null}, ${s.replacedBy ?? null}::uuid, ${s.remember ?? false},
              ${s.createdAt.toISOString()}::timestamptz, ${s.lastUsedAt?.toISOString() ?? null}::timestamptz)
      returning id`,
  );
  return row!.id;
}

/** The database, counting the statements run through it. */
function counting(db: Database): { db: Database; statements: () => number } {
  let n = 0;
  const spy = new Proxy(db, {
    get: (target, prop, receiver) =>
      prop === 'execute'
        ? (query: SQL) => {
            n += 1;
            return target.execute(query);
          }
        : Reflect.get(target, prop, receiver),
  });
  return { db: spy, statements: () => n };
}

const left = async (userId: string) =>
  (await rows<{ id: string }>(handle.db, sql`select id from refresh_sessions where user_id = ${userId}::uuid`)).map(
    (r) => r.id,
  );

describe('pruneRefreshSessions', () => {
  it(`deletes rotated rows ${ROTATED_SESSION_RETENTION_DAYS} days and sessions' newest rows ${ENDED_SESSION_RETENTION_DAYS} days past their expiry, in batches; keeps the rest`, async () => {
    const now = new Date();
    const user = await makeUser(handle.db);
    const expiredAgo = (days: number, minutes: number) => at(now, -days * DAY_MS + minutes * MINUTE_MS);
    const rotated = (expiresAt: Date) =>
      session({ userId: user, createdAt: at(expiresAt, -DAY_MS), expiresAt, replacedBy: randomUUID() });
    const newest = (expiresAt: Date, revoked?: string) =>
      session({
        userId: user,
        createdAt: at(expiresAt, -DAY_MS),
        expiresAt,
        revoked: revoked ? { at: at(expiresAt, -MINUTE_MS), reason: revoked } : undefined,
      });

    const gone = [
      await rotated(expiredAgo(ROTATED_SESSION_RETENTION_DAYS, -1)),
      await rotated(expiredAgo(ROTATED_SESSION_RETENTION_DAYS + 5, 0)),
      await rotated(expiredAgo(ENDED_SESSION_RETENTION_DAYS + 10, 0)),
      await newest(expiredAgo(ENDED_SESSION_RETENTION_DAYS, -1)),
      await newest(expiredAgo(ENDED_SESSION_RETENTION_DAYS + 3, 0), 'logout'),
    ];
    const kept = [
      await rotated(expiredAgo(ROTATED_SESSION_RETENTION_DAYS, 1)),
      await rotated(expiredAgo(1, 0)),
      // A rotated token still in its lifetime (its session refreshed since).
      await rotated(at(now, 10 * DAY_MS)),
      // Ended sessions: expired, signed out, revoked for reuse; the newest row is their record.
      await newest(expiredAgo(ENDED_SESSION_RETENTION_DAYS, 1)),
      await newest(expiredAgo(ROTATED_SESSION_RETENTION_DAYS + 5, 0)),
      await newest(expiredAgo(ENDED_SESSION_RETENTION_DAYS - 1, 0), 'reuse'),
      // A live session, and one signed out before its expiry.
      await newest(at(now, 20 * DAY_MS)),
      await newest(at(now, DAY_MS), 'logout'),
    ];

    // Batches of 2: three rotated rows take two statements, two newest rows two (the last finds none).
    const { db, statements } = counting(handle.db);
    expect(await pruneRefreshSessions(db, { now, batch: 2 })).toEqual({ rotated: 3, ended: 2 });
    expect(statements()).toBe(4);
    expect((await left(user)).sort()).toEqual([...kept].sort());
    for (const id of gone) expect(await left(user)).not.toContain(id);
    // Idempotent.
    expect(await pruneRefreshSessions(handle.db, { now, batch: 2 })).toEqual({ rotated: 0, ended: 0 });
  });

  it('stops after maxBatches batches a pass, and the next pass goes on', async () => {
    const now = new Date();
    const user = await makeUser(handle.db);
    const expiresAt = at(now, -(ROTATED_SESSION_RETENTION_DAYS + 2) * DAY_MS);
    for (let i = 0; i < 5; i++) {
      await session({ userId: user, createdAt: at(expiresAt, -DAY_MS), expiresAt, replacedBy: randomUUID() });
    }
    expect(await pruneRefreshSessions(handle.db, { now, batch: 2, maxBatches: 1 })).toEqual({ rotated: 2, ended: 0 });
    expect(await left(user)).toHaveLength(3);
    expect(await pruneRefreshSessions(handle.db, { now, batch: 2, maxBatches: 1, shouldStop: () => true })).toEqual({
      rotated: 0,
      ended: 0,
    });
    expect(await pruneRefreshSessions(handle.db, { now, batch: 2 })).toEqual({ rotated: 3, ended: 0 });
    expect(await left(user)).toHaveLength(0);
  });

  it('keeps a rotated token a thief may present: reuse detection still revokes its session after the prune', async () => {
    const now = new Date();
    const user = await makeUser(handle.db);
    const familyId = randomUUID();
    const stolen = randomToken();
    // "Beni hatırla": the token was issued 40 days ago and rotated the next day; the session lives on.
    const head = await session({
      userId: user,
      familyId,
      createdAt: at(now, -39 * DAY_MS),
      expiresAt: at(now, 20 * DAY_MS),
      lastUsedAt: at(now, -MINUTE_MS),
      remember: true,
    });
    await session({
      userId: user,
      familyId,
      token: stolen,
      createdAt: at(now, -40 * DAY_MS),
      expiresAt: at(now, -10 * DAY_MS),
      replacedBy: head,
      remember: true,
    });

    await pruneRefreshSessions(handle.db, { now });
    const deps = { db: handle.db, config: { jwtSecret: 'test-secret-test-secret-test-secret-123456' } };
    await expect(refreshSession(deps, stolen, 30, { userAgent: null, ip: null }, now)).rejects.toMatchObject({
      code: 'REFRESH_REUSED',
    });
    const [live] = await rows<{ revoked_reason: string | null }>(
      handle.db,
      sql`select revoked_reason from refresh_sessions where id = ${head}::uuid`,
    );
    expect(live?.revoked_reason).toBe('reuse');
  });

  it('keeps what the active-user figure of the longest analytics period reads', async () => {
    // 31 December 23:30 in Turkey of a leap year: the calendar year reaches furthest back.
    const now = new Date('2028-12-31T20:30:00Z');
    const { periodStart } = analyticsBounds('year', now);
    const user = await makeUser(handle.db);
    const familyId = randomUUID();
    // A session used once, in the year's first hours, and refreshed twice then.
    const expiresAt = at(periodStart, DAY_MS);
    const head = await session({
      userId: user,
      familyId,
      createdAt: at(periodStart, 2 * MINUTE_MS),
      lastUsedAt: at(periodStart, 3 * MINUTE_MS),
      expiresAt,
      revoked: { at: at(periodStart, 4 * MINUTE_MS), reason: 'logout' },
    });
    const middle = await session({
      userId: user,
      familyId,
      createdAt: at(periodStart, MINUTE_MS),
      expiresAt,
      replacedBy: head,
    });
    await session({
      userId: user,
      familyId,
      createdAt: at(periodStart, -MINUTE_MS),
      lastUsedAt: at(periodStart, MINUTE_MS),
      expiresAt,
      replacedBy: middle,
    });
    const bounds = analyticsBounds('year', now);
    const before = await userFigures(handle.db, bounds);

    expect(before.active).toBe(1);

    await pruneRefreshSessions(handle.db, { now });
    // The rotated rows went (expired a year ago); the newest, whose last use is in the period, stays.
    expect(await left(user)).toEqual([head]);
    expect((await userFigures(handle.db, bounds)).active).toBe(1);
  });
});
