import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';
import type { DbHandle } from './client';

/**
 * A notification always belongs to an existing user (migration 0023, ADR 017): statement-level
 * triggers instead of a foreign key refuse a notification of no one and delete a deleted user's
 * notifications.
 */
let handle: DbHandle;
const db = () => handle.db;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** The SQLSTATE of a driver error, also when drizzle wrapped it (`cause`). */
function sqlState(err: unknown): unknown {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return sqlState(err);
  }
  return 'no error';
}

async function notificationsOf(userId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from notifications where user_id = ${userId}::uuid`,
  );
  return r!.n;
}

const notify = (userId: string, title = 'Deneme') =>
  sql`insert into notifications (user_id, title, message) values (${userId}::uuid, ${title}, 'Mesaj')`;

describe('notifications belong to existing users', () => {
  it('refuses a notification of a user that does not exist, and writes none of its statement', async () => {
    const user = await makeUser(db());
    expect(await failure(() => db().execute(notify(randomUUID())))).toBe('23503');
    // One bad row in a set-based insert: the statement writes nothing.
    expect(
      await failure(() =>
        db().execute(sql`
          insert into notifications (user_id, title, message)
          select u, 'Toplu', 'Mesaj' from unnest(${`{${user},${randomUUID()}}`}::uuid[]) u`),
      ),
    ).toBe('23503');
    expect(await notificationsOf(user)).toBe(0);

    await db().execute(notify(user));
    expect(await notificationsOf(user)).toBe(1);
  });

  it('never moves a notification to another user, existing or not', async () => {
    const [a, b] = [await makeUser(db()), await makeUser(db())];
    await db().execute(notify(a));
    for (const to of [b, randomUUID()]) {
      expect(
        await failure(() =>
          db().execute(sql`update notifications set user_id = ${to}::uuid where user_id = ${a}::uuid`),
        ),
      ).toBe('23503');
    }
    expect(await notificationsOf(a)).toBe(1);
    // Other changes of a notification go through.
    await db().execute(sql`update notifications set is_read = true where user_id = ${a}::uuid`);
  });

  it("deleting users deletes their notifications and no one else's", async () => {
    const [gone, alsoGone, stays] = [await makeUser(db()), await makeUser(db()), await makeUser(db())];
    for (const u of [gone, gone, alsoGone, stays]) await db().execute(notify(u));
    await db().execute(sql`delete from users where id = any (${`{${gone},${alsoGone}}`}::uuid[])`);
    expect(await notificationsOf(gone)).toBe(0);
    expect(await notificationsOf(alsoGone)).toBe(0);
    expect(await notificationsOf(stays)).toBe(1);
  });
});

/**
 * The race the foreign key's row lock used to settle: a user deleted while a notification of theirs
 * is being written. Either order ends without a notification of the deleted user.
 */
describe.runIf(inject('testDatabaseTemplate'))('a user deleted while a notification is written (PostgreSQL)', () => {
  /** Runs `first` in a transaction held open until `second` (on another connection) is waiting on it. */
  async function overlap(first: ReturnType<typeof sql>, second: ReturnType<typeof sql>) {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const firstDone = new Promise<void>((r) => (started = r));
    const one = db().transaction(async (tx) => {
      await tx.execute(first);
      started();
      await held;
    });
    await firstDone;
    const two = db()
      .execute(second)
      .then(
        () => 'ok',
        (err: unknown) => sqlState(err),
      );
    // The second statement waits on the first transaction's lock: give it time to queue up.
    for (let i = 0; i < 100; i++) {
      const waiting = await rows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await one;
    return two;
  }

  it('a notification written first is deleted with its user', async () => {
    const user = await makeUser(db());
    const outcome = await overlap(notify(user, 'Önce'), sql`delete from users where id = ${user}::uuid`);
    expect(outcome).toBe('ok');
    expect(await notificationsOf(user)).toBe(0);
  });

  it('a notification written while the user is being deleted is refused', async () => {
    const user = await makeUser(db());
    const outcome = await overlap(sql`delete from users where id = ${user}::uuid`, notify(user, 'Sonra'));
    expect(outcome).toBe('23503');
    expect(await notificationsOf(user)).toBe(0);
  });
});
