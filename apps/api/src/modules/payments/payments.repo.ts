import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { payments, type NewPaymentRow, type PaymentRow } from '../../db/schema/payments';
import { users, type UserRow } from '../../db/schema/users';

type Db = Database | Transaction;

export async function insertOrder(db: Db, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert payments returned no row');
  return row;
}

export async function findOrder(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment a provider's payment id was recorded on (unique per provider). */
export async function findPaymentByProviderId(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row;
}

/** The order's row, locked for the rest of the transaction (after the account's row: the lock order of fulfilment). */
export async function lockOrder(tx: Transaction, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findUserOrder(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

export async function setProviderRef(db: Db, id: string, providerRef: string): Promise<void> {
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
}

/**
 * Marks an order completed, once: only a pending (or failed: the money arrived after a failure
 * report) order moves, so a second delivery of the same callback finds nothing to update. Whether
 * a failed order may move is fulfil's call: not after a failure report of a provider whose result
 * is unsigned (Shopier).
 */
export async function completeOrder(
  tx: Transaction,
  id: string,
  fields: {
    providerPaymentId: string | null;
    raw: Record<string, unknown>;
    completedAt: Date;
    /** Set for money that did not raise the plan: its refund is owed (the operator's queue of requests). */
    refundRequestedAt?: Date;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'completed', ...fields })
    .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed'])))
    .returning();
  return row;
}

export async function failOrder(db: Db, id: string, raw: Record<string, unknown>): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'failed', raw })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Records a provider's failure report for an order that is not paid, as `raw.failureReportedAt`
 * (and the report in `raw.callback`): a pending order fails; one we closed meanwhile keeps its
 * `last_error` and gets the report too, so the mark does not depend on who closed it first. A
 * completed order is left alone (its payment stands). The keys are merged into `raw` by the
 * statement itself, not from a copy read earlier. False when nothing was recorded.
 */
export async function recordFailureReport(
  db: Db,
  id: string,
  report: Record<string, unknown>,
  at: Date,
): Promise<boolean> {
  const added = JSON.stringify({ callback: report, failureReportedAt: at.toISOString() });
  const rows = await db
    .update(payments)
    .set({ status: 'failed', raw: sql`coalesce(${payments.raw}, '{}'::jsonb) || ${added}::jsonb` })
    .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed'])))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Whether a provider reported this order failed (`recordFailureReport`). */
export const failureReported = (o: Pick<PaymentRow, 'raw'>): boolean => typeof o.raw?.failureReportedAt === 'string';

export async function lockUser(tx: Transaction, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type SubscriptionChange = Partial<
  Pick<
    UserRow,
    | 'subscriptionPlan'
    | 'subscriptionStatus'
    | 'subscriptionPrice'
    | 'subscriptionStart'
    | 'subscriptionEnd'
    | 'nextRenewalDate'
    | 'autoRenew'
  >
>;

export async function updateSubscription(db: Db, userId: string, change: SubscriptionChange): Promise<UserRow> {
  const [row] = await db.update(users).set(change).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished during a subscription change`);
  return row;
}

/** Records a refund request once (null → now); false when one was already recorded. */
export async function markRefundRequested(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ refundRequestedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, 'completed'), isNull(payments.refundRequestedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function markRefunded(
  tx: Transaction,
  id: string,
  at: Date,
  fields: { providerRefundId: string | null; raw: Record<string, unknown> },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: at, refundStartedAt: null, refundError: null, ...fields })
    .where(and(eq(payments.id, id), eq(payments.status, 'completed')))
    .returning();
  return row;
}

/**
 * Why we closed an order ourselves, in `last_error` of a failed order (a provider's failure report
 * leaves it empty): a newer checkout replaced it, it expired, the account was deleted, or the
 * member stopped renewing. Money that still arrives for such an order is refunded, never applied.
 */
export const CLOSED_ORDER_REASONS = ['superseded', 'expired', 'account_deleted', 'cancelled'] as const;
export type ClosedOrderReason = (typeof CLOSED_ORDER_REASONS)[number];

export function closedReason(o: Pick<PaymentRow, 'status' | 'lastError'>): ClosedOrderReason | null {
  return o.status === 'failed' && (CLOSED_ORDER_REASONS as readonly (string | null)[]).includes(o.lastError)
    ? (o.lastError as ClosedOrderReason)
    : null;
}

/** The member's open purchase orders (at most one: the partial unique index), locked, newest first. */
export async function lockOpenCheckouts(tx: Transaction, userId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'checkout'), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .for('update');
}

/** Closes pending orders (pending → failed, the reason kept); returns the ids it closed. */
export async function closeOrders(db: Db, ids: string[], reason: ClosedOrderReason): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(payments)
    .set({ status: 'failed', lastError: reason, nextAttemptAt: null, lockedUntil: null })
    .where(and(inArray(payments.id, ids), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.map((r) => r.id);
}

/** Closes every purchase order still open that was opened before `before` (the housekeeping pass). */
export async function closeExpiredCheckouts(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .update(payments)
    .set({ status: 'failed', lastError: 'expired' })
    .where(and(eq(payments.kind, 'checkout'), eq(payments.status, 'pending'), lt(payments.createdAt, before)))
    .returning({ id: payments.id });
  return rows.map((r) => r.id);
}

/**
 * The account's latest completed payment that bought a plan (the one behind the current plan):
 * a payment recorded as not applied (`raw.unapplied`) never did.
 */
export async function latestCompleted(db: Db, userId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'completed'),
        sql`(${payments.raw} ->> 'unapplied') is null`,
      ),
    )
    .orderBy(sql`${payments.completedAt} desc nulls last`)
    .limit(1);
  return row;
}

/** The account's payments, newest first (the history and its refund buttons). */
export async function listUserPayments(db: Db, userId: string, limit = 100): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
}

/**
 * Closes the account's open renewal orders (a payment link not paid, a declined renewal waiting
 * for its next attempt): cancelled, upgraded past, refunded or deleted. An order whose lease is
 * held at `now` is being charged: it is left to the charge, which records its outcome (a charge
 * for a member who no longer renews is refunded). Returns every open one as it was.
 */
export async function closeOpenRenewals(
  db: Db,
  userId: string,
  now: Date,
  reason: ClosedOrderReason = 'cancelled',
): Promise<PaymentRow[]> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal'), eq(payments.status, 'pending')));
  if (open.length === 0) return open;
  await db
    .update(payments)
    .set({ status: 'failed', lastError: reason, nextAttemptAt: null })
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'renewal'),
        eq(payments.status, 'pending'),
        or(isNull(payments.lockedUntil), lt(payments.lockedUntil, now)),
      ),
    );
  return open;
}

/**
 * A deleted account's open orders, closed in the deletion's transaction: its purchase orders and
 * its renewals (but not a renewal being charged, see closeOpenRenewals). A payment that still
 * arrives for one is refunded.
 */
export async function closeOrdersOfDeletedAccount(tx: Transaction, userId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', lastError: 'account_deleted' })
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'checkout'), eq(payments.status, 'pending')));
  await closeOpenRenewals(tx, userId, now, 'account_deleted');
}
