import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
 * report) order moves, so a second delivery of the same callback finds nothing to update.
 */
export async function completeOrder(
  tx: Transaction,
  id: string,
  fields: { providerPaymentId: string | null; raw: Record<string, unknown>; completedAt: Date },
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

/** The user's latest completed payment (the one that bought the current plan). */
export async function latestCompleted(db: Db, userId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'completed')))
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
 * for its next attempt): cancelled, upgraded past or refunded. Returns them as they were.
 */
export async function closeOpenRenewals(db: Db, userId: string): Promise<PaymentRow[]> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal'), eq(payments.status, 'pending')));
  if (open.length === 0) return open;
  await db
    .update(payments)
    .set({ status: 'failed', lastError: 'cancelled', nextAttemptAt: null })
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal'), eq(payments.status, 'pending')));
  return open;
}
