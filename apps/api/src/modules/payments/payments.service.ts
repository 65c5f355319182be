import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@kiyasla/contracts/messages';
import { paymentMessages } from '@kiyasla/contracts/payment-messages';
import { kurusToTry, tryToKurus } from '@kiyasla/contracts/money';
import {
  PAYMENT_ERROR_CODES as CODES,
  paymentMessages as m,
  planChoice,
  isPaidPlanId,
  resolvePaidPlanId,
  REFUND_WINDOW_DAYS,
  type CheckoutResponse,
  type PaymentHistoryItem,
  type PaymentOrder,
  type RefundState,
} from '@kiyasla/contracts/payments';
import { PLANS, type PaidPlanId, type Plan } from '@kiyasla/contracts/plans';
import type { PaymentProvider as ProviderId, PaymentSettings } from '@kiyasla/contracts/settings';
import type { AppConfig } from '../../config';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, type PaymentRow } from '../../db/schema/payments';
import type { UserRow } from '../../db/schema/users';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { MailService } from '../../mail/mail.service';
import { refundedMail } from '../../mail/templates/renewal-mails';
import { paymentReceiptMail } from '../../mail/templates/subscription-mails';
import { isUniqueViolation } from '../auth/db-errors';
import { sessionCache } from '../auth/session-cache';
import type { AuthUser } from '../auth/session-verifier';
import { isPremiumRow } from '../auth/user.presenter';
import type { SettingsService } from '../settings/settings.service';
import {
  closedReason,
  closeExpiredCheckouts,
  closeOpenRenewals,
  closeOrders,
  completeOrder,
  failOrder,
  failureReported,
  findOrder,
  findPaymentByProviderId,
  findUser,
  findUserOrder,
  insertOrder,
  latestCompleted,
  listUserPayments,
  lockOpenCheckouts,
  lockOrder,
  lockUser,
  markRefunded,
  markRefundRequested,
  recordFailureReport,
  setProviderRef,
  updateSubscription,
  type ClosedOrderReason,
} from './payments.repo';
import { demoCardToken, demoSecret } from './providers/demo';
import { findCredential, saveCredential } from './credentials';
import { formatDateTr, formatTry } from './providers/format';
import { notifyMember } from './member-notices';
import {
  iyzicoClient,
  createIyzicoCheckout,
  IYZICO_LIVE_URL,
  IYZICO_SANDBOX_URL,
  refundIyzico,
} from './providers/iyzico';
import {
  CallbackRefused,
  ProviderRefundError,
  type CheckoutOrder,
  type CheckoutStart,
  type VerifiedPayment,
} from './providers/provider';
import { createStripeCheckout, refundStripe, stripeClient } from './providers/stripe';
import { includedTax, periodEnd, upgradeCredit } from './subscription';

export interface PaymentsDeps {
  db: Database;
  config: AppConfig;
  settings: SettingsService;
  mail: MailService;
  log: FastifyBaseLogger;
}

/** Plan prices are TRY (§9); every order is charged in TRY whatever the site's display currency. */
export const PLAN_CURRENCY = 'TRY';

const DAY_MS = 86_400_000;

/**
 * A purchase order takes payments for this long (ADR 018, "Orders once"). Its Stripe session ends
 * then; iyzico's form token lives 30 minutes. A pending order older than this is closed by the
 * lifecycle pass, by the member's next checkout, or at the callback: money for it is refunded.
 */
export const CHECKOUT_ORDER_TTL_MS = 60 * 60_000;
/** A checkout of the same plan and amount hands out the open order's page while it is younger than this (half its life left at least). */
const CHECKOUT_REUSE_MS = CHECKOUT_ORDER_TTL_MS / 2;
/**
 * Providers whose page for an order can be handed out again: our own pages (demo; Shopier's form,
 * signed per visit for the same order) and Stripe (the session is created with the order's
 * idempotency key, so asking again returns the same session). iyzico makes a new form token each
 * time, two payable pages for one order: its open order is closed and a new one opened instead.
 */
const REUSABLE_PAGES: ReadonlySet<ProviderId> = new Set(['demo', 'shopier', 'stripe']);
/** Providers with a refund API: money that did not raise the plan goes back at once. Shopier's is refunded by hand. */
const AUTO_REFUND: ReadonlySet<ProviderId> = new Set(['demo', 'stripe', 'iyzico']);
/**
 * Providers whose callback does not sign the result: Shopier signs random_nr + order id only, so
 * the shopper holding a signed "failed" callback can post it again as "success". The first result
 * such a provider reports for an order is final (ADR 018, "A Shopier result is final"). The demo
 * signs its status; Stripe's and iyzico's results are signed or fetched by us.
 */
const UNSIGNED_RESULT: ReadonlySet<ProviderId> = new Set(['shopier']);

/** Why a paid order did not raise the plan (recorded in `raw.unapplied`). */
export type UnappliedReason = ClosedOrderReason | 'plan_not_higher' | 'second_payment';
/** What became of the money of an unapplied payment: returned, being returned, or owed (the operator's queue). */
export type UnappliedRefund = 'refunded' | 'in_progress' | 'flagged';

const unappliedOf = (o: PaymentRow): UnappliedReason | null =>
  typeof o.raw?.unapplied === 'string' ? (o.raw.unapplied as UnappliedReason) : null;

/** Whether a pending order still takes payments: a purchase order for CHECKOUT_ORDER_TTL_MS, a renewal until closed. */
export function orderIsOpen(o: PaymentRow, now: Date): boolean {
  return (
    o.status === 'pending' && (o.kind !== 'checkout' || now.getTime() - o.createdAt.getTime() <= CHECKOUT_ORDER_TTL_MS)
  );
}

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  demo: 'Test ödemesi (demo)',
  shopier: 'Shopier',
  stripe: 'Stripe',
  iyzico: 'iyzico',
};

