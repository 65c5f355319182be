import clsx from 'clsx';
import {
  PAYMENT_STATUS_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  UNKNOWN_STATUS_LABEL,
  type AdminPayment,
} from '@kiyasla/contracts/admin-subscriptions';
import type { PlanId } from '@kiyasla/contracts/constants';

const pill = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const PLAN_TONES: Record<PlanId, string> = {
  free: 'bg-surface-2 text-muted',
  'monthly-premium': 'bg-info/15 text-info',
  'yearly-premium': 'bg-primary-soft text-primary',
  'lifetime-premium': 'bg-warning/15 text-warning',
};

export function PlanBadge({ plan }: { plan: string }) {
  const known = plan in SUBSCRIPTION_PLAN_LABELS ? (plan as PlanId) : null;
  return (
    <span className={clsx(pill, known ? PLAN_TONES[known] : 'bg-surface-2 text-muted')}>
      {known ? SUBSCRIPTION_PLAN_LABELS[known] : plan}
    </span>
  );
}

const STATUS_TONES: Record<string, string> = {
  active: 'bg-success/15 text-success',
  cancelled: 'bg-warning/15 text-warning',
  expired: 'bg-danger/10 text-danger',
};

/** Active, cancelled, expired; anything else reads 'Bilinmiyor' (§4). */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  const label = (SUBSCRIPTION_STATUS_LABELS as Record<string, string>)[status] ?? UNKNOWN_STATUS_LABEL;
  return <span className={clsx(pill, STATUS_TONES[status] ?? 'bg-surface-2 text-muted')}>{label}</span>;
}

const PAYMENT_TONES: Record<AdminPayment['status'], string> = {
  pending: 'bg-surface-2 text-muted',
  completed: 'bg-success/15 text-success',
  failed: 'bg-danger/10 text-danger',
  refunded: 'bg-info/15 text-info',
};

export function PaymentStatusBadge({ status }: { status: AdminPayment['status'] }) {
  return <span className={clsx(pill, PAYMENT_TONES[status])}>{PAYMENT_STATUS_LABELS[status]}</span>;
}
