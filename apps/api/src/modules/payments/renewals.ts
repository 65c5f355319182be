import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  RENEWAL_GRACE_DAYS,
  RENEWAL_MAX_ATTEMPTS,
  RENEWAL_REMINDER_DAYS,
  RENEWAL_RETRY_DELAYS_HOURS,
} from '@kiyasla/contracts/payments';
import { tryToKurus } from '@kiyasla/contracts/money';
import type { PaidPlanId } from '@kiyasla/contracts/plans';
import type { PaymentProvider as ProviderId, PaymentSettings } from '@kiyasla/contracts/settings';
import { payments, type PaymentRow } from '../../db/schema/payments';
import type { UserRow } from '../../db/schema/users';
import { sqlRows } from '../../lib/sql-rows';
import { enqueueMail } from '../../mail/outbox-mail';
import {
  autoRenewalReminderMail,
  renewalFailedMail,
  renewalPaymentLinkMail,
  renewalReceiptMail,
} from '../../mail/templates/renewal-mails';
import { isUniqueViolation } from '../auth/db-errors';
import { sessionCache } from '../auth/session-cache';
import { findCredential, rememberMethod } from './credentials';
import { notifyMember } from './member-notices';
import { closedReason, findUser, lockOrder, lockUser, updateSubscription } from './payments.repo';
import {
  activeProvider,
  declineReason,
  expireCheckoutOrders,
  iyzicoUrl,
  planById,
  PLAN_CURRENCY,
  PROVIDER_NAMES,
  settleUnapplied,
  type PaymentsDeps,
  type UnappliedReason,
} from './payments.service';
import { chargeDemo } from './providers/demo';
import { formatDateTr, formatTry } from './providers/format';
import { chargeIyzico, iyzicoClient } from './providers/iyzico';
import type { ChargeResult, RenewalCharge } from './providers/provider';
import { chargeStripe, stripeClient } from './providers/stripe';
import { periodEnd } from './subscription';

/**
 * Automatic renewal of the monthly and yearly plans (ADR 018, "Renewal"). Four passes, each safe
 * on several instances at once and under retries:
 *
 * 1. `openRenewalOrders`: RENEWAL_REMINDER_DAYS before a renewing plan's date, one renewal order
 *    per member and period (unique index on user + period start; ON CONFLICT DO NOTHING) and, in
 *    the same transaction, the reminder: "your card is charged on …", or, without a card on file
 *    (Shopier has no recurring charge), a payment link to the order.
 * 2. `chargeDueRenewals`: claims due orders with FOR UPDATE SKIP LOCKED and a lease, charges the
 *    saved card with the attempt's idempotency key, and records the outcome: paid → the plan runs
 *    one more period from its old end date, receipt e-mail; declined → retried after 1, 2 and 3
 *    days while premium stays on for the grace period, the member told by e-mail and in the app;
 *    the last decline ends the plan. A provider error leaves the attempt "in doubt": it is retried
 *    later with the same key, never as a new charge.
 * 3. `closeUnpaidRenewals`: a plan without a card whose date passed unpaid stops renewing.
 * 4. `expireCheckoutOrders`: purchase orders open past their bound are closed (housekeeping).
 * 5. The expiry pass (jobs/subscription-lifecycle.ts) then moves ended plans to free.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A claimed order is someone's for this long: longer than one charge call with its retries. */
export const RENEWAL_LEASE_MS = 2 * 60_000;
/** A provider error (timeout, 5xx) is tried again after this, as the same attempt. */
export const IN_DOUBT_RETRY_MS = 15 * 60_000;
const BATCH = 50;

export interface RenewalPassResult {
  opened: number;
  charged: number;
  declined: number;
  inDoubt: number;
  cancelled: number;
  closed: number;
  /** Purchase orders closed because they stayed open past CHECKOUT_ORDER_TTL_MS. */
  expiredCheckouts: number;
}

