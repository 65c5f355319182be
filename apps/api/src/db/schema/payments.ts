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
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
