import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { rows } from '../../test/price-alerts';
import { sendSystemNotification } from './system-notifications';
import { failingTransaction } from '../../test/failing-db';

const t = useTestApp();

const post = (token: string, payload: Record<string, unknown>, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/notifications',
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });

async function adminToken(): Promise<string> {
  return (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
}

async function activeCount(role?: string): Promise<number> {
  const [{ n }] = (await rows<{ n: number }>(
    t.db.db,
    sql`select count(*)::int as n from users where is_active and deleted_at is null
          ${role ? sql`and role = ${role}::user_role` : sql``}`,
  )) as [{ n: number }];
  return n;
}

/** Notifications per recipient and deliveries per recipient and channel of the notifications titled `title`. */
async function written(title: string) {
  const perUser = await rows<{ user_id: string; n: number }>(
    t.db.db,
    sql`select user_id, count(*)::int as n from notifications where title = ${title} group by user_id`,
  );
  const perChannel = await rows<{ user_id: string; channel: string; n: number }>(
    t.db.db,
    sql`select n.user_id, d.channel::text as channel, count(*)::int as n
          from notification_deliveries d join notifications n on n.id = d.notification_id
         where n.title = ${title} group by n.user_id, d.channel`,
  );
  return { perUser, perChannel };
}

async function auditEntries(key: string) {
  return rows<{ after: { recipients: number } }>(
    t.db.db,
    sql`select after from admin_audit_log where action = 'notification.send' and entity_id = ${key}`,
  );
}

const systemActor = async () => {
  const admin = (await rows<{ id: string }>(t.db.db, sql`select id from users where role = 'admin' limit 1`))[0]!;
  return { id: admin.id, email: 'sistem@kiyasla.test', role: 'admin', requestId: null, ip: null };
};

describe('POST /api/admin/notifications', () => {
  it('sends a system notification to one role, audit-logged, and refuses other roles', async () => {
    const admin = await adminToken();
    const user = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const payload = {
      title: 'Bakım duyurusu',
      message: 'Pazar 03:00–04:00 arası kısa bir bakım yapılacak.',
      audience: 'moderator',
    };
    expect((await post(user.token, payload)).statusCode).toBe(403);
    const empty = await post(admin, { ...payload, title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Başlık girin.');

    const res = await post(admin, payload);
    expect(res.statusCode).toBe(201);
    const moderators = await activeCount('moderator');
    expect(body<{ data: { recipients: number } }>(res).data.recipients).toBe(moderators);
    expect(body(res).message).toBe(`Bildirim ${moderators} kullanıcıya gönderildi.`);
    const roles = await rows<{ role: string; type: string }>(
      t.db.db,
      sql`select u.role::text as role, n.type::text as type from notifications n join users u on u.id = n.user_id
           where n.title = 'Bakım duyurusu'`,
    );
    expect(roles).toHaveLength(moderators);
    expect(roles.every((w) => w.role === 'moderator' && w.type === 'system')).toBe(true);
    const audit = await rows<{ actor_email: string; after: Record<string, unknown> }>(
      t.db.db,
      sql`select actor_email, after from admin_audit_log where action = 'notification.send' order by created_at desc limit 1`,
    );
    expect(audit[0]).toMatchObject({
      actor_email: DEMO_ACCOUNTS.admin.email,
      after: { title: 'Bakım duyurusu', audience: 'moderator', recipients: moderators },
    });
  });

  it('refuses a send without a valid Idempotency-Key, sending nothing', async () => {
    const admin = await adminToken();
    const payload = { title: 'Anahtarsız duyuru', message: 'Gitmemeli.', audience: 'admin' };
    const missing = await post(admin, payload, null);
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: 'Gönderim anahtarı (Idempotency-Key başlığı) eksik. Sayfayı yenileyip yeniden deneyin.',
    });
    const invalid = await post(admin, payload, 'tekrar-tekrar');
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_INVALID',
      message: 'Gönderim anahtarı (Idempotency-Key başlığı) bir UUID olmalı.',
    });
    expect((await written('Anahtarsız duyuru')).perUser).toHaveLength(0);
  });

  it('two parallel requests with the same key notify each recipient once, one delivery per channel, one audit entry', async () => {
    const admin = await adminToken();
    // A second admin, so "each recipient" is more than one.
    const extra = await registerUser(t.app);
    await t.db.db.execute(sql`update users set role = 'admin' where id = ${extra.user._id}`);
    const admins = await activeCount('admin');
    expect(admins).toBeGreaterThan(1);
    const key = randomUUID();
    const payload = { title: 'Paralel duyuru', message: 'Bir kez gelmeli.', audience: 'admin' };

    const answers = await Promise.all([
      post(admin, payload, key),
      post(admin, payload, key),
      post(admin, payload, key),
    ]);

    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(body(res)).toMatchObject({
        data: { recipients: admins },
        message: `Bildirim ${admins} kullanıcıya gönderildi.`,
      });
    }
    const { perUser, perChannel } = await written('Paralel duyuru');
    expect(perUser).toHaveLength(admins);
    expect(perUser.every((u) => u.n === 1)).toBe(true);
    expect(perChannel.length).toBeGreaterThan(0);
    expect(perChannel.filter((d) => d.n !== 1)).toEqual([]);
    const audit = await auditEntries(key);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.recipients).toBe(admins);
  });

  it('a repeated request with the same key answers the first outcome and sends nothing more', async () => {
    const admin = await adminToken();
    const key = randomUUID();
    const payload = { title: 'Tekrarlanan duyuru', message: 'Bir kez gelmeli.', audience: 'admin' };
    const first = await post(admin, payload, key);
    expect(first.statusCode).toBe(201);
    const before = await written('Tekrarlanan duyuru');
    // An account that becomes an admin after the send is not part of it.
    const late = await registerUser(t.app);
    await t.db.db.execute(sql`update users set role = 'admin' where id = ${late.user._id}`);

    const again = await post(admin, payload, key.toUpperCase());

    expect(again.statusCode).toBe(201);
    expect(body(again)).toEqual(body(first));
    expect(await written('Tekrarlanan duyuru')).toEqual(before);
    expect(await auditEntries(key)).toHaveLength(1);
  });

  it('refuses a key already used for another message', async () => {
    const admin = await adminToken();
    const key = randomUUID();
    expect((await post(admin, { title: 'İlk mesaj', message: 'A', audience: 'admin' }, key)).statusCode).toBe(201);

    const reused = await post(admin, { title: 'İkinci mesaj', message: 'B', audience: 'admin' }, key);

    expect(reused.statusCode).toBe(422);
    expect(body(reused)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Bu gönderim anahtarı başka bir bildirim için kullanıldı. Yeni bir bildirim olarak gönderin.',
    });
    expect((await written('İkinci mesaj')).perUser).toHaveLength(0);
  });
});