export function planById(id: PaidPlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** Whether the settings hold what `provider` needs to take a payment. */
export function hasCredentials(p: PaymentSettings, provider: ProviderId): boolean {
  switch (provider) {
    case 'shopier':
      return Boolean(p.shopierApiKey && p.shopierApiSecret);
    case 'stripe':
      return Boolean(p.stripeSecretKey && p.webhookSecret);
    case 'iyzico':
      return Boolean(p.iyzicoApiKey && p.iyzicoSecretKey);
    case 'demo':
      return true;
  }
}

/**
 * The provider that takes the next payment (ADR 018): the one chosen in the admin settings when
 * its credentials are set, else the built-in demo provider while test mode is on, else none.
 */
export function activeProvider(p: PaymentSettings): ProviderId | null {
  if (p.provider !== 'demo' && hasCredentials(p, p.provider)) return p.provider;
  return p.testMode ? 'demo' : null;
}

function unavailable(code: string, message: string): AppError {
  return new AppError(503, code, message);
}

/** The caller's active paid plan, or null (§4 Premium: not free, active, not past its end). */
function activePaidPlan(row: UserRow, now: Date): PaidPlanId | null {
  return isPremiumRow(row, now) && isPaidPlanId(row.subscriptionPlan) ? row.subscriptionPlan : null;
}

async function openCheckout(
  deps: PaymentsDeps,
  provider: ProviderId,
  p: PaymentSettings,
  order: CheckoutOrder,
  buyerIp: string,
): Promise<CheckoutStart> {
  const { config } = deps;
  switch (provider) {
    case 'demo':
      return { url: `${config.publicUrl}/api/payments/demo/${order.orderId}` };
    case 'shopier':
      // Our page posts the signed form to Shopier (the signature is made fresh on each visit).
      return { url: `${config.publicUrl}/api/payments/shopier/${order.orderId}` };
    case 'stripe':
      return createStripeCheckout(stripeClient(p.stripeSecretKey, config.payments.stripeApiUrl), order);
    case 'iyzico':
      return createIyzicoCheckout(
        iyzicoClient(p.iyzicoApiKey, p.iyzicoSecretKey, iyzicoUrl(config, p)),
        order,
        buyerIp,
      );
  }
}

export function iyzicoUrl(config: AppConfig, p: PaymentSettings): string {
  return config.payments.iyzicoBaseUrl ?? (p.testMode ? IYZICO_SANDBOX_URL : IYZICO_LIVE_URL);
}

/**
 * POST /payments/checkout: opens the member's purchase order for `planName` (an id or an alias) on
 * the active provider and returns its payment page. One open order per member (ADR 018, "Orders
 * once"): under the member's row lock, an open order of the same plan and amount whose page can be
 * handed out again is reused (a double click, parallel requests); any other open order is closed
 * first (a payment still made on its page is refunded). Refusals: payments off (503), unknown plan
 * (404), the current or a lower plan (409, §4), no provider (503).
 */
export async function startCheckout(
  deps: PaymentsDeps,
  caller: AuthUser,
  planName: string,
  ctx: { ip: string; now?: Date },
): Promise<CheckoutResponse> {
  const now = ctx.now ?? new Date();
  const [p, features] = await Promise.all([deps.settings.group('payment'), deps.settings.group('features')]);
  if (!p.enablePayments || !features.enablePremium) throw unavailable(CODES.disabled, m.disabled);
  const planId = resolvePaidPlanId(planName);
  if (!planId) throw notFound(CODES.planNotFound, m.planNotFound);
  const plan = planById(planId);
  const provider = activeProvider(p);

  const { order, user, reused } = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, caller.id);
    if (!user || user.deletedAt) throw notFound('USER_NOT_FOUND', messages.generic.unauthorized);
    const current = activePaidPlan(user, now);
    const choice = planChoice(planId, current);
    if (choice === 'current') throw new AppError(409, CODES.currentPlan, m.currentPlan);
    if (choice === 'lower') throw new AppError(409, CODES.lowerPlan, m.lowerPlan);
    if (!provider) throw unavailable(CODES.notConfigured, m.notConfigured);

    const price = tryToKurus(plan.price);
    const credit = current
      ? Math.min(
          price - 1,
          upgradeCredit(
            { pricePaid: user.subscriptionPrice, start: user.subscriptionStart, end: user.subscriptionEnd },
            now,
          ),
        )
      : 0;
    const amount = price - credit;
    const open = await lockOpenCheckouts(tx, user.id);
    const reusable = open.find(
      (o) =>
        o.plan === planId &&
        o.amount === amount &&
        o.provider === provider &&
        REUSABLE_PAGES.has(provider) &&
        now.getTime() - o.createdAt.getTime() < CHECKOUT_REUSE_MS,
    );
    const stale = open.filter((o) => o !== reusable);
    const expired = (o: PaymentRow) => !orderIsOpen(o, now);
    await closeOrders(
      tx,
      stale.filter(expired).map((o) => o.id),
      'expired',
    );
    await closeOrders(
      tx,
      stale.filter((o) => !expired(o)).map((o) => o.id),
      'superseded',
    );
    if (stale.length) deps.log.info({ userId: user.id, closed: stale.map((o) => o.id) }, 'open checkout orders closed');
    if (reusable) return { order: reusable, user, reused: true };
    const order = await insertOrder(tx, {
      userId: user.id,
      provider,
      plan: planId,
      amount,
      currency: PLAN_CURRENCY,
      status: 'pending',
      taxAmount: includedTax(amount, p.taxRate),
      creditAmount: credit,
      raw: { taxRate: p.taxRate, testMode: p.testMode, upgradedFrom: current },
    });
    return { order, user, reused: false };
  });

  const active = order.provider as ProviderId;
  const renews = plan.duration !== 'lifetime';
  const saved = renews ? await findCredential(deps.db, deps.config.jwtSecret, user.id) : null;
  const checkout: CheckoutOrder = {
    orderId: order.id,
    planId,
    planName: plan.name,
    amount: order.amount,
    currency: order.currency,
    buyer: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    returnUrl: `${deps.config.publicUrl}/premium/callback?order=${order.id}`,
    callbackUrl: `${deps.config.publicUrl}/api/payments/callback/${active}`,
    renews,
    customerRef: saved?.provider === active ? saved.customerRef : null,
    expiresAt: new Date(order.createdAt.getTime() + CHECKOUT_ORDER_TTL_MS),
  };
  let start: CheckoutStart;
  try {
    start = await openCheckout(deps, active, p, checkout, ctx.ip);
  } catch (err) {
    deps.log.error({ err, orderId: order.id, provider: active, reused }, 'payment provider refused to open a checkout');
    await failOrder(deps.db, order.id, { ...order.raw, error: 'checkout could not be opened' });
    throw unavailable(CODES.providerUnavailable, m.providerUnavailable);
  }
  if (start.providerRef && start.providerRef !== order.providerRef) {
    await setProviderRef(deps.db, order.id, start.providerRef);
  }
  return {
    orderId: order.id,
    provider: active,
    url: start.url,
    amount: kurusToTry(order.amount),
    currency: order.currency,
    credit: kurusToTry(order.creditAmount),
  };
}

