import type { AdminPayment, AdminSubscriptionItem } from '@kiyasla/contracts/admin-subscriptions';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { PaymentRow } from '../../../db/schema/payments';
import type { SubscriptionRow } from './admin-subscriptions.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The specification's subscription list item: the member and their plan, nothing else of the account. */
export function presentSubscription(row: SubscriptionRow): AdminSubscriptionItem {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    subscription: {
      plan: row.plan,
      status: row.status,
      startDate: iso(row.start),
      endDate: iso(row.end),
      autoRenew: row.autoRenew,
      nextRenewalDate: iso(row.nextRenewalDate),
      cancellable: row.status === 'active' && row.plan !== 'free' && row.end !== null,
    },
  };
}

/** A payment for the operator: amounts in TRY, no provider payload (`raw`) and no provider ids. */
export function presentPayment(row: PaymentRow, refundsEnabled: boolean): AdminPayment {
  return {
    _id: row.id,
    plan: row.plan,
    provider: row.provider,
    amount: kurusToTry(row.amount),
    currency: row.currency,
    taxAmount: kurusToTry(row.taxAmount),
    creditAmount: kurusToTry(row.creditAmount),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    refundRequestedAt: iso(row.refundRequestedAt),
    refundedAt: iso(row.refundedAt),
    refundable: refundsEnabled && row.status === 'completed' && row.userId !== null,
  };
}
