import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { DbHandle } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';

/**
 * The retention jobs run by themselves in a listening server, in its hourly pass, and say what
 * they did: read notifications, finished deliveries, used-up refresh sessions and old analytics
 * events past their retention are gone; what is still within it stays.
 */
let db: DbHandle;
let t: TestApp;
let info: ReturnType<typeof vi.fn>;
let user: string;
const ids: Record<string, string> = {};

const one = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(db.db, query))[0]!.id;

beforeAll(async () => {
  db = await createTestDatabase();
  user = await makeUser(db.db);
  const notification = (read: boolean, daysAgo: number) =>
    one(sql`insert into notifications (user_id, type, title, message, is_read, created_at)
            values (${user}::uuid, 'system', 'Duyuru', 'Mesaj', ${read}, now() - make_interval(days => ${daysAgo}))
            returning id::text as id`);
  const session = (replaced: boolean, expiredDaysAgo: number) =>
    one(sql`insert into refresh_sessions (user_id, family_id, token_hash, expires_at, revoked_at, revoked_reason, replaced_by_id, created_at)
            values (${user}::uuid, ${randomUUID()}::uuid, ${randomUUID()}, now() - make_interval(days => ${expiredDaysAgo}),
                    ${replaced ? sql`now() - make_interval(days => ${expiredDaysAgo + 1})` : null},
                    ${replaced ? 'rotated' : null}, ${replaced ? randomUUID() : null}::uuid,
                    now() - make_interval(days => ${expiredDaysAgo + 1}))
            returning id::text as id`);
  const event = (daysAgo: number) =>
    one(sql`insert into analytics_events (type, created_at) values ('product_view', now() - make_interval(days => ${daysAgo}))
            returning id::text as id`);
  const delivery = async (daysAgo: number) =>
    one(sql`insert into notification_deliveries (notification_id, user_id, channel, status, created_at)
            values (${await notification(false, daysAgo)}::uuid, ${user}::uuid, 'email', 'sent',
                    now() - make_interval(days => ${daysAgo}))
            returning id::text as id`);

  ids.oldNotification = await notification(true, 91);
  ids.keptNotification = await notification(true, 89);
  ids.oldDelivery = await delivery(91);
  ids.keptDelivery = await delivery(89);
  ids.oldRotated = await session(true, 31);
  ids.keptRotated = await session(true, 29);
  ids.oldSession = await session(false, 401);
  ids.keptSession = await session(false, 399);
  ids.oldEvent = await event(401);
  ids.keptEvent = await event(399);

  t = await createTestApp({
    db,
    beforeReady: (app) => {
      info = vi.fn();
      vi.spyOn(app.log, 'info').mockImplementation(info as never);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await db?.close();
});

const present = async () => {
  const found = await rows<{ id: string }>(
    db.db,
    sql`select id::text as id from notifications where user_id = ${user}::uuid
        union all select id::text from notification_deliveries where user_id = ${user}::uuid
        union all select id::text from refresh_sessions where user_id = ${user}::uuid
        union all select id::text from analytics_events where id = any (${`{${ids.oldEvent},${ids.keptEvent}}`}::bigint[])`,
  );
  return new Set(found.map((r) => r.id));
};

it('deletes what is past its retention once the server listens, keeps the rest, and logs how many went', async () => {
  const old = [ids.oldNotification, ids.oldDelivery, ids.oldRotated, ids.oldSession, ids.oldEvent];
  await vi.waitFor(
    async () => {
      const left = await present();
      expect(old.filter((id) => left.has(id!))).toEqual([]);
    },
    { timeout: 15_000, interval: 100 },
  );
  const left = await present();
  for (const id of [ids.keptNotification, ids.keptDelivery, ids.keptRotated, ids.keptSession, ids.keptEvent]) {
    expect(left.has(id!)).toBe(true);
  }
  await vi.waitFor(() => {
    expect(info).toHaveBeenCalledWith({ pruned: 1 }, 'pruned read notifications past their retention');
    expect(info).toHaveBeenCalledWith({ pruned: 1 }, 'pruned finished notification deliveries past their retention');
    expect(info).toHaveBeenCalledWith({ rotated: 1, ended: 1 }, 'pruned refresh sessions past their retention');
    expect(info).toHaveBeenCalledWith({ pruned: 1 }, 'pruned analytics events past their retention');
  });
});