/**
 * The lifecycle pass's housekeeping: purchase orders open longer than CHECKOUT_ORDER_TTL_MS are
 * closed as expired. Returns how many.
 */
export async function expireCheckoutOrders(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const closed = await closeExpiredCheckouts(deps.db, new Date(now.getTime() - CHECKOUT_ORDER_TTL_MS));
  if (closed.length) deps.log.info({ orders: closed.length }, 'expired checkout orders closed');
  return closed.length;
}

export type FulfilOutcome =
  | { kind: 'granted'; order: PaymentRow }
  | { kind: 'already'; order: PaymentRow }
  | { kind: 'failed'; order: PaymentRow }
  /** Paid, but the plan was not raised by it: the money is refunded (or owed, flagged for the operator). */
  | { kind: 'unapplied'; order: PaymentRow; reason: UnappliedReason; refund: UnappliedRefund };

/** What a paid order does to the member's plan: renews the period it was opened for, grants its plan, or nothing. */
function planEffect(order: PaymentRow, user: UserRow, now: Date): 'renewal' | 'grant' | null {
  const plan = order.plan as PaidPlanId;
  const renewsPeriod =
    order.kind === 'renewal' &&
    order.periodStart !== null &&
    user.subscriptionPlan === plan &&
    user.subscriptionStatus === 'active' &&
    user.nextRenewalDate?.getTime() === order.periodStart.getTime();
  if (renewsPeriod) return 'renewal';
  const current = activePaidPlan(user, now);
  return current === null || planChoice(plan, current) === 'purchasable' ? 'grant' : null;
}

/**
 * Why money for this order must not be applied, or null: the account is gone, we closed the order
 * (a newer checkout, a cancelled renewal, the deletion), it expired — judged by when the provider
 * says it was paid, when it says so — or the member already has this plan or a higher one.
 */
function unappliedReason(
  order: PaymentRow,
  user: UserRow | undefined,
  paidAt: Date,
  now: Date,
): UnappliedReason | null {
  if (!user || user.deletedAt) return 'account_deleted';
  const closed = closedReason(order);
  const inTime = paidAt.getTime() - order.createdAt.getTime() <= CHECKOUT_ORDER_TTL_MS;
  if (closed && !(closed === 'expired' && inTime)) return closed;
  // A purchase order past its bound, whether still open or failed by the provider meanwhile.
  if (order.kind === 'checkout' && !inTime) return 'expired';
  return planEffect(order, user, now) ? null : 'plan_not_higher';
}

type FulfilStep =
  | { kind: 'gone' }
  | { kind: 'settled'; row: PaymentRow }
  /** A success from a provider whose result is unsigned, for an order it already reported failed. */
  | { kind: 'reported_failed'; row: PaymentRow }
  | { kind: 'unapplied'; row: PaymentRow; reason: UnappliedReason }
  | { kind: 'granted'; row: PaymentRow };

/**
 * Records a paid order once and grants its plan (ADR 018). The callback's signature was checked by
 * its provider adapter; here the order must exist, belong to that provider, and the amount and
 * currency the provider reports must be the order's. In one transaction, the account's row and then
 * the order's are locked; the order moves pending|failed → completed with the plan, so a second
 * delivery finds nothing to move; a provider payment id already used by another order fails on its
 * unique index. Money that cannot raise the plan (`unappliedReason`) is recorded as paid and owed
 * back (`raw.unapplied`, `refund_requested_at`), and refunded through the provider right after the
 * commit (`settleUnapplied`): never a receipt, never a success. A provider whose result is unsigned
 * (UNSIGNED_RESULT) is held to its first word: after it reported the order failed, a "success" for
 * it proves no payment and changes nothing (a failed outcome, a warning for the operator). Every
 * refusal throws CallbackRefused (the route logs it and grants nothing).
 */
