import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import {
  adminSubscriptionMessages as m,
  type AdminRefundResult,
  type AdminSubscriptionHistory,
  type AdminSubscriptionItem,
  type AdminSubscriptionStats,
} from '@kiyasla/contracts/admin-subscriptions';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { notifications } from '../../../db/schema/notifications';
import { outbox } from '../../../db/schema/outbox';
import { payments } from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../../test/accounts';
import { setSettings, useTestApp } from '../../../test/app';
import { insertPayment, insertSubscriber } from './subscription-fixtures';

const t = useTestApp();
const tokens: Record<'admin' | 'moderator' | 'user' | 'premium', string> = {
  admin: '',
  moderator: '',
  user: '',
  premium: '',
};
let adminId: string;

beforeAll(async () => {
  for (const role of ['admin', 'moderator', 'user', 'premium'] as const) {
    const session = await loginAs(t.app, DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
    tokens[role] = session.token;
    if (role === 'admin') adminId = session.user._id;
  }
});

type Method = 'GET' | 'DELETE' | 'POST';
const call = (method: Method, url: string, token: string | null = tokens.admin) =>
  t.app.inject({ method, url: `/api/admin/subscriptions${url}`, headers: token ? bearer(token) : {} });

async function list(query: string) {
  const res = await call('GET', query);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: AdminSubscriptionItem[]; pagination: Pagination }>(res);
}

async function stats(): Promise<AdminSubscriptionStats> {
  const res = await call('GET', '/stats');
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: AdminSubscriptionStats }>(res).data;
}