const profileUrl = (deps: PaymentsDeps) => `${deps.config.publicUrl}/profile?tab=premium`;
const payUrl = (deps: PaymentsDeps, orderId: string) => `${deps.config.publicUrl}/api/payments/pay/${orderId}`;
const providerName = (id: string) => PROVIDER_NAMES[id as ProviderId] ?? id;

export interface RenewalPassOptions {
  /** Runs after an order's checks, right before its charge call (tests: a member who cancels, a stalled worker). */
  beforeCharge?: (order: PaymentRow) => Promise<void> | void;
}

/**
 * Runs the renewal passes in order, then closes the purchase orders left open past their bound;
 * the expiry pass follows (jobs/subscription-lifecycle.ts).
 */
export async function runRenewals(
  deps: PaymentsDeps,
  now = new Date(),
  opts: RenewalPassOptions = {},
): Promise<RenewalPassResult> {
  const opened = await openRenewalOrders(deps, now);
  const charged = await chargeDueRenewals(deps, now, opts);
  const closed = await closeUnpaidRenewals(deps, now);
  const expiredCheckouts = await expireCheckoutOrders(deps, now);
  return { opened, ...charged, closed, expiredCheckouts };
}

interface OpenedRow {
  id: string;
  user_id: string;
  provider: string;
  plan: string;
  amount: number;
  period_start: string | Date;
  next_attempt_at: string | Date | null;
  email: string;
  first_name: string;
}

/**
 * Opens the renewal order of every renewing plan whose date is within RENEWAL_REMINDER_DAYS, once
 * per member and period, and enqueues its reminder in the same transaction. A member with a saved
 * card is charged on the date through the card's provider; one without (Shopier, or a card not
 * saved) gets a payment link to the order on the active provider, while the date is ahead.
 */
export async function openRenewalOrders(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const [p, general] = await Promise.all([deps.settings.group('payment'), deps.settings.group('general')]);
  if (!p.enablePayments) return 0;
  const linkProvider = activeProvider(p);
  const horizon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
  const price = (id: PaidPlanId) => tryToKurus(planById(id).price);
  const [monthly, yearly] = [price('monthly-premium'), price('yearly-premium')];
  const nowIso = now.toISOString();

  let opened = 0;
  for (;;) {
    const rows = await deps.db.transaction(async (tx) => {
      const inserted = sqlRows<OpenedRow>(
        await tx.execute(sql`
          with due as (
            select u.id, u.subscription_plan, u.next_renewal_date, u.email, u.first_name, pc.provider as card_provider
              from users u
              left join payment_credentials pc on pc.user_id = u.id
             where u.subscription_plan in ('monthly-premium', 'yearly-premium')
               and u.subscription_status = 'active' and u.auto_renew
               and u.next_renewal_date is not null
               and u.next_renewal_date <= ${horizon.toISOString()}::timestamptz
               and u.deleted_at is null
               and (pc.user_id is not null or (${linkProvider}::text is not null and u.next_renewal_date > ${nowIso}::timestamptz))
               and not exists (
                 select 1 from payments o
                  where o.user_id = u.id and o.kind = 'renewal' and o.period_start = u.next_renewal_date)
             order by u.next_renewal_date
             limit ${BATCH}
          ), priced as (
            select due.*, case due.subscription_plan when 'monthly-premium' then ${monthly}::int else ${yearly}::int end as amount
              from due
          )
          insert into payments (user_id, provider, plan, amount, currency, status, tax_amount, kind, period_start,
                                next_attempt_at, raw)
          select priced.id, coalesce(priced.card_provider, ${linkProvider}::text), priced.subscription_plan,
                 priced.amount, ${PLAN_CURRENCY}, 'pending',
                 round(priced.amount - priced.amount / (1 + ${p.taxRate}::numeric))::int,
                 'renewal', priced.next_renewal_date,
                 case when priced.card_provider is not null then priced.next_renewal_date end,
                 jsonb_build_object('taxRate', ${p.taxRate}::numeric, 'testMode', ${p.testMode}::boolean,
                                    'renewal', true)
            from priced
          on conflict (user_id, period_start) where kind = 'renewal' do nothing
          returning id, user_id, provider, plan, amount, period_start, next_attempt_at,
                    (select email from users where users.id = payments.user_id) as email,
                    (select first_name from users where users.id = payments.user_id) as first_name`),
      );
      for (const r of inserted) {
        const date = new Date(r.period_start);
        const plan = planById(r.plan as PaidPlanId);
        const amount = formatTry(Number(r.amount));
        const base = { to: r.email, firstName: r.first_name, siteName: general.siteName, planName: plan.name };
        const message =
          r.next_attempt_at !== null
            ? autoRenewalReminderMail({
                ...base,
                renewalDate: formatDateTr(date),
                amount,
                provider: providerName(r.provider),
                profileUrl: profileUrl(deps),
              })
            : renewalPaymentLinkMail({
                ...base,
                renewalDate: formatDateTr(date),
                amount,
                payUrl: payUrl(deps, r.id),
                profileUrl: profileUrl(deps),
              });
        // The same key as the reminder before renewals were charged: one reminder per member and date.
        await enqueueMail(tx, 'email.renewal-reminder', message, `renewal-reminder:${r.user_id}:${date.toISOString()}`);
      }
      return inserted;
    });
    opened += rows.length;
    if (rows.length < BATCH) break;
  }
  if (opened) deps.mail.kick();
  return opened;
}