export async function fulfil(deps: PaymentsDeps, v: VerifiedPayment, now = new Date()): Promise<FulfilOutcome> {
  // An id that is no order's (not even a uuid) is refused; a database that is away is not a refusal:
  // its 503 lets the provider deliver the callback again (a refusal would tell it "failed").
  const order = await findOrder(deps.db, v.orderId).catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) throw err;
    return undefined;
  });
  if (!order) throw new CallbackRefused('unknown order', v.orderId);
  if (order.provider !== v.provider) throw new CallbackRefused(`order belongs to ${order.provider}`, order.id);
  if (!v.succeeded) {
    // An unsigned result's failure is kept even on an order we closed meanwhile: it is what a
    // later "success" with the same signed fields is checked against.
    if (UNSIGNED_RESULT.has(v.provider)) await recordFailureReport(deps.db, order.id, v.raw, now);
    else await failOrder(deps.db, order.id, { ...order.raw, callback: v.raw });
    return { kind: 'failed', order: (await findOrder(deps.db, order.id)) ?? order };
  }
  if (v.amount !== null && v.amount !== order.amount) {
    throw new CallbackRefused(`amount ${v.amount} differs from the order's ${order.amount}`, order.id);
  }
  if (v.currency !== null && v.currency.toUpperCase() !== order.currency) {
    throw new CallbackRefused(`currency ${v.currency} differs from the order's ${order.currency}`, order.id);
  }

  // Read before the transaction: on the embedded database (one connection) a settings read from
  // inside it, on a cold cache, would wait for the transaction that waits for it.
  const { siteName } = await deps.settings.group('general');
  let step: FulfilStep;
  try {
    step = await deps.db.transaction(async (tx): Promise<FulfilStep> => {
      const user = order.userId ? await lockUser(tx, order.userId) : undefined;
      const row = await lockOrder(tx, order.id);
      if (!row) return { kind: 'gone' };
      if (row.status === 'completed' || row.status === 'refunded') return { kind: 'settled', row };
      // Checked under the order's lock: a failure report that commits first is seen here, and one
      // that comes after this success finds the order completed and leaves it.
      if (UNSIGNED_RESULT.has(v.provider) && failureReported(row)) return { kind: 'reported_failed', row };
      const reason = unappliedReason(row, user, v.paidAt ?? now, now);
      if (reason) {
        const done = await completeOrder(tx, row.id, {
          providerPaymentId: v.providerPaymentId,
          raw: { ...row.raw, callback: v.raw, unapplied: reason },
          completedAt: now,
          refundRequestedAt: now,
        });
        return { kind: 'unapplied', row: done!, reason };
      }
      const done = (await completeOrder(tx, row.id, {
        providerPaymentId: v.providerPaymentId,
        raw: { ...row.raw, callback: v.raw },
        completedAt: now,
      }))!;
      const plan = planById(done.plan as PaidPlanId);
      let updated: UserRow;
      if (planEffect(done, user!, now) === 'renewal') {
        // A renewal paid through its e-mailed link: the next period runs from the old end date.
        const end = periodEnd(plan.duration, done.periodStart!);
        updated = await updateSubscription(tx, user!.id, {
          subscriptionStatus: 'active',
          subscriptionPrice: done.amount,
          subscriptionStart: done.periodStart!,
          subscriptionEnd: end,
          nextRenewalDate: end,
          autoRenew: true,
        });
      } else {
        const end = periodEnd(plan.duration, now);
        const renews = plan.duration !== 'lifetime';
        updated = await updateSubscription(tx, user!.id, {
          subscriptionPlan: plan.id,
          subscriptionStatus: 'active',
          subscriptionPrice: done.amount + done.creditAmount,
          subscriptionStart: now,
          subscriptionEnd: end,
          nextRenewalDate: renews ? end : null,
          autoRenew: renews,
        });
      }
      if (updated.autoRenew && updated.subscriptionPlan === plan.id) {
        // The card the renewals will be charged to (a provider's references, sealed).
        const credential =
          v.provider === 'demo'
            ? { customerRef: null, methodRef: demoCardToken(), sourcePaymentRef: null }
            : v.credential;
        if (credential)
          await saveCredential(tx, deps.config.jwtSecret, user!.id, done.id, { provider: v.provider, ...credential });
      }
      await enqueueReceipt(deps, tx, done, updated, plan, now, siteName);
      return { kind: 'granted', row: done };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payments_provider_payment_uq')) {
      throw new CallbackRefused('provider payment id already completed another order', order.id);
    }
    throw err;
  }

  switch (step.kind) {
    case 'gone':
      throw new CallbackRefused('unknown order', order.id);
    case 'reported_failed':
      // Not a payment we can prove, so not "late money" either: nothing is recorded or refunded.
      // Real money after a cancel (a second tab of the provider's page) shows in its panel.
      deps.log.warn(
        { orderId: order.id, userId: order.userId, provider: v.provider, providerPaymentId: v.providerPaymentId },
        'payment success after the provider reported this order failed; not applied: check the Shopier panel',
      );
      return { kind: 'failed', order: step.row };
    case 'granted':
      sessionCache.forgetUser(step.row.userId!);
      deps.mail.kick();
      deps.log.info(
        { orderId: order.id, userId: step.row.userId, plan: step.row.plan, provider: v.provider },
        'premium plan granted',
      );
      return { kind: 'granted', order: step.row };
    case 'unapplied': {
      deps.log.warn(
        { orderId: order.id, userId: order.userId, plan: order.plan, reason: step.reason, provider: v.provider },
        'payment not applied to the plan; refunding it',
      );
      const refund = await settleUnapplied(deps, step.row, step.reason, now);
      return {
        kind: 'unapplied',
        order: (await findOrder(deps.db, order.id)) ?? step.row,
        reason: step.reason,
        refund,
      };
    }
    case 'settled': {
      const { row } = step;
      if (v.providerPaymentId && row.providerPaymentId && v.providerPaymentId !== row.providerPaymentId) {
        // The same order paid a second time (two pages of it open): the second payment is recorded
        // as a payment of its own, owed back, and refunded like any money that did not raise the plan.
        const second = await recordSecondPayment(deps, row, v, now);
        deps.log.warn(
          { orderId: row.id, paymentId: second.id, userId: row.userId, provider: v.provider },
          'a second payment for an order already paid; refunding it',
        );
        const refund =
          second.status === 'refunded' ? 'refunded' : await settleUnapplied(deps, second, 'second_payment', now);
        return {
          kind: 'unapplied',
          order: (await findOrder(deps.db, second.id)) ?? second,
          reason: 'second_payment',
          refund,
        };
      }
      const reason = unappliedOf(row);
      if (!reason) return { kind: 'already', order: row };
      // A replayed callback of money owed back: the refund once more if an earlier try did not finish.
      const refund = row.status === 'refunded' ? 'refunded' : await settleUnapplied(deps, row, reason, now);
      return { kind: 'unapplied', order: (await findOrder(deps.db, row.id)) ?? row, reason, refund };
    }
  }
}

