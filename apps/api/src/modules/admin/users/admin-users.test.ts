import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import { adminUserMessages, type AdminUser } from '@kiyasla/contracts/admin-users';
import { users } from '../../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  const session = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  adminToken = session.token;
  adminId = session.user._id;
});

const asAdmin = () => bearer(adminToken);

async function list(query: string, token = adminToken) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(token) });
  return res;
}

async function put(id: string, payload: Record<string, unknown>, token = adminToken) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: bearer(token), payload });
}

async function lastAudit(entityId: string): Promise<AuditEntry | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?entityType=user&entityId=${entityId}`,
    headers: asAdmin(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: AuditEntry[] }>(res).data[0];
}

describe('GET /api/admin/users', () => {
  it('pages by 10, newest first, without closed accounts or secrets', async () => {
    for (const lastName of ['Ak', 'Bal', 'Cem', 'Dal', 'Ece', 'Fer', 'Gül', 'Han', 'Işık', 'Jale', 'Kaya']) {
      await registerUser(t.app, { firstName: 'Sayfa', lastName });
    }
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    const payload = body<{
      data: AdminUser[];
      pagination: { page: number; limit: number; total: number; pages: number };
    }>(res);
    expect(payload.data).toHaveLength(10);
    expect(payload.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(payload.pagination.total).toBeGreaterThanOrEqual(15);
    expect(payload.pagination.pages).toBe(Math.ceil(payload.pagination.total / 10));
    const created = payload.data.map((u) => Date.parse(u.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(res.body).not.toMatch(/password|hash|failedLogin/i);
    const page2 = body<{ data: AdminUser[] }>(await list('?page=2'));
    expect(page2.data.map((u) => u._id)).not.toContain(payload.data[0]!._id);
  });

  it('searches names and e-mails Turkish-insensitively, and filters by role and active flag', async () => {
    const sukru = await registerUser(t.app, { firstName: 'Şükrü', lastName: 'Çağlayan' });
    for (const query of ['sukru', 'ŞÜKRÜ', 'caglayan', sukru.user.email.slice(0, 12)]) {
      const found = body<{ data: AdminUser[] }>(await list(`?search=${encodeURIComponent(query)}`)).data;
      expect(
        found.map((u) => u._id),
        query,
      ).toContain(sukru.user._id);
    }
    const moderators = body<{ data: AdminUser[] }>(await list('?role=moderator')).data;
    expect(moderators.length).toBeGreaterThan(0);
    expect(moderators.every((u) => u.role === 'moderator')).toBe(true);

    await put(sukru.user._id, { isActive: false });
    const inactive = body<{ data: AdminUser[] }>(await list('?isActive=false')).data;
    expect(inactive.map((u) => u._id)).toContain(sukru.user._id);
    expect(inactive.every((u) => !u.isActive)).toBe(true);
    const active = body<{ data: AdminUser[] }>(await list('?isActive=true&search=sukru')).data;
    expect(active.map((u) => u._id)).not.toContain(sukru.user._id);
  });

  it('answers nothing found with an empty page, and refuses a bad filter with a Turkish message', async () => {
    const none = await list('?search=bu-kimse-yok-xyz');
    expect(body<{ data: AdminUser[]; pagination: { total: number } }>(none)).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
    const bad = await list('?isActive=evet');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 'VALIDATION_ERROR', message: adminUserMessages.isActiveInvalid });
    const badRole = await list('?role=superuser');
    expect(body(badRole)).toMatchObject({ code: 'VALIDATION_ERROR', message: adminUserMessages.roleInvalid });
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('changes the role, audits before → after, and the new role applies at once', async () => {
    const person = await registerUser(t.app);
    const res = await put(person.user._id, { role: 'moderator', isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: AdminUser; message: string }>(res)).toMatchObject({
      data: { role: 'moderator', isActive: true },
      message: adminUserMessages.updated,
    });
    // The person's own token now opens the moderators' admin routes.
    const stores = await t.app.inject({ method: 'GET', url: '/api/admin/stores', headers: bearer(person.token) });
    expect(stores.statusCode).toBe(200);

    const entry = await lastAudit(person.user._id);
    expect(entry).toMatchObject({
      action: 'user.update',
      entityType: 'user',
      actor: { _id: adminId, email: DEMO_ACCOUNTS.admin.email, role: 'admin' },
      before: { role: 'user' },
      after: { role: 'moderator' },
    });
    expect(entry!.requestId).toBeTruthy();
  });

  it('a deactivated account is locked out on its next request, cached or not, and cannot refresh', async () => {
    const person = await registerUser(t.app);
    // A signed-in read puts the session in the session cache.
    const warm = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(warm.statusCode).toBe(200);

    expect((await put(person.user._id, { isActive: false })).statusCode).toBe(200);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    expect(['ACCOUNT_DISABLED', 'SESSION_REVOKED']).toContain(body<{ code: string }>(me).code);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: person.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: person.password },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    // Reactivated: the person signs in again.
    expect((await put(person.user._id, { isActive: true })).statusCode).toBe(200);
    expect((await loginAs(t.app, person.user.email, person.password)).token).toBeTruthy();
  });

  it("another instance's deactivation reaches this one's session cache at its commit", async () => {
    const person = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) })).statusCode).toBe(
      200,
    );
    // What another instance's write leaves behind: the row changed and its NOTIFY, nothing else.
    await t.db.db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: false }).where(eq(users.id, person.user._id));
      await tx.execute(sql`select pg_notify('kiyasla_reads', ${`users:${person.user._id}`})`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    expect(body<{ code: string }>(me).code).toBe('ACCOUNT_DISABLED');
  });

  it('refuses an admin changing their own role or active flag', async () => {
    const demote = await put(adminId, { role: 'moderator' });
    expect(demote.statusCode).toBe(409);
    expect(body(demote)).toMatchObject({ code: 'ADMIN_SELF_DEMOTE', message: adminUserMessages.selfDemote });
    const deactivate = await put(adminId, { isActive: false });
    expect(body(deactivate)).toMatchObject({ code: 'ADMIN_SELF_DEACTIVATE' });
    // Sending one's own unchanged values is not a change.
    expect((await put(adminId, { role: 'admin', isActive: true })).statusCode).toBe(200);
  });

  it('never leaves the site without an active admin, even when two admins demote each other at once', async () => {
    const second = await registerUser(t.app);
    expect((await put(second.user._id, { role: 'admin' })).statusCode).toBe(200);
    const secondToken = (await loginAs(t.app, second.user.email, second.password)).token;

    const [a, b] = await Promise.all([
      put(second.user._id, { role: 'user' }, adminToken),
      put(adminId, { role: 'user' }, secondToken),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(403);
    const admins = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.isActive} and ${users.deletedAt} is null`);
    expect(admins.length).toBeGreaterThanOrEqual(1);
    // Put things back for the other tests: the demo admin stays an admin.
    const demoAdminStillAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: asAdmin() });
    if (demoAdminStillAdmin.statusCode !== 200) {
      await t.db.db.update(users).set({ role: 'admin' }).where(eq(users.id, adminId));
    }
  });

  it('answers 404 for an unknown or closed account and 400 for an empty change', async () => {
    const missing = await put('00000000-0000-4000-8000-000000000000', { role: 'user' });
    expect(body(missing)).toMatchObject({ code: 'USER_NOT_FOUND', message: adminUserMessages.notFound });
    const person = await registerUser(t.app);
    const empty = await put(person.user._id, {});
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ code: 'VALIDATION_ERROR', message: adminUserMessages.nothingToUpdate });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('closes the account at once and audits it', async () => {
    const person = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${person.user._id}`,
      headers: asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ data: { deleted: true }, message: adminUserMessages.deleted });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/users/${person.user._id}`, headers: asAdmin() });
    expect(one.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${person.user._id}`,
      headers: asAdmin(),
    });
    expect(body(again)).toMatchObject({ code: 'USER_NOT_FOUND' });

    const entry = await lastAudit(person.user._id);
    expect(entry).toMatchObject({ action: 'user.delete', before: { email: person.user.email }, after: null });
  });

  it('refuses an admin deleting their own account', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${adminId}`, headers: asAdmin() });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'ADMIN_SELF_DELETE', message: adminUserMessages.selfDelete });
  });
});