interface ClaimedRow {
  id: string;
  prev_lock: string | Date | null;
}

/** Claims due renewal orders (lease + SKIP LOCKED); an unfinished claim keeps its attempt number. */
async function claimDue(
  deps: PaymentsDeps,
  now: Date,
  limit: number,
): Promise<{ order: PaymentRow; inDoubt: boolean }[]> {
  const nowIso = now.toISOString();
  const claimed = sqlRows<ClaimedRow>(
    await deps.db.execute(sql`
      with due as (
        select id, locked_until as prev_lock from payments
         where kind = 'renewal' and status = 'pending'
           and next_attempt_at is not null and next_attempt_at <= ${nowIso}::timestamptz
           and (locked_until is null or locked_until < ${nowIso}::timestamptz)
         order by next_attempt_at
         limit ${limit}
           for update skip locked
      )
      update payments p
         set locked_until = ${new Date(now.getTime() + RENEWAL_LEASE_MS).toISOString()}::timestamptz,
             attempts = case when due.prev_lock is null then p.attempts + 1 else p.attempts end,
             updated_at = now()
        from due
       where p.id = due.id
      returning p.id, due.prev_lock`),
  );
  if (claimed.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.id,
        claimed.map((c) => c.id),
      ),
    );
  const doubt = new Map(claimed.map((c) => [c.id, c.prev_lock !== null]));
  return rows.map((order) => ({ order, inDoubt: doubt.get(order.id) ?? false }));
}

/** Whether the member still renews the period this order is for. */
function stillRenewing(user: UserRow | undefined, order: PaymentRow): user is UserRow {
  return (
    !!user &&
    !user.deletedAt &&
    user.autoRenew &&
    user.subscriptionStatus === 'active' &&
    user.subscriptionPlan === order.plan &&
    !!order.periodStart &&
    user.nextRenewalDate?.getTime() === order.periodStart.getTime()
  );
}