/**
 * A second payment of an order already paid, as a completed payment of its own with its refund
 * requested (`raw.unapplied: 'second_payment'`, `raw.secondOf`): a purchase row (never a renewal's,
 * whose period is unique), so the refund machinery and the operator's queue see it like any other.
 * The provider's payment id is unique: a replayed callback finds the row it wrote the first time.
 */
async function recordSecondPayment(
  deps: PaymentsDeps,
  paid: PaymentRow,
  v: VerifiedPayment,
  now: Date,
): Promise<PaymentRow> {
  const existing = await findPaymentByProviderId(deps.db, v.provider, v.providerPaymentId!);
  if (existing) return existing;
  try {
    return await insertOrder(deps.db, {
      userId: paid.userId,
      provider: paid.provider,
      plan: paid.plan,
      amount: paid.amount,
      currency: paid.currency,
      taxAmount: paid.taxAmount,
      creditAmount: paid.creditAmount,
      kind: 'checkout',
      status: 'completed',
      providerPaymentId: v.providerPaymentId,
      completedAt: now,
      refundRequestedAt: now,
      raw: { ...paid.raw, callback: v.raw, unapplied: 'second_payment', secondOf: paid.id },
    });
  } catch (err) {
    // The same second payment delivered twice at once: the other delivery wrote it.
    if (!isUniqueViolation(err, 'payments_provider_payment_uq')) throw err;
    const written = await findPaymentByProviderId(deps.db, v.provider, v.providerPaymentId!);
    if (!written) throw err;
    return written;
  }
}

/**
 * Money that did not raise the plan goes back: through the provider's refund API at once
 * (`refundPayment`: claimed, once, the member told), or — Shopier, which has none, or a provider
 * that refused — it stays a completed payment with its refund requested (the operator's queue of
 * refund requests), an error in the log, and the member told it will be refunded.
 */
export async function settleUnapplied(
  deps: PaymentsDeps,
  payment: PaymentRow,
  reason: UnappliedReason,
  now: Date,
): Promise<UnappliedRefund> {
  if (AUTO_REFUND.has(payment.provider as ProviderId)) {
    try {
      const refunded = await refundPayment(deps, payment.id, now);
      if (refunded || (await findOrder(deps.db, payment.id))?.status === 'refunded') return 'refunded';
    } catch (err) {
      if (err instanceof AppError && err.code === CODES.refundInProgress) return 'in_progress';
      // refundPayment logged the provider's answer and kept its code in refund_error.
    }
  }
  deps.log.error(
    { orderId: payment.id, userId: payment.userId, provider: payment.provider, amount: payment.amount, reason },
    'payment not applied and not refunded automatically: refund it by hand (its refund is requested)',
  );
  const user = payment.userId ? await findUser(deps.db, payment.userId) : undefined;
  if (user && !user.deletedAt) {
    const plan = planById(payment.plan as PaidPlanId);
    await deps.db.transaction((tx) =>
      notifyMember(tx, user.id, `refund-owed:${payment.id}`, {
        title: paymentMessages.refundOwedTitle,
        message: paymentMessages.refundOwed(
          plan.name,
          formatTry(payment.amount, payment.currency),
          paymentMessages.unappliedReasons[reason],
        ),
      }),
    );
  }
  return 'flagged';
}

async function enqueueReceipt(
  deps: PaymentsDeps,
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  order: PaymentRow,
  user: UserRow,
  plan: Plan,
  now: Date,
  siteName: string,
): Promise<void> {
  const taxRate = typeof order.raw?.taxRate === 'number' ? order.raw.taxRate : 0;
  const end = user.subscriptionPlan === plan.id ? user.subscriptionEnd : null;
  await deps.mail.enqueue(
    tx,
    'email.payment-receipt',
    paymentReceiptMail({
      to: user.email,
      firstName: user.firstName,
      siteName,
      orderId: order.id,
      planName: plan.name,
      amount: formatTry(order.amount, order.currency),
      tax: formatTry(order.taxAmount, order.currency),
      taxRatePercent: Math.round(taxRate * 100),
      credit: order.creditAmount > 0 ? formatTry(order.creditAmount, order.currency) : null,
      paidAt: formatDateTr(now),
      endDate: end ? formatDateTr(end) : null,
      provider: PROVIDER_NAMES[order.provider as ProviderId] ?? order.provider,
      profileUrl: `${deps.config.publicUrl}/profile?tab=premium`,
    }),
    `payment-receipt:${order.id}`,
  );
}

