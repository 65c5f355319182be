import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { makeUser, rows } from '../../test/price-alerts';
import { sendSystemNotification } from './system-notifications';
import { failingTransaction } from '../../test/failing-db';

/**
 * On a real PostgreSQL server (a pool, so the requests' transactions really overlap): requests of
 * one system notification racing, one of them failing half-way, still notify each recipient once.
 */
describe.runIf(inject('testDatabaseTemplate'))('system notifications racing on PostgreSQL', () => {
  let handle: DbHandle;
  let actor: { id: string; email: string; role: string; requestId: null; ip: null };

  beforeAll(async () => {
    handle = await createTestDatabase();
    for (let i = 0; i < 12; i++) await makeUser(handle.db, false);
    const [admin] = await rows<{ id: string }>(handle.db, sql`select id from users where role = 'admin' limit 1`);
    actor = { id: admin!.id, email: 'sistem@kiyasla.test', role: 'admin', requestId: null, ip: null };
  }, 180_000);
  afterAll(() => handle?.close());

  async function activeUsers(): Promise<number> {
    const [{ n }] = (await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from users where is_active and deleted_at is null`,
    )) as [{ n: number }];
    return n;
  }

  /** Per recipient, per recipient and channel, and audit entries of the send `sendId` titled `title`. */
  async function written(sendId: string, title: string) {
    const perUser = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from notifications where title = ${title} group by user_id`,
    );
    const perChannel = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from notification_deliveries d join notifications n on n.id = d.notification_id
           where n.title = ${title} group by n.user_id, d.channel`,
    );
    const [{ n: audits }] = (await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from admin_audit_log where action = 'notification.send' and entity_id = ${sendId}`,
    )) as [{ n: number }];
    return { perUser, perChannel, audits };
  }

  it('four requests of one send at once: one notification and one delivery per channel each, the same outcome', async () => {
    const active = await activeUsers();
    const send = { sendId: randomUUID(), title: 'Yarış duyurusu', message: 'Bir kez.', audience: 'all' as const };

    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => sendSystemNotification(handle.db, actor, send, { batch: 3 })),
    );

    expect(outcomes.map((o) => o.recipients)).toEqual([active, active, active, active]);
    const { perUser, perChannel, audits } = await written(send.sendId, send.title);
    expect(perUser).toHaveLength(active);
    expect(perUser.filter((u) => u.n !== 1)).toEqual([]);
    expect(perChannel.length).toBeGreaterThan(0);
    expect(perChannel.filter((d) => d.n !== 1)).toEqual([]);
    expect(audits).toBe(1);
  });

  it('a request failing half-way while others run: the rest finish the send, once per recipient', async () => {
    const active = await activeUsers();
    const send = { sendId: randomUUID(), title: 'Yarıda kalan yarış', message: 'Bir kez.', audience: 'all' as const };
    const failing = failingTransaction(handle.db, 2);

    const [lost, ...finished] = await Promise.allSettled([
      sendSystemNotification(failing, actor, send, { batch: 3 }),
      sendSystemNotification(handle.db, actor, send, { batch: 3 }),
      sendSystemNotification(handle.db, actor, send, { batch: 3 }),
    ]);

    expect(lost.status).toBe('rejected');
    expect(finished.map((f) => f.status === 'fulfilled' && f.value.recipients)).toEqual([active, active]);
    const { perUser, perChannel, audits } = await written(send.sendId, send.title);
    expect(perUser).toHaveLength(active);
    expect(perUser.filter((u) => u.n !== 1)).toEqual([]);
    expect(perChannel.filter((d) => d.n !== 1)).toEqual([]);
    expect(audits).toBe(1);
  });
});
