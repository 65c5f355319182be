import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { rows } from '../../test/price-alerts';
import { sendSystemNotification } from './system-notifications';

const t = useTestApp();

describe('POST /api/admin/notifications', () => {
  it('sends a system notification to one role, audit-logged, and refuses other roles', async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const user = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const payload = {
      title: 'Bakım duyurusu',
      message: 'Pazar 03:00–04:00 arası kısa bir bakım yapılacak.',
      audience: 'moderator',
    };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/notifications', headers: bearer(user.token), payload }))
        .statusCode,
    ).toBe(403);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: bearer(admin.token),
      payload: { ...payload, title: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Başlık girin.');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: bearer(admin.token),
      payload,
    });
    expect(res.statusCode).toBe(201);
    const [{ n: moderators }] = (await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from users where role = 'moderator' and is_active and deleted_at is null`,
    )) as [{ n: number }];
    expect(body<{ data: { recipients: number } }>(res).data.recipients).toBe(moderators);
    expect(body(res).message).toBe(`Bildirim ${moderators} kullanıcıya gönderildi.`);
    const written = await rows<{ role: string; type: string }>(
      t.db.db,
      sql`select u.role::text as role, n.type::text as type from notifications n join users u on u.id = n.user_id
           where n.title = 'Bakım duyurusu'`,
    );
    expect(written).toHaveLength(moderators);
    expect(written.every((w) => w.role === 'moderator' && w.type === 'system')).toBe(true);
    const audit = await rows<{ actor_email: string; after: Record<string, unknown> }>(
      t.db.db,
      sql`select actor_email, after from admin_audit_log where action = 'notification.send' order by created_at desc limit 1`,
    );
    expect(audit[0]).toMatchObject({
      actor_email: DEMO_ACCOUNTS.admin.email,
      after: { title: 'Bakım duyurusu', audience: 'moderator', recipients: moderators },
    });
  });

  it('reaches every active user once, in batches, with their channel deliveries', async () => {
    const [{ n: active }] = (await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from users where is_active and deleted_at is null`,
    )) as [{ n: number }];
    const actor = {
      id: '00000000-0000-0000-0000-000000000000',
      email: 'sistem@kiyasla.test',
      role: 'admin',
      requestId: null,
      ip: null,
    };
    const admin = (await rows<{ id: string }>(t.db.db, sql`select id from users where role = 'admin' limit 1`))[0]!;
    const { recipients, sendId } = await sendSystemNotification(
      t.db.db,
      { ...actor, id: admin.id },
      { title: 'Herkese duyuru', message: 'Yeni özellikler yayında.', audience: 'all' },
      { batch: 2 },
    );
    expect(recipients).toBe(active);
    const perUser = await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from notifications where data ->> 'sendId' = ${sendId} group by user_id having count(*) > 1`,
    );
    expect(perUser).toHaveLength(0);
    // system_updates is on by default with e-mail and push.
    const deliveries = await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from notification_deliveries d join notifications n on n.id = d.notification_id
           where n.data ->> 'sendId' = ${sendId} and d.channel = 'email'`,
    );
    expect(deliveries[0]!.n).toBeGreaterThan(0);
  });
});