const DECLINE_REASONS: Record<string, string> = {
  card_declined: 'kart reddedildi',
  insufficient_funds: 'yetersiz bakiye',
  expired_card: 'kartın süresi dolmuş',
  authentication_required: 'bankanız onay istedi',
  no_payment_method: 'kayıtlı kart bulunamadı',
  provider_not_configured: 'ödeme sağlayıcısı yapılandırılmamış',
  provider_error: 'ödeme sağlayıcısına ulaşılamadı',
  demo_disabled: 'test ödemeleri kapalı',
};

/** A renewal refusal's code (Stripe's decline code, iyzico_…, ours) in Turkish for the member. */
export function declineReason(code: string): string {
  return DECLINE_REASONS[code] ?? (code.startsWith('iyzico_') ? 'kart bankası ödemeyi onaylamadı' : 'ödeme reddedildi');
}

export function presentOrder(o: PaymentRow): PaymentOrder {
  return {
    _id: o.id,
    plan: o.plan,
    provider: o.provider,
    amount: kurusToTry(o.amount),
    currency: o.currency,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    completedAt: o.completedAt ? o.completedAt.toISOString() : null,
  };
}

export async function getOrder(deps: PaymentsDeps, caller: AuthUser, id: string): Promise<PaymentOrder> {
  const order = isUuidLike(id) ? await findUserOrder(deps.db, caller.id, id) : undefined;
  if (!order) throw notFound(CODES.orderNotFound, m.orderNotFound);
  return presentOrder(order);
}