async function charge(
  deps: PaymentsDeps,
  p: PaymentSettings,
  order: PaymentRow,
  user: UserRow,
  inDoubt: boolean,
): Promise<ChargeResult> {
  const cred = await findCredential(deps.db, deps.config.jwtSecret, user.id);
  if (!cred || cred.provider !== order.provider) {
    return { kind: 'declined', code: 'no_payment_method', message: 'kayıtlı bir kart yok' };
  }
  const plan = planById(order.plan as PaidPlanId);
  const request: RenewalCharge = {
    orderId: order.id,
    attempt: order.attempts,
    amount: order.amount,
    currency: order.currency,
    planId: plan.id,
    planName: plan.name,
    description: `${plan.name} yenileme`,
    buyer: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    inDoubt,
  };
  let result: ChargeResult;
  switch (cred.provider) {
    case 'demo':
      // The demo card never pays for real: with test mode off it charges nothing and grants nothing.
      result = p.testMode
        ? chargeDemo(cred, request)
        : { kind: 'declined', code: 'demo_disabled', message: 'test ödemeleri kapalı' };
      break;
    case 'stripe':
      result = p.stripeSecretKey
        ? await chargeStripe(stripeClient(p.stripeSecretKey, deps.config.payments.stripeApiUrl), cred, request)
        : { kind: 'declined', code: 'provider_not_configured', message: 'Stripe anahtarı yok' };
      break;
    case 'iyzico':
      result =
        p.iyzicoApiKey && p.iyzicoSecretKey
          ? await chargeIyzico(
              iyzicoClient(p.iyzicoApiKey, p.iyzicoSecretKey, iyzicoUrl(deps.config, p)),
              cred,
              request,
              '127.0.0.1',
            )
          : { kind: 'declined', code: 'provider_not_configured', message: 'iyzico anahtarları yok' };
      break;
    default:
      result = { kind: 'declined', code: 'no_recurring_charge', message: 'otomatik tahsilat yok' };
  }
  if (result.methodRef && result.methodRef !== cred.methodRef) {
    await rememberMethod(deps.db, deps.config.jwtSecret, user.id, result.methodRef);
  }
  return result;
}

/**
 * Renews the lease of an order this pass claimed, just before its charge: only while the lease is
 * still the one this pass set (`locked_until` unchanged). A claim after the lease ran out sets a
 * later one, so a pass that stalled past its lease finds the order taken over and charges nothing.
 */
async function fence(deps: PaymentsDeps, order: PaymentRow, at: Date): Promise<PaymentRow | undefined> {
  if (!order.lockedUntil) return undefined;
  const [held] = await deps.db
    .update(payments)
    .set({ lockedUntil: new Date(at.getTime() + RENEWAL_LEASE_MS) })
    .where(and(eq(payments.id, order.id), eq(payments.status, 'pending'), eq(payments.lockedUntil, order.lockedUntil)))
    .returning();
  return held;
}

/**
 * Charges every due renewal order once per attempt. Returns what happened; the accounts' plans,
 * e-mails and notifications are written in the transaction of each outcome. The claim leases a
 * batch; each order's lease is renewed (fenced) right before its checks and charge, so the lease
 * covers one charge call, not the batch.
 */
