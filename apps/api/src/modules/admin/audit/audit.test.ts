import { describe, expect, it, beforeAll } from 'vitest';
import { SECRET_MASK, type AuditEntry } from '@kiyasla/contracts/admin-audit';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { maskSecrets } from './audit.service';

const t = useTestApp();
let admin: { token: string; id: string };
let moderator: { token: string; id: string };

beforeAll(async () => {
  const a = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const m = await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  admin = { token: a.token, id: a.user._id };
  moderator = { token: m.token, id: m.user._id };
});

type Page = { data: AuditEntry[]; pagination: { page: number; pages: number; total: number; limit: number } };

async function audit(query = ''): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<Page>(res);
}

async function createStore(token: string, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stores',
    headers: bearer(token),
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: AdminStore }>(res).data;
}

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('the audit log of admin store writes', () => {
  it('records create, update and delete with who, when, before and after', async () => {
    const store = await createStore(moderator.token, 'Denetim Mağazası');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${store._id}`,
      headers: bearer(moderator.token),
      payload: { name: 'Denetim Mağazası 2', isActive: false },
    });
    expect(updated.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/stores/${store._id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(200);

    const { data } = await audit(`?entityType=store&entityId=${store._id}`);
    expect(data.map((e) => e.action)).toEqual(['store.delete', 'store.update', 'store.create']);
    const [del, upd, created] = data;
    expect(created).toMatchObject({
      actor: { _id: moderator.id, email: DEMO_ACCOUNTS.moderator.email, role: 'moderator' },
      before: null,
      after: { _id: store._id, name: 'Denetim Mağazası', isActive: true },
    });
    expect(upd).toMatchObject({
      before: { name: 'Denetim Mağazası', isActive: true },
      after: { name: 'Denetim Mağazası 2', isActive: false },
    });
    expect(del).toMatchObject({ actor: { _id: admin.id }, before: { name: 'Denetim Mağazası 2' }, after: null });
    for (const entry of data) {
      expect(entry.requestId).toBeTruthy();
      expect(entry.ip).toBeTruthy();
      expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);
    }
  });

  it('writes nothing for a write that failed (same transaction)', async () => {
    const store = await createStore(admin.token, 'Tekil Mağaza');
    const before = (await audit('?action=store.create')).pagination.total;
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores',
      headers: bearer(admin.token),
      payload: { name: 'Başka', slug: store.slug },
    });
    expect(clash.statusCode).toBe(409);
    expect((await audit('?action=store.create')).pagination.total).toBe(before);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages by 10, newest first, and filters by actor, action, entity and day', async () => {
    for (let i = 0; i < 11; i += 1) await createStore(admin.token, `Sayfalama Mağazası ${i}`);
    const first = await audit();
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(first.pagination.total).toBeGreaterThanOrEqual(11);
    const times = first.data.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await audit('?page=2');
    expect(second.data.map((e) => e._id)).not.toContain(first.data[0]!._id);

    const byModerator = await audit(`?actor=${moderator.id}`);
    expect(byModerator.data.length).toBeGreaterThan(0);
    expect(byModerator.data.every((e) => e.actor._id === moderator.id)).toBe(true);
    const byEmail = await audit('?actor=MODERATOR@kiyasla');
    expect(byEmail.pagination.total).toBe(byModerator.pagination.total);

    const deletes = await audit('?action=store.delete');
    expect(deletes.data.every((e) => e.action === 'store.delete')).toBe(true);

    const day = today();
    expect((await audit(`?from=${day}&to=${day}`)).pagination.total).toBe(first.pagination.total);
    expect((await audit(`?to=${dayBefore(day)}`)).pagination.total).toBe(0);
  });

  it('refuses bad filters with a Turkish message and a stable code', async () => {
    for (const query of [
      '?from=2025-13-45',
      '?from=dün',
      '?action=drop.table',
      '?entityType=galaxy',
      '?from=2025-02-02&to=2025-02-01',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit-log${query}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, query).toBe(400);
      expect(body<{ code: string; message: string }>(res).code).toBe('VALIDATION_ERROR');
      expect(body<{ message: string }>(res).message).toMatch(/[a-zçğıöşü]/);
    }
  });

  it('reads an impossible calendar day as an error, never as another day', async () => {
    for (const query of ['?from=2026-02-30', '?to=2025-04-31', '?from=2025-02-29', '?from=2025-00-10']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit-log${query}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, query).toBe(400);
      expect(body<{ errors: { message: string }[] }>(res).errors[0]?.message).toBe(
        'Tarih YYYY-AA-GG biçiminde olmalıdır',
      );
    }
    const leapDay = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?from=2024-02-29&to=2024-02-29',
      headers: bearer(admin.token),
    });
    expect(leapDay.statusCode).toBe(200);
  });
});

describe('maskSecrets', () => {
  it('masks every secret-looking field at any depth and keeps empty secrets empty', () => {
    expect(
      maskSecrets({
        name: 'Mağaza',
        passwordHash: '$argon2id$…',
        payment: { stripeSecretKey: 'sk_live_1', stripePublicKey: 'pk_1', webhookSecret: '', iyzicoApiKey: 'k' },
        list: [{ token: 'abc' }],
        enableTwoFactor: true,
      }),
    ).toEqual({
      name: 'Mağaza',
      passwordHash: SECRET_MASK,
      payment: { stripeSecretKey: SECRET_MASK, stripePublicKey: 'pk_1', webhookSecret: '', iyzicoApiKey: SECRET_MASK },
      list: [{ token: SECRET_MASK }],
      enableTwoFactor: true,
    });
  });
});