function isUuidLike(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** A pending order of the demo/Shopier page (by its unguessable id), with its buyer. */
export async function pendingOrderWithBuyer(
  deps: PaymentsDeps,
  id: string,
  provider: ProviderId,
): Promise<{ order: PaymentRow; buyer: UserRow } | null> {
  if (!isUuidLike(id)) return null;
  const order = await findOrder(deps.db, id);
  if (!order || order.provider !== provider || !order.userId) return null;
  const buyer = await findUser(deps.db, order.userId);
  return buyer ? { order, buyer } : null;
}

export function demoSigningKey(deps: Pick<PaymentsDeps, 'config'>): string {
  return demoSecret(deps.config.jwtSecret);
}

/**
 * POST /payments/cancel: auto-renew off; premium stays until the end date, when the expiry job
 * moves the account to free. Idempotent. Nothing to cancel on the free or the lifetime plan. The
 * open renewal order of the period (a payment link, or a declined renewal waiting for its next
 * attempt) is closed with it; a plan kept on through a renewal's grace period ends at its own end
 * date again, the renewal date.
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  caller: AuthUser,
  now = new Date(),
): Promise<{ autoRenew: boolean; endDate: string | null; message: string }> {
  const user = await findUser(deps.db, caller.id);
  if (!user || !activePaidPlan(user, now) || !user.subscriptionEnd) {
    throw new AppError(409, CODES.nothingToCancel, m.nothingToCancel);
  }
  let end = user.subscriptionEnd;
  if (user.autoRenew || user.nextRenewalDate) {
    end = await deps.db.transaction(async (tx) => {
      const locked = (await lockUser(tx, user.id)) ?? user;
      const open = await closeOpenRenewals(tx, user.id, now);
      const periodStart = open.find((o) => o.attempts > 0 && o.periodStart)?.periodStart ?? null;
      const newEnd =
        periodStart && locked.subscriptionEnd && periodStart < locked.subscriptionEnd
          ? periodStart
          : locked.subscriptionEnd;
      await updateSubscription(tx, user.id, { autoRenew: false, nextRenewalDate: null, subscriptionEnd: newEnd });
      return newEnd ?? end;
    });
    sessionCache.forgetUser(user.id);
  }
  return { autoRenew: false, endDate: end.toISOString(), message: m.cancelled(formatDateTr(end)) };
}

/**
 * POST /payments/refund: the caller asks for a refund of one of their completed payments within
 * REFUND_WINDOW_DAYS of paying, while the admin allows refunds. Recorded once; an operator
 * carries it out (`refundPayment`).
 */
export async function requestRefund(
  deps: PaymentsDeps,
  caller: AuthUser,
  paymentId: string,
  now = new Date(),
): Promise<{ paymentId: string; refundRequestedAt: string }> {
  const p = await deps.settings.group('payment');
  if (!p.enableRefunds) throw forbidden(CODES.refundsDisabled, m.refundsDisabled);
  const order = isUuidLike(paymentId) ? await findUserOrder(deps.db, caller.id, paymentId) : undefined;
  if (!order) throw notFound(CODES.orderNotFound, m.orderNotFound);
  if (order.status !== 'completed' || !order.completedAt)
    throw new AppError(409, CODES.refundNotAllowed, m.refundNotAllowed);
  if (order.refundRequestedAt) throw new AppError(409, CODES.refundAlreadyRequested, m.refundAlreadyRequested);
  if (now.getTime() - order.completedAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) {
    throw new AppError(409, CODES.refundWindowPassed, m.refundWindowPassed);
  }
  if (!(await markRefundRequested(deps.db, order.id, now))) {
    throw new AppError(409, CODES.refundAlreadyRequested, m.refundAlreadyRequested);
  }
  deps.log.info({ orderId: order.id, userId: caller.id }, 'refund requested');
  return { paymentId: order.id, refundRequestedAt: now.toISOString() };
}

/** A refund call out to a provider is someone's for this long; a stale claim (a crash) can be retried. */
export const REFUND_LEASE_MS = 2 * 60_000;

export interface RefundOptions {
  /** The shopper's or operator's address, sent where a provider asks for one (iyzico). */
  ip?: string;
}

export interface RefundOutcome {
  /** provider: the provider's refund API returned the money; instant: the demo provider; manual: Shopier. */
  mode: 'provider' | 'instant' | 'manual';
  /** Turkish, for the operator's screen. */
  message: string;
  providerRefundId: string | null;
}

export type RefundedPayment = PaymentRow & { refund: RefundOutcome };

async function providerRefund(
  deps: PaymentsDeps,
  p: PaymentSettings,
  payment: PaymentRow,
  ip: string,
): Promise<RefundOutcome & { raw: Record<string, unknown> }> {
  const provider = payment.provider as ProviderId;
  const name = PROVIDER_NAMES[provider] ?? payment.provider;
  const notConfigured = () => new AppError(503, CODES.refundProviderNotConfigured, m.refundProviderNotConfigured(name));
  switch (provider) {
    case 'demo':
      return {
        mode: 'instant',
        message: m.refundedDemo,
        providerRefundId: `demo_ref_${payment.id}`,
        raw: { demo: true },
      };
    case 'shopier':
      // Shopier has no public refund API: the operator's click confirms the refund made in its panel.
      return { mode: 'manual', message: m.refundedManually, providerRefundId: null, raw: { manual: true } };
    case 'stripe': {
      if (!p.stripeSecretKey) throw notConfigured();
      if (!payment.providerPaymentId) throw new ProviderRefundError('no_provider_payment', 'ödeme kimliği yok');
      const r = await refundStripe(
        stripeClient(p.stripeSecretKey, deps.config.payments.stripeApiUrl),
        payment.id,
        payment.providerPaymentId,
      );
      return { mode: 'provider', message: m.refundedByProvider(name), ...r };
    }
    case 'iyzico': {
      if (!p.iyzicoApiKey || !p.iyzicoSecretKey) throw notConfigured();
      if (!payment.providerPaymentId) throw new ProviderRefundError('no_provider_payment', 'ödeme kimliği yok');
      const r = await refundIyzico(
        iyzicoClient(p.iyzicoApiKey, p.iyzicoSecretKey, iyzicoUrl(deps.config, p)),
        { ...payment, providerPaymentId: payment.providerPaymentId },
        ip,
      );
      return { mode: 'provider', message: m.refundedByProvider(name), ...r };
    }
    default:
      throw new ProviderRefundError('unknown_provider', payment.provider);
  }
}

/**
 * Refunds a completed payment through its provider (the admin screen's button calls this), once.
 * The payment's row is claimed first (`refund_started_at`, a conditional update), so a concurrent
 * call answers 409 REFUND_IN_PROGRESS instead of calling out a second time; Stripe's refund also
 * carries the payment's id as its idempotency key, so a call retried after a crash gets the same
 * refund back. Shopier has no refund API: the call records the refund the operator made in
 * Shopier's panel (`refund.mode` 'manual', said in `refund.message`). A provider failure leaves
 * the payment completed, with `refund_error` set, and throws 502 REFUND_PROVIDER_FAILED (503
 * REFUND_PROVIDER_NOT_CONFIGURED without the provider's keys): it can be retried. When the payment
 * bought the current plan, premium ends now. A payment already refunded (or not completed, or
 * unknown) returns null.
 */
export async function refundPayment(
  deps: PaymentsDeps,
  paymentId: string,
  now = new Date(),
  opts: RefundOptions = {},
): Promise<RefundedPayment | null> {
  if (!isUuidLike(paymentId)) return null;
  const [claimed] = await deps.db
    .update(payments)
    .set({ refundStartedAt: now, refundError: null })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'completed'),
        or(isNull(payments.refundStartedAt), lt(payments.refundStartedAt, new Date(now.getTime() - REFUND_LEASE_MS))),
      ),
    )
    .returning();
  if (!claimed) {
    const row = await findOrder(deps.db, paymentId);
    if (row?.status === 'completed' && row.refundStartedAt) {
      throw new AppError(409, CODES.refundInProgress, m.refundInProgress);
    }
    return null;
  }

  const p = await deps.settings.group('payment');
  let outcome: Awaited<ReturnType<typeof providerRefund>>;
  try {
    outcome = await providerRefund(deps, p, claimed, opts.ip ?? '127.0.0.1');
  } catch (err) {
    const code = err instanceof ProviderRefundError ? err.code : err instanceof AppError ? err.code : 'provider_error';
    await deps.db
      .update(payments)
      .set({ refundStartedAt: null, refundError: code })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'completed')));
    deps.log.error({ err, paymentId, provider: claimed.provider, code }, 'provider refused or failed a refund');
    if (err instanceof AppError) throw err;
    const name = PROVIDER_NAMES[claimed.provider as ProviderId] ?? claimed.provider;
    throw new AppError(502, CODES.refundProviderFailed, m.refundProviderFailed(name));
  }

  const { raw: refundRaw, ...refund } = outcome;
  // Read before the transaction (the embedded database's one connection, as in fulfilment).
  const { siteName } = await deps.settings.group('general');
  const result = await deps.db.transaction(async (tx) => {
    const user = claimed.userId ? await lockUser(tx, claimed.userId) : undefined;
    const refunded = await markRefunded(tx, paymentId, now, {
      providerRefundId: refund.providerRefundId,
      raw: { ...claimed.raw, refund: { ...refundRaw, mode: refund.mode, at: now.toISOString() } },
    });
    if (!refunded || !user) return refunded ?? null;
    const latest = await latestCompleted(tx, user.id);
    // A payment recorded as not applied never bought a plan: its refund leaves the plan alone.
    const boughtCurrentPlan =
      !unappliedOf(refunded) &&
      user.subscriptionPlan === refunded.plan &&
      (!latest || (latest.completedAt ?? now) <= (refunded.completedAt ?? now));
    if (boughtCurrentPlan) {
      await updateSubscription(tx, user.id, {
        subscriptionPlan: 'free',
        subscriptionStatus: 'expired',
        subscriptionPrice: 0,
        subscriptionEnd: now,
        nextRenewalDate: null,
        autoRenew: false,
      });
      await closeOpenRenewals(tx, user.id, now);
    }
    // A deleted account's address is gone: nobody to tell.
    if (!user.deletedAt) await tellRefunded(deps, tx, refunded, user, boughtCurrentPlan, siteName);
    return refunded;
  });
  if (result?.userId) {
    sessionCache.forgetUser(result.userId);
    deps.mail.kick();
  }
  if (result) deps.log.info({ paymentId, provider: result.provider, mode: refund.mode }, 'payment refunded');
  return result ? { ...result, refund } : null;
}

