import {
  ADMIN_SUBSCRIPTION_ERROR_CODES as CODES,
  adminSubscriptionMessages as m,
  type AdminRefundResult,
  type AdminSubscriptionHistory,
  type AdminSubscriptionItem,
  type AdminSubscriptionListQuery,
  type AdminSubscriptionStats,
} from '@kiyasla/contracts/admin-subscriptions';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { kurusToTry } from '@kiyasla/contracts/money';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { PaidPlanId } from '@kiyasla/contracts/plans';
import type { Transaction } from '../../../db/client';
import type { UserRow } from '../../../db/schema/users';
import { cancelledByOperatorMail } from '../../../mail/templates/renewal-mails';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { announceReadChange } from '../../../lib/read-invalidation';
import { paginate } from '../../../lib/reply';
import { sessionCache } from '../../auth/session-cache';
import type { AuthUser } from '../../auth/session-verifier';
import { isPremiumRow } from '../../auth/user.presenter';
import { notifyMember } from '../../payments/member-notices';
import { cancelSubscription, planById, refundPayment, type PaymentsDeps } from '../../payments/payments.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-subscriptions.repo';
import { presentPayment, presentSubscription } from './admin-subscriptions.presenter';

/** The payments service's dependencies: its cancel and refund rules are the ones applied here. */
export type AdminSubscriptionsDeps = PaymentsDeps;

const memberNotFound = () => notFound(CODES.userNotFound, m.userNotFound);

/** A date as the operator reads it in a message: 23 Kasım 2026 (Turkish time). */
function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  }).format(date);
}

export async function listAdminSubscriptions(
  { db }: Pick<AdminSubscriptionsDeps, 'db'>,
  query: AdminSubscriptionListQuery,
  now = new Date(),
): Promise<{ items: AdminSubscriptionItem[]; pagination: Pagination }> {
  const search = query.search ? foldTurkish(query.search) : undefined;
  const { rows, total } = await repo.listSubscriptions(
    db,
    {
      ...(search ? { search } : {}),
      ...(query.plan ? { plan: query.plan } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    query.page,
    query.limit,
    now,
  );
  return { items: rows.map(presentSubscription), pagination: paginate(query.page, query.limit, total) };
}

export async function adminSubscriptionStats(
  { db }: Pick<AdminSubscriptionsDeps, 'db'>,
  now = new Date(),
): Promise<AdminSubscriptionStats> {
  const s = await repo.subscriptionStats(db, now);
  return {
    total: s.total,
    active: s.active,
    cancelled: s.cancelled,
    expired: s.expired,
    monthly: s.monthly,
    yearly: s.yearly,
    lifetime: s.lifetime,
    monthlyRevenue: kurusToTry(s.monthlyKurus),
    yearlyRevenue: kurusToTry(s.yearlyKurus),
    lifetimeRevenue: kurusToTry(s.lifetimeKurus),
    totalRevenue: kurusToTry(s.monthlyKurus + s.yearlyKurus + s.lifetimeKurus),
    refundedRevenue: kurusToTry(s.refundedKurus),
    pendingRefunds: s.pendingRefunds,
  };
}

/** The view button: the member's subscription and every payment, with the refund where allowed. */
export async function adminSubscriptionHistory(
  deps: Pick<AdminSubscriptionsDeps, 'db' | 'settings'>,
  userId: string,
  now = new Date(),
): Promise<AdminSubscriptionHistory> {
  const [member, paymentRows, p] = await Promise.all([
    repo.findMember(deps.db, userId, now),
    repo.memberPayments(deps.db, userId),
    deps.settings.group('payment'),
  ]);
  if (!member) throw memberNotFound();
  return {
    member: presentSubscription(member),
    payments: paymentRows.map((row) => presentPayment(row, p.enableRefunds)),
    refundsEnabled: p.enableRefunds,
  };
}

/**
 * The member as the payments service's caller. Its cancel reads only the account (`row`, `id`);
 * there is no session of theirs behind an operator's request.
 */
function memberAsCaller(row: UserRow, now: Date): AuthUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    plan: row.subscriptionPlan,
    isPremium: isPremiumRow(row, now),
    sessionId: '',
    row,
  };
}

/**
 * Cancels a member's renewing plan as the member's own cancel does (ADR 018): auto-renew off,
 * premium until the end date, then the lifecycle job moves the account to free. Under the
 * account's row lock and in one transaction with its audit entry, so two operators cancelling at
 * once cancel once: the second gets 409 SUBSCRIPTION_ALREADY_CANCELLED.
 */
