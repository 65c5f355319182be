import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { consumePriceChanges } from '../../../jobs/price-change-consumer';
import { sqlRows } from '../../../lib/sql-rows';
import { alertAndFavorite, makeUser, settleAllEvents } from '../../../test/price-alerts';
import { announceCountsChanged, announceCountsOf, onCountsChanged } from './live-counts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
}, 120_000);
afterAll(() => t?.close());

/** Listens for these users' signals: `heard` counts them, `everyone` resolves once each was heard (10 s at most). */
function listen(users: readonly string[]) {
  const heard = new Map<string, number>();
  const everyone = new Promise<void>((resolve) => {
    for (const id of users) {
      onCountsChanged(id, () => {
        heard.set(id, (heard.get(id) ?? 0) + 1);
        if (heard.size === users.length) resolve();
      });
    }
  });
  return { heard, everyone: Promise.race([everyone, new Promise((r) => setTimeout(r, 10_000))]) };
}

/** Every user heard, and (after a short wait for anything sent twice) exactly once. */
async function expectEachHeardOnce(heard: Map<string, number>, users: readonly string[]) {
  expect(heard.size).toBe(users.length);
  await new Promise((r) => setTimeout(r, 300));
  expect([...heard.values()].every((n) => n === 1)).toBe(true);
}

describe('announceCountsChanged', () => {
  it('signals every user once at the commit, in several messages of one statement, and nothing on a rollback', async () => {
    // 450 users: three NOTIFY messages (200 ids each at most).
    const users = Array.from({ length: 450 }, () => randomUUID());
    const { heard, everyone } = listen(users);

    await expect(
      t.db.db.transaction(async (tx) => {
        await announceCountsChanged(tx, users.slice(0, 10));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // Every id twice in the input: each user is still announced once.
    await t.db.db.transaction((tx) => announceCountsChanged(tx, [...users, ...users]));
    await everyone;
    // Nothing twice, and nothing left over from the rolled-back transaction.
    await expectEachHeardOnce(heard, users);
  });

  it('sends nothing for no users', async () => {
    await expect(announceCountsChanged(t.db.db, [])).resolves.toBeUndefined();
  });
});

describe('announceCountsOf (inside a statement)', () => {
  it("signals each distinct user of the statement's rows once, in messages of 200 ids", async () => {
    const users = Array.from({ length: 450 }, () => randomUUID());
    const { heard, everyone } = listen(users);
    // Each user on two rows, as a user with two favorited products gets two notifications.
    const ids = `{${[...users, ...users].join(',')}}`;
    const [r] = sqlRows<{ messages: number }>(
      await t.db.db.execute(sql`
        with rows_written as (select u as user_id from unnest(${ids}::uuid[]) u),
             announced as (${announceCountsOf(sql`rows_written`)})
        select count(*)::int as messages from announced`),
    );
    expect(r!.messages).toBe(3);
    await everyone;
    await expectEachHeardOnce(heard, users);
  });
});

describe("the price-change consumer's announcements", () => {
  it('announces the counts of the user whose alert fired and of the user whose favorite fell, at the commit', async () => {
    const db = t.db.db;
    await settleAllEvents(db);
    const [alertOwner, fan] = [await makeUser(db), await makeUser(db)];
    const { drop } = await alertAndFavorite(db, alertOwner, fan, 400);
    const { heard, everyone } = listen([alertOwner, fan]);
    await drop();
    const r = await consumePriceChanges(db);
    expect(r).toMatchObject({ done: 1, priceDrops: 1 });
    expect(r.fired).toHaveLength(1);
    await everyone;
    await expectEachHeardOnce(heard, [alertOwner, fan]);
  });
});