export async function chargeDueRenewals(
  deps: PaymentsDeps,
  now = new Date(),
  opts: RenewalPassOptions = {},
): Promise<Omit<RenewalPassResult, 'opened' | 'closed' | 'expiredCheckouts'>> {
  const out = { charged: 0, declined: 0, inDoubt: 0, cancelled: 0 };
  const p = await deps.settings.group('payment');
  // Payments turned off: nothing is charged (the closing pass ends the plans at their date).
  if (!p.enablePayments) return out;
  // The pass's clock: `now` moved on by the time the pass has taken (tests pass a `now` of their own).
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  for (;;) {
    const claimed = await claimDue(deps, now, BATCH);
    for (const claim of claimed) {
      const { inDoubt } = claim;
      const order = await fence(deps, claim.order, clock());
      if (!order) {
        deps.log.warn(
          { orderId: claim.order.id },
          'renewal lease taken over or order closed before its charge; skipped',
        );
        continue;
      }
      const user = order.userId ? await findUser(deps.db, order.userId) : undefined;
      if (!stillRenewing(user, order)) {
        // Cancelled (auto-renew off), upgraded, refunded or deleted since the order was opened.
        await concludeOrder(deps, order, { status: 'failed', lastError: 'cancelled' });
        if (inDoubt) {
          // The lost answer of an earlier attempt may have been a charge: someone must look.
          deps.log.error(
            { orderId: order.id, attempt: order.attempts, provider: order.provider },
            'renewal attempt in doubt closed for a member who stopped renewing: check the provider for a charge under its key and refund it',
          );
        }
        out.cancelled++;
        continue;
      }
      let result: ChargeResult;
      await opts.beforeCharge?.(order);
      try {
        result = await charge(deps, p, order, user, inDoubt);
      } catch (err) {
        deps.log.warn({ err, orderId: order.id, attempt: order.attempts }, 'renewal charge in doubt; retried later');
        await deps.db
          .update(payments)
          .set({ lockedUntil: new Date(now.getTime() + IN_DOUBT_RETRY_MS), lastError: 'provider_error' })
          .where(
            and(
              eq(payments.id, order.id),
              eq(payments.status, 'pending'),
              eq(payments.lockedUntil, order.lockedUntil!),
            ),
          );
        out.inDoubt++;
        continue;
      }
      if (result.kind === 'paid') {
        if (await recordRenewal(deps, order, result, now)) out.charged++;
      } else {
        await recordDecline(deps, order, result, now);
        out.declined++;
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (out.charged || out.declined) deps.mail.kick();
  return out;
}

async function concludeOrder(
  deps: PaymentsDeps,
  order: PaymentRow,
  fields: { status: 'failed'; lastError: string },
): Promise<void> {
  await deps.db
    .update(payments)
    .set({ ...fields, lockedUntil: null, nextAttemptAt: null })
    .where(
      and(eq(payments.id, order.id), eq(payments.status, 'pending'), eq(payments.lockedUntil, order.lockedUntil!)),
    );
}

type RenewalRecord =
  | { kind: 'renewed'; row: PaymentRow }
  | { kind: 'already' }
  | { kind: 'unapplied'; row: PaymentRow; reason: UnappliedReason }
  | { kind: 'second'; row: PaymentRow };

/**
 * A paid renewal, recorded once whatever happened to the order meanwhile. In one transaction (the
 * account's row, then the order's, locked): while the member still renews that period, the order
 * completes and the plan runs one more period from its old end date, with the receipt in the mail
 * outbox. Otherwise — the member cancelled, changed plan or deleted the account during the charge,
 * or the order was closed — the money is recorded on the order as paid and not applied, and
 * refunded right after (or flagged for the operator): never dropped. The same charge recorded
 * by another pass already (the same payment id) is left alone.
 */
async function recordRenewal(
  deps: PaymentsDeps,
  order: PaymentRow,
  result: Extract<ChargeResult, { kind: 'paid' }>,
  now: Date,
): Promise<boolean> {
  if (result.amount !== order.amount || result.currency.toUpperCase() !== order.currency) {
    deps.log.error(
      { orderId: order.id, amount: result.amount, currency: result.currency },
      'renewal charged another amount than the order’s',
    );
  }
  const general = await deps.settings.group('general');
  const raw = { ...order.raw, charge: result.raw, attempt: order.attempts };
  let record: RenewalRecord;
  try {
    record = await deps.db.transaction(async (tx): Promise<RenewalRecord> => {
      const user = order.userId ? await lockUser(tx, order.userId) : undefined;
      const row = await lockOrder(tx, order.id);
      if (!row) return { kind: 'already' };
      if (row.status === 'completed' || row.status === 'refunded') {
        return row.providerPaymentId === result.providerPaymentId ? { kind: 'already' } : { kind: 'second', row };
      }
      const closed = closedReason(row);
      const reason: UnappliedReason | null =
        !user || user.deletedAt
          ? 'account_deleted'
          : (closed ?? (row.status !== 'pending' || !stillRenewing(user, row) ? 'cancelled' : null));
      const paid = {
        status: 'completed' as const,
        providerPaymentId: result.providerPaymentId,
        completedAt: now,
        lockedUntil: null,
        nextAttemptAt: null,
      };
      if (reason) {
        const [unapplied] = await tx
          .update(payments)
          .set({ ...paid, refundRequestedAt: now, raw: { ...raw, unapplied: reason } })
          .where(eq(payments.id, row.id))
          .returning();
        return { kind: 'unapplied', row: unapplied!, reason };
      }
      const [completed] = await tx
        .update(payments)
        .set({ ...paid, lastError: null, raw })
        .where(eq(payments.id, row.id))
        .returning();
      const plan = planById(row.plan as PaidPlanId);
      const start = row.periodStart!;
      const end = periodEnd(plan.duration, start)!;
      const updated = await updateSubscription(tx, user!.id, {
        subscriptionPlan: plan.id,
        subscriptionStatus: 'active',
        subscriptionPrice: row.amount,
        subscriptionStart: start,
        subscriptionEnd: end,
        nextRenewalDate: end,
        autoRenew: true,
      });
      const taxRate = typeof row.raw?.taxRate === 'number' ? row.raw.taxRate : Number(row.raw?.taxRate ?? 0);
      await enqueueMail(
        tx,
        'email.payment-receipt',
        renewalReceiptMail({
          to: updated.email,
          firstName: updated.firstName,
          siteName: general.siteName,
          planName: plan.name,
          orderId: row.id,
          amount: formatTry(row.amount, row.currency),
          tax: formatTry(row.taxAmount, row.currency),
          taxRatePercent: Math.round(taxRate * 100),
          paidAt: formatDateTr(now),
          endDate: formatDateTr(end),
          provider: providerName(row.provider),
          profileUrl: profileUrl(deps),
        }),
        `payment-receipt:${row.id}`,
      );
      return { kind: 'renewed', row: completed! };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payments_provider_payment_uq')) {
      deps.log.error(
        { orderId: order.id, providerPaymentId: result.providerPaymentId },
        'renewal payment id already completed another order: check the provider',
      );
      return false;
    }
    throw err;
  }
  switch (record.kind) {
    case 'already':
      return false;
    case 'second':
      deps.log.error(
        { orderId: order.id, providerPaymentId: result.providerPaymentId, recorded: record.row.providerPaymentId },
        'a second renewal charge for an order already paid: refund it in the provider’s panel',
      );
      return false;
    case 'unapplied':
      deps.log.warn(
        { orderId: order.id, userId: order.userId, reason: record.reason },
        'renewal charged for a member who no longer renews it; refunding it',
      );
      await settleUnapplied(deps, record.row, record.reason, now);
      if (order.userId) sessionCache.forgetUser(order.userId);
      return false;
    case 'renewed':
      sessionCache.forgetUser(order.userId!);
      deps.log.info({ orderId: order.id, userId: order.userId, plan: order.plan }, 'premium plan renewed');
      return true;
  }
}

/**
 * A declined renewal attempt. While attempts and the grace period remain: the next attempt after
 * RENEWAL_RETRY_DELAYS_HOURS and premium kept on until the grace ends (the end date moves to it).
 * The last one: the plan stops renewing and ends now, so the expiry pass turns it free. Each
 * decline tells the member once (e-mail and a `system` notification, keyed by order and attempt).
 */
async function recordDecline(
  deps: PaymentsDeps,
  order: PaymentRow,
  result: Extract<ChargeResult, { kind: 'declined' }>,
  now: Date,
): Promise<void> {
  const general = await deps.settings.group('general');
  const graceEnd = new Date(order.periodStart!.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
  const delay = RENEWAL_RETRY_DELAYS_HOURS[order.attempts - 1];
  const nextAt = delay === undefined ? null : new Date(now.getTime() + delay * HOUR_MS);
  const final = order.attempts >= RENEWAL_MAX_ATTEMPTS || !nextAt || nextAt.getTime() >= graceEnd.getTime();
  const plan = planById(order.plan as PaidPlanId);
  const reason = declineReason(result.code);

  const told = await deps.db.transaction(async (tx) => {
    // The account first, then the order: the lock order of fulfilment and of a paid renewal.
    const user = await lockUser(tx, order.userId!);
    // A member who stopped renewing during the attempt: the order closes, no retry.
    const renewing = !!user && stillRenewing(user, order);
    const [moved] = await tx
      .update(payments)
      .set(
        !renewing
          ? { status: 'failed', lastError: 'cancelled', lockedUntil: null, nextAttemptAt: null }
          : final
            ? { status: 'failed', lastError: result.code, lockedUntil: null, nextAttemptAt: null }
            : { lastError: result.code, lockedUntil: null, nextAttemptAt: nextAt },
      )
      .where(and(eq(payments.id, order.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!moved || !user || !renewing) return null;
    if (final) {
      await updateSubscription(tx, user.id, {
        autoRenew: false,
        nextRenewalDate: null,
        subscriptionEnd: user.subscriptionEnd && user.subscriptionEnd < now ? user.subscriptionEnd : now,
      });
    } else if (!user.subscriptionEnd || user.subscriptionEnd < graceEnd) {
      await updateSubscription(tx, user.id, { subscriptionEnd: graceEnd });
    }
    const key = `renewal-failed:${order.id}:${order.attempts}`;
    await enqueueMail(
      tx,
      'email.renewal-failed',
      renewalFailedMail({
        to: user.email,
        firstName: user.firstName,
        siteName: general.siteName,
        planName: plan.name,
        reason,
        nextAttempt: final ? null : formatDateTr(nextAt!),
        graceEnd: formatDateTr(graceEnd),
        profileUrl: final ? `${deps.config.publicUrl}/premium` : profileUrl(deps),
      }),
      key,
    );
    await notifyMember(tx, user.id, key, {
      title: final ? 'Premium üyeliğiniz yenilenemedi' : 'Premium yenileme ödemeniz alınamadı',
      message: final
        ? `${plan.name} yenileme ödemesi alınamadı (${reason}); üyeliğiniz ücretsiz plana geçiyor.`
        : `${plan.name} yenileme ödemesi alınamadı (${reason}). ${formatDateTr(nextAt!)} tarihinde yeniden deneyeceğiz; Premium ${formatDateTr(graceEnd)} tarihine kadar açık.`,
    });
    return user.id;
  });
  if (told) sessionCache.forgetUser(told);
  deps.log.warn(
    { orderId: order.id, attempt: order.attempts, code: result.code, final },
    final ? 'renewal declined for the last time; the plan ends' : 'renewal declined; retried later',
  );
}

/**
 * A renewing plan whose date passed without a charge to make (no card on file, the link not paid,
 * no provider to pay with, or payments turned off) stops renewing: auto-renew off, its open link order failed, so the
 * expiry pass moves it to free. A payment through the link that still arrives grants a new period
 * from then (failed → completed is allowed, ADR 018).
 */
export async function closeUnpaidRenewals(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  // With payments turned off a card on file is not charged either: every due plan closes.
  const chargeable = (await deps.settings.group('payment')).enablePayments;
  const closed = sqlRows<{ id: string; period: string | Date }>(
    await deps.db.execute(sql`
      with due as (
        select u.id, u.next_renewal_date as period from users u
         where u.auto_renew and u.next_renewal_date is not null
           and u.next_renewal_date <= ${nowIso}::timestamptz
           and u.subscription_plan <> 'free' and u.deleted_at is null
           and not exists (
             select 1 from payments o
              where o.user_id = u.id and o.kind = 'renewal' and o.period_start = u.next_renewal_date
                and o.status = 'pending' and o.next_attempt_at is not null and ${chargeable}::boolean)
         limit 500
           for update skip locked
      )
      update users u set auto_renew = false, next_renewal_date = null, updated_at = now()
        from due
       where u.id = due.id
      returning u.id, due.period`),
  );
  for (const c of closed) {
    await deps.db
      .update(payments)
      .set({ status: 'failed', lastError: 'not_paid', nextAttemptAt: null, lockedUntil: null })
      .where(
        and(
          eq(payments.userId, c.id),
          eq(payments.kind, 'renewal'),
          eq(payments.status, 'pending'),
          eq(payments.periodStart, new Date(c.period)),
        ),
      );
    sessionCache.forgetUser(c.id);
  }
  return closed.length;
}
