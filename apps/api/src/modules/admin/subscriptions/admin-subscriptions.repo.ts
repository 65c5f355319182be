import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PlanId, SubscriptionStatus } from '@kiyasla/contracts/constants';
import type { Database, Transaction } from '../../../db/client';
import { payments, type PaymentRow } from '../../../db/schema/payments';
import { users, type UserRow } from '../../../db/schema/users';

type Db = Database | Transaction;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * A member's subscription status as the operator reads it, from the row and the clock: a plan
 * past its end is `expired` even before the lifecycle job has moved it to free; a running plan
 * that will not renew (the member or an operator cancelled it) is `cancelled`; a renewing or
 * lifetime plan is `active`. One expression serves the list, its filter and the statistics.
 */
function statusExpr(now: Date): SQL<SubscriptionStatus> {
  return sql<SubscriptionStatus>`case
    when ${users.subscriptionStatus} = 'expired'
      or (${users.subscriptionPlan} <> 'free' and ${users.subscriptionEnd} is not null and ${users.subscriptionEnd} <= ${at(now)})
      then 'expired'
    when ${users.subscriptionStatus} = 'cancelled'
      or (${users.subscriptionPlan} <> 'free' and ${users.subscriptionEnd} is not null and not ${users.autoRenew})
      then 'cancelled'
    else 'active' end`;
}

/**
 * Who is on the screen: open accounts holding a paid plan, and those whose plan ended (the
 * lifecycle job and a refund leave them free with status `expired`). An account that never paid
 * is free and `active`, and is not a subscription.
 */
const isSubscription = and(
  isNull(users.deletedAt),
  or(sql`${users.subscriptionPlan} <> 'free'`, sql`${users.subscriptionStatus} <> 'active'`),
);

const columns = (now: Date) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  plan: users.subscriptionPlan,
  status: statusExpr(now),
  start: users.subscriptionStart,
  end: users.subscriptionEnd,
  autoRenew: users.autoRenew,
  nextRenewalDate: users.nextRenewalDate,
});

export interface SubscriptionFilter {
  /** Already folded (foldTurkish). */
  search?: string;
  plan?: PlanId;
  status?: SubscriptionStatus;
}

/** `%`, `_` and `\` are literal in a search. */
function likePattern(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(f: SubscriptionFilter, now: Date): SQL | undefined {
  return and(
    isSubscription,
    f.search
      ? sql`kiyasla_fold(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${likePattern(f.search)}`
      : undefined,
    f.plan ? eq(users.subscriptionPlan, f.plan) : undefined,
    f.status ? sql`${statusExpr(now)} = ${f.status}` : undefined,
  );
}

/** Latest subscription start first (accounts without one by their creation), then by id. */
export async function listSubscriptions(db: Db, filter: SubscriptionFilter, page: number, limit: number, now: Date) {
  const condition = where(filter, now);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(now))
      .from(users)
      .where(condition)
      .orderBy(desc(sql`coalesce(${users.subscriptionStart}, ${users.createdAt})`), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(condition),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type SubscriptionRow = Awaited<ReturnType<typeof listSubscriptions>>['rows'][number];

/** One open account's subscription (any account: the history of a member who never paid is empty). */
export async function findMember(db: Db, id: string, now: Date, { lock = false } = {}) {
  const query = db
    .select(columns(now))
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The whole row of an open account, locked: the payments service's cancel reads it as its caller. */
export async function lockMemberRow(tx: Transaction, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

const n = (value: unknown) => Number(value ?? 0);

/** The statistics modal and cards: one scan of the subscriptions, one of the payments (kuruş). */
export async function subscriptionStats(db: Db, now: Date) {
  const status = statusExpr(now);
  const [[counts], [money]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`,
        active: sql<number>`count(*) filter (where ${status} = 'active')`,
        cancelled: sql<number>`count(*) filter (where ${status} = 'cancelled')`,
        expired: sql<number>`count(*) filter (where ${status} = 'expired')`,
        monthly: sql<number>`count(*) filter (where ${users.subscriptionPlan} = 'monthly-premium')`,
        yearly: sql<number>`count(*) filter (where ${users.subscriptionPlan} = 'yearly-premium')`,
        lifetime: sql<number>`count(*) filter (where ${users.subscriptionPlan} = 'lifetime-premium')`,
      })
      .from(users)
      .where(isSubscription),
    db
      .select({
        monthly: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'completed' and ${payments.plan} = 'monthly-premium'), 0)`,
        yearly: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'completed' and ${payments.plan} = 'yearly-premium'), 0)`,
        lifetime: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'completed' and ${payments.plan} = 'lifetime-premium'), 0)`,
        refunded: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'refunded'), 0)`,
        pendingRefunds: sql<number>`count(*) filter (where ${payments.status} = 'completed' and ${payments.refundRequestedAt} is not null)`,
      })
      .from(payments)
      .where(and(sql`${payments.status} in ('completed', 'refunded')`, eq(payments.currency, 'TRY'))),
  ]);
  return {
    total: n(counts?.total),
    active: n(counts?.active),
    cancelled: n(counts?.cancelled),
    expired: n(counts?.expired),
    monthly: n(counts?.monthly),
    yearly: n(counts?.yearly),
    lifetime: n(counts?.lifetime),
    monthlyKurus: n(money?.monthly),
    yearlyKurus: n(money?.yearly),
    lifetimeKurus: n(money?.lifetime),
    refundedKurus: n(money?.refunded),
    pendingRefunds: n(money?.pendingRefunds),
  };
}

/** A member's payments, newest first (a member has a handful; the cap guards the screen). */
export async function memberPayments(db: Db, userId: string, limit = 100): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export async function findPayment(db: Db, id: string, { lock = false } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
