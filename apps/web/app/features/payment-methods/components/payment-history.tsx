import { Receipt } from 'lucide-react';
import clsx from 'clsx';
import { AccountCard } from '~/entities/account/components/account-shell';
import { Skeleton } from '~/components/ui/skeleton';
import { usePaymentHistory } from '~/entities/account/api/payment-refunds';
import { planNameOf, RefundAction } from '~/entities/account/components/refund-action';
import { formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { paymentStatus, type PaymentStatusTone } from '../utils/payment-status';

const TONE: Record<PaymentStatusTone, string> = {
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-danger/10 text-danger',
  muted: 'bg-surface-2 text-muted',
};

const PROVIDER: Record<string, string> = {
  demo: 'Demo ödeme',
  shopier: 'Shopier',
  stripe: 'Stripe',
  iyzico: 'iyzico',
};

/**
 * The account's real premium payments (GET /payments/history), newest first, with the member's
 * refund action: 'İade Talep Et' on an eligible payment, the pending request after it.
 */
export function PaymentHistory() {
  const query = usePaymentHistory();
  const payments = query.data ?? [];

  return (
    <AccountCard
      title="Ödeme Geçmişi"
      description="Premium üyelik ödemeleriniz. Ödemeden sonraki 14 gün içinde iade talep edebilirsiniz."
      icon={Receipt}
    >
      {query.isPending ? (
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-muted">Ödeme geçmişiniz şu anda yüklenemedi.</p>
      ) : payments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
          Henüz bir ödemeniz bulunmuyor.
        </p>
      ) : (
        <>
          {/* Phones: one block per payment (a five-column table would not fit). */}
          <ul className="-mx-5 divide-y divide-line border-t border-line sm:hidden">
            {payments.map((payment) => {
              const status = paymentStatus(payment.status);
              return (
                <li key={payment._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-5 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{planNameOf(payment.plan)}</p>
                    <p className="text-xs text-muted">
                      {formatDate(payment.createdAt)} · {PROVIDER[payment.provider] ?? payment.provider}
                      {payment.kind === 'renewal' ? ' · Otomatik yenileme' : ''}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold text-ink tabular-nums">{formatPrice(payment.amount)}</p>
                    <span
                      className={clsx(
                        'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
                        TONE[status.tone],
                      )}
                    >
                      {status.label}
                    </span>
                  </div>
                  {(payment.refund === 'eligible' || payment.refund === 'requested') && (
                    <div className="w-full">
                      <RefundAction payment={payment} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="-mx-5 hidden overflow-x-auto sm:-mx-6 sm:block">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Ödeme geçmişi</caption>
              <thead className="border-b border-line text-xs text-muted uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium sm:px-6">
                    Tarih
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Açıklama
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Tutar
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Durum
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">
                    <span className="sr-only">İade</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {payments.map((payment) => {
                  const status = paymentStatus(payment.status);
                  const plan = planNameOf(payment.plan);
                  return (
                    <tr key={payment._id}>
                      <td className="px-5 py-3 whitespace-nowrap text-muted sm:px-6">
                        {formatDate(payment.createdAt)}
                      </td>
                      <td className="px-3 py-3">
                        <span className="font-medium text-ink">{plan}</span>
                        <span className="block text-xs text-muted">
                          {PROVIDER[payment.provider] ?? payment.provider}
                          {payment.kind === 'renewal' ? ' · Otomatik yenileme' : ''}
                        </span>
                      </td>
                      <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                        {formatPrice(payment.amount)}
                      </td>
                      <td className="px-3 py-3 text-right">
                        <span
                          className={clsx(
                            'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
                            TONE[status.tone],
                          )}
                        >
                          {status.label}
                        </span>
                      </td>
                      <td className="px-5 py-3 text-right sm:px-6">
                        <RefundAction payment={payment} compact />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AccountCard>
  );
}
