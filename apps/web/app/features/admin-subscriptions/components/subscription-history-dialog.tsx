import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import {
  adminSubscriptionMessages as m,
  SUBSCRIPTION_PLAN_LABELS,
  type AdminPayment,
  type AdminSubscriptionItem,
} from '@kiyasla/contracts/admin-subscriptions';
import type { PlanId } from '@kiyasla/contracts/constants';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { FigureRow } from '~/components/ui/stat-card';
import { formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { toast } from '~/lib/toast';
import { useSubscriptionHistory } from '../api/get-subscription-history';
import { useRefundPayment } from '../api/refund-payment';
import { PaymentStatusBadge, PlanBadge, SubscriptionStatusBadge } from './subscription-badges';

const PROVIDER_LABELS: Record<string, string> = {
  demo: 'Test ödemesi (demo)',
  shopier: 'Shopier',
  stripe: 'Stripe',
  iyzico: 'iyzico',
};

const day = (value: string | null) => (value ? formatDate(value) : '-');
const planName = (plan: string) => SUBSCRIPTION_PLAN_LABELS[plan as PlanId] ?? plan;

function money(payment: AdminPayment, amount = payment.amount): string {
  return payment.currency === 'TRY'
    ? formatPrice(amount)
    : new Intl.NumberFormat('tr-TR', { style: 'currency', currency: payment.currency }).format(amount);
}

function PaymentRow({ payment, onRefund }: { payment: AdminPayment; onRefund: (p: AdminPayment) => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink tabular-nums">{money(payment)}</span>
          <PlanBadge plan={payment.plan} />
          <PaymentStatusBadge status={payment.status} />
        </div>
        <p className="mt-1 text-muted">
          {formatDate(payment.completedAt ?? payment.createdAt)} ·{' '}
          {PROVIDER_LABELS[payment.provider] ?? payment.provider}
          {payment.creditAmount > 0 && <> · {money(payment, payment.creditAmount)} kredi düşüldü</>}
        </p>
        {payment.refundRequestedAt && payment.status === 'completed' && (
          <p className="mt-1 font-medium text-warning">İade talebi: {formatDate(payment.refundRequestedAt)}</p>
        )}
        {payment.refundedAt && <p className="mt-1 text-muted">İade edildi: {formatDate(payment.refundedAt)}</p>}
      </div>
      {payment.refundable && (
        <button
          type="button"
          onClick={() => onRefund(payment)}
          className={buttonClasses('outline', 'sm')}
          aria-label={`${money(payment)} ödemesini iade et`}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          İade Et
        </button>
      )}
    </li>
  );
}

/** The view button: the member's subscription, their payments and the refund where allowed. */
export function SubscriptionHistoryDialog({
  member,
  onClose,
}: {
  /** The row that opened it (shown at once; the history refreshes it). */
  member: AdminSubscriptionItem;
  onClose: () => void;
}) {
  const query = useSubscriptionHistory(member._id);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const current = query.data?.member ?? member;
  const sub = current.subscription;
  const name = `${current.firstName} ${current.lastName}`;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${name} – Abonelik Geçmişi`}
      description={current.email}
      size="md"
    >
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <PlanBadge plan={sub.plan} />
        <SubscriptionStatusBadge status={sub.status} />
      </div>
      <dl className="mt-2">
        <FigureRow label="Başlangıç" value={day(sub.startDate)} />
        <FigureRow label="Bitiş" value={day(sub.endDate)} />
        <FigureRow label="Otomatik yenileme" value={sub.autoRenew ? 'Açık' : 'Kapalı'} />
        <FigureRow label="Sonraki yenileme" value={day(sub.nextRenewalDate)} />
      </dl>

      <h3 className="mt-5 text-sm font-semibold text-ink">Ödeme geçmişi</h3>
      {query.isPending ? (
        <p role="status" className="mt-2 text-sm text-muted">
          Ödemeler yükleniyor...
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {m.historyError}
        </p>
      ) : (
        <>
          {!query.data.refundsEnabled && <p className="mt-2 text-sm text-muted">{m.refundsDisabled}</p>}
          {query.data.payments.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{m.noPayments}</p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Ödemeler">
              {query.data.payments.map((payment) => (
                <PaymentRow key={payment._id} payment={payment} onRefund={setRefunding} />
              ))}
            </ul>
          )}
        </>
      )}

      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        title="Ödemeyi İade Et"
        description={refunding ? m.refundConfirm(money(refunding), planName(refunding.plan)) : ''}
        confirmLabel="İade Et"
        pending={refund.isPending}
        onConfirm={() =>
          refunding &&
          refund.mutate(refunding._id, {
            onSuccess: ({ message }) =>
              toast({ type: 'success', title: m.refunded, ...(message !== m.refunded ? { message } : {}) }),
            onSettled: () => setRefunding(null),
          })
        }
      />
    </Dialog>
  );
}