/** The member hears of a refund once (keyed by the payment), whoever asked for it: e-mail and a notification. */
async function tellRefunded(
  deps: PaymentsDeps,
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  payment: PaymentRow,
  user: UserRow,
  planEnded: boolean,
  siteName: string,
): Promise<void> {
  const plan = planById(payment.plan as PaidPlanId);
  const amount = formatTry(payment.amount, payment.currency);
  const key = `refund:${payment.id}`;
  await deps.mail.enqueue(
    tx,
    'email.refund',
    refundedMail({
      to: user.email,
      firstName: user.firstName,
      siteName,
      planName: plan.name,
      amount,
      paidAt: formatDateTr(payment.completedAt ?? payment.createdAt),
      provider: PROVIDER_NAMES[payment.provider as ProviderId] ?? payment.provider,
      planEnded,
      profileUrl: `${deps.config.publicUrl}/profile?tab=premium`,
    }),
    key,
  );
  const unapplied = unappliedOf(payment);
  await notifyMember(tx, user.id, key, {
    title: 'Ödemeniz iade edildi',
    message: unapplied
      ? paymentMessages.refundedUnapplied(plan.name, amount, paymentMessages.unappliedReasons[unapplied])
      : planEnded
        ? `${plan.name} ödemeniz (${amount}) iade edildi; bu ödemeyle alınan Premium üyeliğiniz sona erdi.`
        : `${plan.name} ödemeniz (${amount}) iade edildi.`,
  });
}

/** Where a payment stands for the member's refund button (REFUND_STATES). */
export function refundState(o: PaymentRow, refundsOn: boolean, now: Date): RefundState {
  if (o.status === 'refunded') return 'refunded';
  if (o.status !== 'completed' || !o.completedAt) return 'none';
  if (o.refundRequestedAt) return 'requested';
  if (!refundsOn || now.getTime() - o.completedAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) return 'none';
  return 'eligible';
}

/** A renewal order the card declined, waiting for its next attempt (not one whose answer is in doubt). */
const declined = (o: PaymentRow) =>
  o.kind === 'renewal' && o.status === 'pending' && o.attempts > 0 && !!o.lastError && o.lastError !== 'provider_error';

/** GET /payments/history: the caller's payments, newest first, with each one's refund state. */
export async function paymentHistory(
  deps: PaymentsDeps,
  caller: AuthUser,
  now = new Date(),
): Promise<PaymentHistoryItem[]> {
  const [p, rows] = await Promise.all([deps.settings.group('payment'), listUserPayments(deps.db, caller.id)]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((o) => ({
    _id: o.id,
    plan: o.plan,
    provider: o.provider,
    kind: o.kind,
    amount: kurusToTry(o.amount),
    currency: o.currency,
    tax: kurusToTry(o.taxAmount),
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    completedAt: iso(o.completedAt),
    refundRequestedAt: iso(o.refundRequestedAt),
    refundedAt: iso(o.refundedAt),
    refund: refundState(o, p.enableRefunds, now),
    refundDeadline: o.completedAt
      ? new Date(o.completedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString()
      : null,
    attempts: o.attempts,
    nextAttemptAt: declined(o) ? iso(o.nextAttemptAt) : null,
    declineReason: declined(o) ? declineReason(o.lastError!) : null,
  }));
}

/**
 * The page a renewal's e-mailed payment link opens (GET /payments/pay/{order}): the order's
 * provider page while the order is open — the demo or Shopier page of ours, a Stripe Checkout
 * Session or an iyzico form made for it. null when the order is not an open link order.
 */
export async function renewalPaymentUrl(deps: PaymentsDeps, orderId: string, ip: string): Promise<string | null> {
  if (!isUuidLike(orderId)) return null;
  const order = await findOrder(deps.db, orderId);
  if (!order || order.kind !== 'renewal' || order.status !== 'pending' || order.nextAttemptAt || !order.userId) {
    return null;
  }
  const [p, user] = await Promise.all([deps.settings.group('payment'), findUser(deps.db, order.userId)]);
  if (!user || user.deletedAt || !p.enablePayments || activeProvider(p) !== order.provider) return null;
  const plan = planById(order.plan as PaidPlanId);
  const provider = order.provider as ProviderId;
  const start = await openCheckout(
    deps,
    provider,
    p,
    {
      orderId: order.id,
      planId: plan.id,
      planName: plan.name,
      amount: order.amount,
      currency: order.currency,
      buyer: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      returnUrl: `${deps.config.publicUrl}/premium/callback?order=${order.id}`,
      callbackUrl: `${deps.config.publicUrl}/api/payments/callback/${provider}`,
      renews: true,
      customerRef: null,
    },
    ip,
  );
  if (start.providerRef && start.providerRef !== order.providerRef)
    await setProviderRef(deps.db, order.id, start.providerRef);
  return start.url;
}