async function auditOf(entityType: string, entityId: string): Promise<AuditEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?entityType=${entityType}&entityId=${entityId}`,
    headers: bearer(tokens.admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: AuditEntry[] }>(res).data;
}

const memberRow = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.db.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** What the member was told: their `system` notifications and the e-mails of `kind` to them. */
async function toldMember(userId: string, email: string, kind: string) {
  const notes = await t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));
  const mails = await t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`${outbox.payload}->>'to' = ${email}`));
  return { notes, mails };
}

describe('GET /api/admin/subscriptions', () => {
  it('pages by 10 with the total, and lists members who pay or paid, not those who never did', async () => {
    const db = t.db.db;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await insertSubscriber(db, { lastName: `Sayfalı ${i}`, plan: 'monthly-premium', endDays: 20 })).id);
    }
    const never = await insertSubscriber(db, { lastName: 'Sayfalı hiç', plan: 'free', startDays: null });
    const closed = await insertSubscriber(db, { lastName: 'Sayfalı kapalı', plan: 'yearly-premium', endDays: 200 });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id));

    const first = await list('?search=sayfali');
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 12, limit: 10 });
    expect(first.data).toHaveLength(10);
    const second = await list('?search=sayfali&page=2');
    expect(second.data).toHaveLength(2);
    const seen = [...first.data, ...second.data].map((s) => s._id);
    expect(new Set(seen).size).toBe(12);
    expect(seen.sort()).toEqual([...ids].sort());
    expect(seen).not.toContain(never.id);
    expect(seen).not.toContain(closed.id);

    const item = first.data[0]!;
    expect(Object.keys(item).sort()).toEqual(['_id', 'email', 'firstName', 'lastName', 'subscription']);
    expect(item.subscription).toMatchObject({ plan: 'monthly-premium', status: 'active', cancellable: true });
    expect(JSON.stringify(first)).not.toMatch(/password|hash/i);
  });

  it('filters by plan (names, ids and aliases), status and a Turkish-insensitive search', async () => {
    const db = t.db.db;
    const tag = 'Süzgeç';
    const monthly = await insertSubscriber(db, { lastName: tag, plan: 'monthly-premium', endDays: 10 });
    const yearlyCancelled = await insertSubscriber(db, {
      lastName: tag,
      plan: 'yearly-premium',
      endDays: 100,
      autoRenew: false,
    });
    const lifetime = await insertSubscriber(db, { lastName: tag, plan: 'lifetime-premium', endDays: null });
    const expired = await insertSubscriber(db, { lastName: tag, plan: 'free', status: 'expired', endDays: -3 });
    // Past its end but not yet moved to free by the lifecycle job: expired all the same.
    const lapsed = await insertSubscriber(db, { lastName: tag, plan: 'monthly-premium', endDays: -1 });
    const sukru = await insertSubscriber(db, {
      firstName: 'Şükrü',
      lastName: 'Çağlayan',
      plan: 'monthly-premium',
      endDays: 5,
    });

    const ids = async (query: string) => (await list(`?search=suzgec&${query}`)).data.map((s) => s._id).sort();
    const sorted = (...xs: { id: string }[]) => xs.map((x) => x.id).sort();
    expect(await ids('plan=monthly')).toEqual(sorted(monthly, lapsed));
    expect(await ids('plan=monthly-premium')).toEqual(sorted(monthly, lapsed));
    expect(await ids('plan=yearly')).toEqual(sorted(yearlyCancelled));
    expect(await ids('plan=lifetime')).toEqual(sorted(lifetime));
    expect(await ids('plan=premium')).toEqual(sorted(lifetime));
    expect(await ids('plan=free')).toEqual(sorted(expired));
    expect(await ids('plan=all')).toHaveLength(5);
    expect(await ids('status=active')).toEqual(sorted(monthly, lifetime));
    expect(await ids('status=cancelled')).toEqual(sorted(yearlyCancelled));
    expect(await ids('status=expired')).toEqual(sorted(expired, lapsed));
    expect(await ids('plan=monthly&status=expired')).toEqual(sorted(lapsed));

    const byStatus = Object.fromEntries((await list('?search=suzgec')).data.map((s) => [s._id, s.subscription]));
    expect(byStatus[lifetime.id]).toMatchObject({ status: 'active', endDate: null, cancellable: false });
    expect(byStatus[yearlyCancelled.id]).toMatchObject({ status: 'cancelled', cancellable: false, autoRenew: false });
    expect(byStatus[expired.id]).toMatchObject({ plan: 'free', status: 'expired', cancellable: false });

    for (const q of ['sukru', 'ŞÜKRÜ', 'caglayan', sukru.email.slice(0, 10)]) {
      expect(
        (await list(`?search=${encodeURIComponent(q)}`)).data.map((s) => s._id),
        q,
      ).toContain(sukru.id);
    }
    const none = await list('?search=boyle-biri-yok-xyz');
    expect(none).toMatchObject({ data: [], pagination: { total: 0, pages: 0 } });
  });

  it('refuses an unknown plan or status with a Turkish message', async () => {
    const plan = await call('GET', '?plan=gold');
    expect(plan.statusCode).toBe(400);
    expect(body(plan)).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: m.planInvalid });
    const status = await call('GET', '?status=paused');
    expect(body(status)).toMatchObject({ code: 'VALIDATION_ERROR', message: m.statusInvalid });
  });
});

describe('GET /api/admin/subscriptions/stats', () => {
  it('counts the subscriptions by status and plan and sums completed payments per plan', async () => {
    const db = t.db.db;
    const before = await stats();
    const a = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 20 });
    const b = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 9, autoRenew: false });
    const c = await insertSubscriber(db, { plan: 'yearly-premium', endDays: 300 });
    const d = await insertSubscriber(db, { plan: 'lifetime-premium', endDays: null });
    const e = await insertSubscriber(db, { plan: 'free', status: 'expired', endDays: -2 });
    await insertSubscriber(db, { plan: 'free', startDays: null }); // never paid: not a subscription
    await insertPayment(db, { userId: a.id, plan: 'monthly-premium', amount: 2999 });
    await insertPayment(db, { userId: b.id, plan: 'monthly-premium', amount: 2999, refundRequested: true });
    await insertPayment(db, { userId: c.id, plan: 'yearly-premium', amount: 33750 });
    await insertPayment(db, { userId: d.id, plan: 'lifetime-premium', amount: 142999 });
    await insertPayment(db, { userId: e.id, plan: 'monthly-premium', amount: 2999, status: 'refunded' });
    await insertPayment(db, { userId: e.id, plan: 'yearly-premium', amount: 33750, status: 'pending' });
    await insertPayment(db, { userId: e.id, plan: 'yearly-premium', amount: 33750, status: 'failed' });
    await insertPayment(db, { userId: e.id, plan: 'yearly-premium', amount: 5000, currency: 'USD' });

    const after = await stats();
    const delta = (key: keyof AdminSubscriptionStats) => Math.round((after[key] - before[key]) * 100) / 100;
    expect({
      total: delta('total'),
      active: delta('active'),
      cancelled: delta('cancelled'),
      expired: delta('expired'),
      monthly: delta('monthly'),
      yearly: delta('yearly'),
      lifetime: delta('lifetime'),
      monthlyRevenue: delta('monthlyRevenue'),
      yearlyRevenue: delta('yearlyRevenue'),
      lifetimeRevenue: delta('lifetimeRevenue'),
      totalRevenue: delta('totalRevenue'),
      refundedRevenue: delta('refundedRevenue'),
      pendingRefunds: delta('pendingRefunds'),
    }).toEqual({
      total: 5,
      active: 3,
      cancelled: 1,
      expired: 1,
      monthly: 2,
      yearly: 1,
      lifetime: 1,
      monthlyRevenue: 59.98,
      yearlyRevenue: 337.5,
      lifetimeRevenue: 1429.99,
      totalRevenue: 1827.47,
      refundedRevenue: 29.99,
      pendingRefunds: 1,
    });
    expect(after.active + after.cancelled + after.expired).toBe(after.total);
    expect(after.totalRevenue).toBeCloseTo(after.monthlyRevenue + after.yearlyRevenue + after.lifetimeRevenue, 2);
    // The same figures as the list: its total is the card's.
    expect((await list('')).pagination.total).toBe(after.total);
    expect((await list('?status=active')).pagination.total).toBe(after.active);
  });
});

describe('GET /api/admin/subscriptions/{id}', () => {
  it("shows the member's subscription and payments newest first, with the member's refund request", async () => {
    const member = await registerUser(t.app, { firstName: 'Geçmiş', lastName: 'Üye' });
    const db = t.db.db;
    await db
      .update(users)
      .set({
        subscriptionPlan: 'yearly-premium',
        subscriptionStart: new Date(Date.now() - 3 * 86_400_000),
        subscriptionEnd: new Date(Date.now() + 360 * 86_400_000),
        autoRenew: true,
      })
      .where(eq(users.id, member.user._id));
    const old = await insertPayment(db, {
      userId: member.user._id,
      plan: 'monthly-premium',
      amount: 2999,
      status: 'failed',
      completedDays: -40,
    });
    const paid = await insertPayment(db, {
      userId: member.user._id,
      plan: 'yearly-premium',
      amount: 33750,
      completedDays: -3,
    });
    // The member asks for the refund on their side (POST /payments/refund, ADR 018).
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: bearer(member.token),
      payload: { paymentId: paid.id },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const res = await call('GET', `/${member.user._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const history = body<{ data: AdminSubscriptionHistory }>(res).data;
    expect(history.member).toMatchObject({
      _id: member.user._id,
      firstName: 'Geçmiş',
      subscription: { plan: 'yearly-premium', status: 'active', cancellable: true },
    });
    expect(history.refundsEnabled).toBe(true);
    expect(history.payments.map((p) => p._id)).toEqual([paid.id, old.id]);
    expect(history.payments[0]).toMatchObject({
      amount: 337.5,
      currency: 'TRY',
      status: 'completed',
      refundable: true,
    });
    expect(history.payments[0]!.refundRequestedAt).not.toBeNull();
    expect(history.payments[1]).toMatchObject({ status: 'failed', refundable: false, refundRequestedAt: null });
    expect(res.body).not.toMatch(/providerRef|provider_ref|raw|fixture-/);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    const missing = await call('GET', '/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: 'USER_NOT_FOUND', message: m.userNotFound });
    const bad = await call('GET', '/abc');
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('DELETE /api/admin/subscriptions/{id} (cancel)', () => {
  it('turns auto-renew off, keeps premium until the end date, and audits before → after', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 12 });
    const endBefore = (await memberRow(member.id)).subscriptionEnd!;
    const res = await call('DELETE', `/${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const payload = body<{ data: AdminSubscriptionItem; message: string }>(res);
    expect(payload.data.subscription).toMatchObject({
      plan: 'monthly-premium',
      status: 'cancelled',
      autoRenew: false,
      nextRenewalDate: null,
      endDate: endBefore.toISOString(),
      cancellable: false,
    });
    expect(payload.message).toMatch(
      /^Abonelik iptal edildi: otomatik yenileme kapatıldı, premium \d+ \S+ \d{4} tarihine kadar sürecek\.$/,
    );
    const row = await memberRow(member.id);
    expect(row).toMatchObject({ subscriptionPlan: 'monthly-premium', subscriptionStatus: 'active', autoRenew: false });
    expect(row.subscriptionEnd!.getTime()).toBe(endBefore.getTime());

    const entries = await auditOf('subscription', member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'subscription.cancel',
      actor: { _id: adminId, role: 'admin' },
      before: { subscription: { status: 'active', autoRenew: true } },
      after: { subscription: { status: 'cancelled', autoRenew: false } },
    });

    const told = await toldMember(member.id, row.email, 'email.subscription-cancelled');
    expect(told.notes).toHaveLength(1);
    expect(told.notes[0]).toMatchObject({
      title: 'Premium aboneliğiniz iptal edildi',
      data: { url: '/profile?tab=premium' },
    });
    expect(told.notes[0]!.message).toMatch(
      /^Aylık Premium aboneliğiniz ekibimiz tarafından iptal edildi; Premium \d+ \S+ \d{4} tarihine kadar açık/,
    );
    expect(told.mails).toHaveLength(1);

    const again = await call('DELETE', `/${member.id}`);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'SUBSCRIPTION_ALREADY_CANCELLED', message: m.alreadyCancelled });
    expect(await auditOf('subscription', member.id)).toHaveLength(1);
    const toldAgain = await toldMember(member.id, row.email, 'email.subscription-cancelled');
    expect([toldAgain.notes.length, toldAgain.mails.length]).toEqual([1, 1]);
  });

  it('cancels once when two operators press at the same time', async () => {
    const member = await insertSubscriber(t.db.db, { plan: 'yearly-premium', endDays: 100 });
    const results = await Promise.all([call('DELETE', `/${member.id}`), call('DELETE', `/${member.id}`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf('subscription', member.id)).toHaveLength(1);
    const told = await toldMember(member.id, (await memberRow(member.id)).email, 'email.subscription-cancelled');
    expect([told.notes.length, told.mails.length]).toEqual([1, 1]);
  });

  it('refuses what has nothing to cancel: lifetime, free, expired, unknown', async () => {
    const db = t.db.db;
    for (const fixture of [
      { plan: 'lifetime-premium', endDays: null },
      { plan: 'free', status: 'expired', endDays: -5 },
      { plan: 'monthly-premium', endDays: -1 },
    ] as const) {
      const member = await insertSubscriber(db, fixture);
      const res = await call('DELETE', `/${member.id}`);
      expect(res.statusCode, fixture.plan).toBe(409);
      expect(body(res)).toMatchObject({ code: 'NOTHING_TO_CANCEL', message: m.nothingToCancel });
      expect(await auditOf('subscription', member.id)).toHaveLength(0);
    }
    const missing = await call('DELETE', '/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/subscriptions/payments/{paymentId}/refund', () => {
  const refund = (paymentId: string, token: string | null = tokens.admin) =>
    call('POST', `/payments/${paymentId}/refund`, token);

  it('refunds a completed payment once, ends the premium it bought, and audits it', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'yearly-premium', endDays: 350 });
    const payment = await insertPayment(db, { userId: member.id, plan: 'yearly-premium', amount: 33750 });

    const res = await refund(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    const payload = body<{ data: AdminRefundResult; message: string }>(res);
    // The payments service words how the money went back (the demo provider: at once).
    expect(payload.message).toMatch(/iade/i);
    expect(payload.data.payment).toMatchObject({ _id: payment.id, status: 'refunded', refundable: false });
    expect(payload.data.payment.refundedAt).not.toBeNull();
    expect(payload.data.member.subscription).toMatchObject({ plan: 'free', status: 'expired' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded' });
    expect(await memberRow(member.id)).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'expired' });

    const entries = await auditOf('payment', payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'payment.refund',
      actor: { _id: adminId },
      before: { payment: { status: 'completed' }, member: { subscription: { plan: 'yearly-premium' } } },
      after: { payment: { status: 'refunded' }, member: { subscription: { plan: 'free' } } },
    });

    const email = (await memberRow(member.id)).email;
    const told = await toldMember(member.id, email, 'email.refund');
    expect(told.notes).toHaveLength(1);
    expect(told.notes[0]).toMatchObject({
      title: 'Ödemeniz iade edildi',
      message: 'Yıllık Premium ödemeniz (₺337,50) iade edildi; bu ödemeyle alınan Premium üyeliğiniz sona erdi.',
    });
    expect(told.mails).toHaveLength(1);

    const again = await refund(payment.id);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'PAYMENT_ALREADY_REFUNDED', message: m.alreadyRefunded });
    expect(await auditOf('payment', payment.id)).toHaveLength(1);
    const toldAgain = await toldMember(member.id, email, 'email.refund');
    expect([toldAgain.notes.length, toldAgain.mails.length]).toEqual([1, 1]);
  });

  it('refunds once when pressed twice at the same time', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 25 });
    const payment = await insertPayment(db, { userId: member.id, plan: 'monthly-premium', amount: 2999 });
    const results = await Promise.all([refund(payment.id), refund(payment.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf('payment', payment.id)).toHaveLength(1);
    const told = await toldMember(member.id, (await memberRow(member.id)).email, 'email.refund');
    expect([told.notes.length, told.mails.length]).toEqual([1, 1]);
  });

  it('keeps the plan when the refunded payment is not the one that bought it', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'lifetime-premium', endDays: null });
    const older = await insertPayment(db, {
      userId: member.id,
      plan: 'monthly-premium',
      amount: 2999,
      completedDays: -60,
    });
    await insertPayment(db, { userId: member.id, plan: 'lifetime-premium', amount: 142999, completedDays: -2 });
    const res = await refund(older.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: AdminRefundResult }>(res).data.member.subscription).toMatchObject({
      plan: 'lifetime-premium',
      status: 'active',
    });
  });

  it('refuses pending, failed and unknown payments', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 25 });
    for (const status of ['pending', 'failed'] as const) {
      const payment = await insertPayment(db, { userId: member.id, plan: 'yearly-premium', amount: 33750, status });
      const res = await refund(payment.id);
      expect(res.statusCode, status).toBe(409);
      expect(body(res)).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE', message: m.notRefundable });
      expect(await paymentRow(payment.id)).toMatchObject({ status });
    }
    const missing = await refund('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: m.paymentNotFound });
  });

  it('refuses every refund while refunds are off in the payment settings', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 25 });
    const payment = await insertPayment(db, { userId: member.id, plan: 'monthly-premium', amount: 2999 });
    await setSettings(t, 'payment', { enableRefunds: false });
    try {
      const res = await refund(payment.id);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'REFUNDS_DISABLED', message: m.refundsDisabled });
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'completed', refundedAt: null });
      expect(await auditOf('payment', payment.id)).toHaveLength(0);
      const history = body<{ data: AdminSubscriptionHistory }>(await call('GET', `/${member.id}`)).data;
      expect(history.refundsEnabled).toBe(false);
      expect(history.payments[0]).toMatchObject({ status: 'completed', refundable: false });
    } finally {
      await setSettings(t, 'payment', { enableRefunds: true });
    }
  });
});

describe('who may call it', () => {
  it('refuses moderators, members and anonymous callers on every route, and writes nothing', async () => {
    const db = t.db.db;
    const member = await insertSubscriber(db, { plan: 'monthly-premium', endDays: 25 });
    const payment = await insertPayment(db, { userId: member.id, plan: 'monthly-premium', amount: 2999 });
    const routes: [Method, string][] = [
      ['GET', ''],
      ['GET', '/stats'],
      ['GET', `/${member.id}`],
      ['DELETE', `/${member.id}`],
      ['POST', `/payments/${payment.id}/refund`],
    ];
    for (const [method, url] of routes) {
      for (const who of ['moderator', 'user', 'premium'] as const) {
        const res = await call(method, url, tokens[who]);
        expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
        expect(body(res)).toMatchObject({ code: 'FORBIDDEN' });
      }
      const anonymous = await call(method, url, null);
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    expect(await memberRow(member.id)).toMatchObject({ autoRenew: true });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'completed' });
  });
});

describe('hostile input', () => {
  it('answers every list query and id with a 2xx or a 4xx in the error format, never a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom(
        '',
        'all',
        'ALL',
        'free',
        'Monthly',
        'premium',
        'İ',
        'ı',
        '%',
        '_',
        '\\',
        "'; drop table users;--",
        '\u202e',
        '\u200b',
        '😀',
      ),
      fc.string({ maxLength: 3_000 }),
    );
    const query = fc.record(
      {
        page: fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), text),
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), text),
        search: text,
        plan: text,
        status: text,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, text, async (q, id) => {
        const qs = new URLSearchParams(q as Record<string, string>).toString();
        for (const url of [`?${qs}`, `/${encodeURIComponent(id)}`]) {
          const res = await call(url.startsWith('/') ? 'DELETE' : 'GET', url);
          expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(body(res)).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
