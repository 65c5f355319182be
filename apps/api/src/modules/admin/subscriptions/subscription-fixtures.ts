import type { PlanId, SubscriptionStatus } from '@kiyasla/contracts/constants';
import type { Database } from '../../../db/client';
import { payments, type PaymentRow } from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';

/*
 * Test fixtures of the subscriptions screen: members with a plan in a given state and their
 * payments, written straight to the database (the payments flow has its own tests).
 */

const DAY_MS = 86_400_000;
let counter = 0;

export interface SubscriberFixture {
  firstName?: string;
  lastName?: string;
  plan: PlanId;
  status?: SubscriptionStatus;
  /** Days from now (negative: in the past); null: none. */
  startDays?: number | null;
  endDays?: number | null;
  autoRenew?: boolean;
}

/** An account holding `plan` as described; returns its id and e-mail. */
export async function insertSubscriber(
  db: Database,
  f: SubscriberFixture,
  now = new Date(),
): Promise<{ id: string; email: string }> {
  counter += 1;
  const day = (d: number | null | undefined) =>
    d === null || d === undefined ? null : new Date(now.getTime() + d * DAY_MS);
  const end = day(f.endDays);
  const autoRenew = f.autoRenew ?? (f.plan !== 'free' && f.plan !== 'lifetime-premium');
  const email = `abone${counter}.${now.getTime()}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: null,
      firstName: f.firstName ?? 'Abone',
      lastName: f.lastName ?? `Üye ${counter}`,
      subscriptionPlan: f.plan,
      subscriptionStatus: f.status ?? 'active',
      subscriptionPrice: f.plan === 'free' ? 0 : 2999,
      subscriptionStart: day(f.startDays === undefined ? -1 : f.startDays),
      subscriptionEnd: end,
      nextRenewalDate: autoRenew ? end : null,
      autoRenew,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

export interface PaymentFixture {
  userId: string;
  plan: Exclude<PlanId, 'free'>;
  /** Kuruş. */
  amount: number;
  status?: PaymentRow['status'];
  currency?: string;
  /** Days from now the payment completed (default: 1 day ago). */
  completedDays?: number;
  refundRequested?: boolean;
}

export async function insertPayment(db: Database, f: PaymentFixture, now = new Date()): Promise<PaymentRow> {
  counter += 1;
  const status = f.status ?? 'completed';
  const completedAt = new Date(now.getTime() + (f.completedDays ?? -1) * DAY_MS);
  const [row] = await db
    .insert(payments)
    .values({
      userId: f.userId,
      provider: 'demo',
      plan: f.plan,
      amount: f.amount,
      currency: f.currency ?? 'TRY',
      status,
      providerRef: `fixture-${counter}-${now.getTime()}`,
      completedAt: status === 'completed' || status === 'refunded' ? completedAt : null,
      refundedAt: status === 'refunded' ? now : null,
      refundRequestedAt: f.refundRequested ? now : null,
      createdAt: completedAt,
    })
    .returning();
  return row!;
}
