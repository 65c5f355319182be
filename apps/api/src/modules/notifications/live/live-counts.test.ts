import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { announceCountsChanged, onCountsChanged } from './live-counts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
}, 120_000);
afterAll(() => t?.close());

describe('announceCountsChanged', () => {
  it('signals every user once at the commit, in several messages of one statement, and nothing on a rollback', async () => {
    // 450 users: three NOTIFY messages (200 ids each at most).
    const users = Array.from({ length: 450 }, () => randomUUID());
    const heard = new Map<string, number>();
    const everyoneHeard = new Promise<void>((resolve) => {
      for (const id of users) {
        onCountsChanged(id, () => {
          heard.set(id, (heard.get(id) ?? 0) + 1);
          if (heard.size === users.length) resolve();
        });
      }
    });

    await expect(
      t.db.db.transaction(async (tx) => {
        await announceCountsChanged(tx, users.slice(0, 10));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // Every id twice in the input: each user is still announced once.
    await t.db.db.transaction((tx) => announceCountsChanged(tx, [...users, ...users]));
    await Promise.race([everyoneHeard, new Promise((r) => setTimeout(r, 10_000))]);
    expect(heard.size).toBe(450);
    // A short wait for anything sent twice (or left over from the rolled-back transaction).
    await new Promise((r) => setTimeout(r, 300));
    expect([...heard.values()].every((n) => n === 1)).toBe(true);
  });

  it('sends nothing for no users', async () => {
    await expect(announceCountsChanged(t.db.db, [])).resolves.toBeUndefined();
  });
});
