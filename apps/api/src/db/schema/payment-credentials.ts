import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { payments } from './payments';
import { users } from './users';

/**
 * What a payment provider keeps to charge a member's renewing plan again without them (ADR 018):
 * the provider's references only, never a card number. The references are sealed with the
 * settings' secret box (lib/secret-box.ts). One row per member: the card of their latest renewing
 * purchase.
 */
export const paymentCredentials = pgTable('payment_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'demo' | 'stripe' | 'iyzico' (Shopier keeps no card). */
  provider: text('provider').notNull(),
  /** Sealed: Stripe customer id / iyzico cardUserKey. */
  customerRef: text('customer_ref'),
  /** Sealed: Stripe payment method id / iyzico cardToken / the demo token. */
  methodRef: text('method_ref'),
  /** Sealed: Stripe's first payment intent, whose payment method is read at the first renewal. */
  sourcePaymentRef: text('source_payment_ref'),
  /** The order that saved it. */
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PaymentCredentialRow = typeof paymentCredentials.$inferSelect;