export async function cancelAdminSubscription(
  deps: AdminSubscriptionsDeps,
  actor: AuditActor,
  userId: string,
  now = new Date(),
): Promise<{ member: AdminSubscriptionItem; message: string }> {
  // Read before the transaction (the embedded database's one connection).
  const { siteName } = await deps.settings.group('general');
  const result = await deps.db.transaction(async (tx) => {
    const row = await repo.lockMemberRow(tx, userId);
    if (!row) throw memberNotFound();
    const before = await repo.findMember(tx, userId, now);
    if (!before) throw memberNotFound();
    const current = presentSubscription(before);
    if (current.subscription.status === 'cancelled') {
      throw new AppError(409, CODES.alreadyCancelled, m.alreadyCancelled);
    }
    if (!current.subscription.cancellable) throw new AppError(409, CODES.nothingToCancel, m.nothingToCancel);
    const { endDate } = await cancelSubscription({ ...deps, db: tx }, memberAsCaller(row, now), now);
    const after = presentSubscription((await repo.findMember(tx, userId, now))!);
    await recordAudit(tx, actor, {
      action: 'subscription.cancel',
      entityType: 'subscription',
      entityId: userId,
      before: current,
      after,
    });
    await announceReadChange(tx, { kind: 'users', userIds: [userId] });
    await tellCancelled(deps, tx, row, endDate, siteName);
    return { member: after, endDate };
  });
  sessionCache.forgetUser(userId);
  deps.mail.kick();
  return {
    member: result.member,
    message: m.cancelled(result.endDate ? formatDay(new Date(result.endDate)) : '-'),
  };
}

/** The member hears once (keyed by the account and the end date) that an operator cancelled their plan. */
async function tellCancelled(
  deps: AdminSubscriptionsDeps,
  tx: Transaction,
  row: UserRow,
  endDate: string | null,
  siteName: string,
): Promise<void> {
  const planName = planById(row.subscriptionPlan as PaidPlanId).name;
  const until = endDate ? formatDay(new Date(endDate)) : '-';
  const key = `operator-cancel:${row.id}:${endDate ?? ''}`;
  await deps.mail.enqueue(
    tx,
    'email.subscription-cancelled',
    cancelledByOperatorMail({
      to: row.email,
      firstName: row.firstName,
      siteName,
      planName,
      endDate: until,
      profileUrl: `${deps.config.publicUrl}/profile?tab=premium`,
    }),
    key,
  );
  await notifyMember(tx, row.id, key, {
    title: 'Premium aboneliğiniz iptal edildi',
    message: `${planName} aboneliğiniz ekibimiz tarafından iptal edildi; Premium ${until} tarihine kadar açık, sonra yenilenmeyecek.`,
  });
}

/** The payments service's word on how the money went back (provider, instant demo, or by hand), when it says one. */
function refundNote(refunded: object): string | null {
  const refund = (refunded as { refund?: { message?: unknown } }).refund;
  return typeof refund?.message === 'string' ? refund.message : null;
}

/**
 * The operator's refund of one payment, through the payments service's `refundPayment` (which
 * claims the payment, has its provider return the money, marks it refunded once and ends premium
 * when it bought the current plan). Allowed only while the payment settings' `enableRefunds` is
 * on, and only for a completed payment: a refunded one answers 409 PAYMENT_ALREADY_REFUNDED,
 * never a second refund; two presses at once leave one of them with a 409.
 *
 * `refundPayment` commits on its own, because it calls the provider between claiming the payment
 * and recording the refund and must not hold row locks across that call; so, like a feed upload's
 * (ADR 016), the audit entry is written right after it, with the payment and the member before
 * and after.
 */
export async function refundAdminPayment(
  deps: AdminSubscriptionsDeps,
  actor: AuditActor,
  paymentId: string,
  now = new Date(),
): Promise<{ result: AdminRefundResult; message: string }> {
  const settings = await deps.settings.group('payment');
  if (!settings.enableRefunds) throw forbidden(CODES.refundsDisabled, m.refundsDisabled);
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment) throw notFound(CODES.paymentNotFound, m.paymentNotFound);
  if (payment.status === 'refunded') throw new AppError(409, CODES.alreadyRefunded, m.alreadyRefunded);
  if (payment.status !== 'completed') throw new AppError(409, CODES.notRefundable, m.notRefundable);
  const userId = payment.userId;
  const memberBefore = userId ? await repo.findMember(deps.db, userId, now) : undefined;
  if (!userId || !memberBefore) throw new AppError(409, CODES.notRefundable, m.accountClosed);

  const refunded = await refundPayment(deps, paymentId, now);
  if (!refunded || refunded.status !== 'refunded') {
    throw new AppError(409, CODES.alreadyRefunded, m.alreadyRefunded);
  }
  const result = await deps.db.transaction(async (tx) => {
    const after: AdminRefundResult = {
      payment: presentPayment(refunded, settings.enableRefunds),
      member: presentSubscription((await repo.findMember(tx, userId, now)) ?? memberBefore),
    };
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      entityType: 'payment',
      entityId: paymentId,
      before: { payment: presentPayment(payment, settings.enableRefunds), member: presentSubscription(memberBefore) },
      after: { ...after, note: refundNote(refunded) },
    });
    await announceReadChange(tx, { kind: 'users', userIds: [userId] });
    return after;
  });
  sessionCache.forgetUser(userId);
  deps.log.info({ paymentId, userId, actor: actor.id }, 'payment refunded by an operator');
  return { result, message: refundNote(refunded) ?? m.refunded };
}
