import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { paymentStatus, subscriptionPlan } from './enums';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null on account purge: payment records are kept for accounting. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'demo' | 'shopier' | 'stripe' | 'iyzico' (PAYMENT_PROVIDERS in contracts/settings). */
    provider: text('provider').notNull(),
    plan: subscriptionPlan('plan').notNull(),
    /** Kuruş. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('TRY'),
    status: paymentStatus('status').notNull().default('pending'),
    /** The provider's order/session id; callbacks are matched and de-duplicated on it. */
    providerRef: text('provider_ref'),
    /** The provider's id of the payment itself (Shopier payment_id, Stripe payment intent, iyzico paymentId). */
    providerPaymentId: text('provider_payment_id'),
    /** Kuruş of tax included in `amount` (admin `taxRate`, prices include KDV). */
    taxAmount: integer('tax_amount').notNull().default(0),
    /** Kuruş credited for the unused part of the plan upgraded from (already deducted from `amount`). */
    creditAmount: integer('credit_amount').notNull().default(0),
    completedAt: instant('completed_at'),
    refundRequestedAt: instant('refund_requested_at'),
    refundedAt: instant('refunded_at'),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    /** 'checkout' (the shopper paid on the provider's page) | 'renewal' (a renewing plan's next period). */
    kind: text('kind').notNull().default('checkout'),
    /** A renewal order: the renewal date its period starts at (one order per user and period). */
    periodStart: instant('period_start'),
    /** A renewal order: charge attempts started; with the order id, the attempt's idempotency key. */
    attempts: integer('attempts').notNull().default(0),
    /** A renewal order: when the renewal job charges it next (null: paid through the e-mailed link only). */
    nextAttemptAt: instant('next_attempt_at'),
    /** A renewal order: claimed by a job instance until then; set while an attempt may be in flight. */
    lockedUntil: instant('locked_until'),
    /** The last renewal attempt's refusal code (card_declined, …). */
    lastError: text('last_error'),
    /** A refund called out to the provider and not yet answered (the refund's claim; stale after a lease). */
    refundStartedAt: instant('refund_started_at'),
    /** The provider's refusal code of the last refund attempt (the payment stays completed). */
    refundError: text('refund_error'),
    /** The provider's id of the refund. */
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_ck', sql`${t.amount} >= 0`),
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    // A provider's payment can complete one order only: a callback replayed for another order fails here.
    uniqueIndex('payments_provider_payment_uq').on(t.provider, t.providerPaymentId),
    check('payments_tax_ck', sql`${t.taxAmount} >= 0 and ${t.creditAmount} >= 0`),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    check('payments_kind_ck', sql`${t.kind} in ('checkout', 'renewal')`),
    // One renewal order per user and period: a retried or concurrent renewal pass opens no second one.
    uniqueIndex('payments_renewal_period_uq')
      .on(t.userId, t.periodStart)
      .where(sql`${t.kind} = 'renewal'`),
    // At most one open purchase order per member (ADR 018, "Orders once"): a new checkout reuses or
    // closes the open one under the member's row lock; this index is the database's last word.
    uniqueIndex('payments_open_checkout_uq')
      .on(t.userId)
      .where(sql`${t.kind} = 'checkout' and ${t.status} = 'pending'`),
    // The renewal job's claim: due, unpaid renewal orders.
    index('payments_renewal_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.kind} = 'renewal' and ${t.status} = 'pending'`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