describe('sendSystemNotification', () => {
  it('reaches every active user once, in batches, with their channel deliveries', async () => {
    const active = await activeCount();
    const sendId = randomUUID();
    const { recipients } = await sendSystemNotification(
      t.db.db,
      await systemActor(),
      { sendId, title: 'Herkese duyuru', message: 'Yeni özellikler yayında.', audience: 'all' },
      { batch: 2 },
    );
    expect(recipients).toBe(active);
    const { perUser, perChannel } = await written('Herkese duyuru');
    expect(perUser).toHaveLength(active);
    expect(perUser.every((u) => u.n === 1)).toBe(true);
    // system_updates is on by default with e-mail and push.
    expect(perChannel.filter((d) => d.channel === 'email').length).toBeGreaterThan(0);
  });

  it('retried after a batch failed, notifies the remaining users once and the earlier ones never twice', async () => {
    const active = await activeCount();
    expect(active).toBeGreaterThan(4);
    const actor = await systemActor();
    const input = {
      sendId: randomUUID(),
      title: 'Yarıda kalan duyuru',
      message: 'Bir kez gelmeli.',
      audience: 'all' as const,
    };
    // The second batch's transaction fails after its writes (a lost connection, a crash).
    const failing = failingTransaction(t.db.db, 2);

    await expect(sendSystemNotification(failing, actor, input, { batch: 2 })).rejects.toThrow('bağlantı koptu');
    const partial = await written(input.title);
    expect(partial.perUser).toHaveLength(2);
    expect(await auditEntries(input.sendId)).toHaveLength(0);

    const { recipients } = await sendSystemNotification(t.db.db, actor, input, { batch: 2 });

    expect(recipients).toBe(active);
    const { perUser, perChannel } = await written(input.title);
    expect(perUser).toHaveLength(active);
    expect(perUser.filter((u) => u.n !== 1)).toEqual([]);
    expect(perChannel.filter((d) => d.n !== 1)).toEqual([]);
    // The first batch's recipients kept their deliveries and got no new ones.
    const earlier = new Set(partial.perUser.map((u) => u.user_id));
    expect(perChannel.filter((d) => earlier.has(d.user_id))).toEqual(expect.arrayContaining(partial.perChannel));
    expect(perChannel.filter((d) => earlier.has(d.user_id))).toHaveLength(partial.perChannel.length);
    const audit = await auditEntries(input.sendId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.recipients).toBe(active);
  });
});
