import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, Clock, Crown, RotateCcw, XCircle } from 'lucide-react';
import clsx from 'clsx';
import { paymentMessages } from '@kiyasla/contracts/payment-messages';
import { PLANS } from '@kiyasla/contracts/plans';
import type { PaymentOrder, RefundState } from '@kiyasla/contracts/payments';
import { buttonClasses } from '~/components/ui/button-styles';
import { useAuth } from '~/entities/session/auth-context';
import { formatPrice } from '~/lib/format';
import { useOrder } from '../api/get-order';
import { useRefundState } from '../api/get-refund-state';

type Outcome = 'success' | 'failure' | 'pending' | 'refunded' | 'refundOwed';

/**
 * What the page says. The server's order status decides, and for a paid order its refund state: a
 * payment that did not raise the plan is refunded (or waits for its refund), never a success. The
 * provider's `status` in the address is only a hint while the order cannot be read (the browser's
 * return proves nothing). `refund` is undefined while the history loads, 'unknown' if it failed.
 */
function outcomeOf(
  order: PaymentOrder | undefined,
  refund: RefundState | 'unknown' | undefined,
  hint: string | null,
): Outcome {
  if (order) {
    if (order.status === 'pending') return 'pending';
    if (order.status === 'failed') return 'failure';
    if (order.status === 'refunded' || refund === 'refunded') return 'refunded';
    if (refund === 'requested') return 'refundOwed';
    return refund === undefined ? 'pending' : 'success';
  }
  if (hint === 'failed') return 'failure';
  if (hint === 'refunded') return 'refunded';
  if (hint === 'refund_pending') return 'refundOwed';
  return 'pending';
}

const COPY: Record<Outcome, { title: string; text: string }> = {
  success: {
    title: 'Ödemeniz alındı',
    text: 'Premium üyeliğiniz başladı. Tüm Premium ayrıcalıklarını hemen kullanabilirsiniz.',
  },
  failure: {
    title: 'Ödeme tamamlanamadı',
    text: 'Ödemeniz alınamadı ya da iptal edildi; hesabınızdan ücret çekilmedi. Dilerseniz tekrar deneyebilirsiniz.',
  },
  pending: {
    title: 'Ödemeniz işleniyor',
    text: 'Ödeme sağlayıcısından yanıt bekleniyor. Ödemeyi açılan sekmede tamamladıysanız bu sayfa birkaç saniye içinde güncellenir.',
  },
  refunded: {
    title: paymentMessages.callbackRefundedTitle,
    text: paymentMessages.callbackRefundedText,
  },
  refundOwed: {
    title: paymentMessages.callbackRefundOwedTitle,
    text: paymentMessages.callbackRefundOwedText,
  },
};

const ICON = {
  success: CheckCircle2,
  failure: XCircle,
  pending: Clock,
  refunded: RotateCcw,
  refundOwed: RotateCcw,
} as const;
const TONE = {
  success: 'bg-success/15 text-success',
  failure: 'bg-danger/15 text-danger',
  pending: 'bg-warning/15 text-warning',
  refunded: 'bg-info/15 text-info',
  refundOwed: 'bg-warning/15 text-warning',
} as const;

/** /premium/callback: the result of a premium purchase (success, failure, pending, or refunded). */
export function PremiumCallbackPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const order = useOrder(orderId);
  const refund = useRefundState(orderId, order.data?.status === 'completed');
  const { refreshProfile } = useAuth();
  const outcome = outcomeOf(order.data, refund.isError ? 'unknown' : refund.data, params.get('status'));
  const refreshed = useRef(false);

  // The plan changed on the server: re-read the profile so the header's Premium badge shows.
  useEffect(() => {
    if (outcome === 'success' && !refreshed.current) {
      refreshed.current = true;
      void refreshProfile();
    }
  }, [outcome, refreshProfile]);

  const Icon = ICON[outcome];
  const plan = order.data ? PLANS.find((p) => p.id === order.data.plan) : undefined;
  const copy =
    !orderId && outcome === 'pending'
      ? { title: 'Sipariş bulunamadı', text: 'Bu sayfa bir ödemenin sonucunu gösterir.' }
      : COPY[outcome];

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <section
        aria-labelledby="payment-result-title"
        aria-busy={outcome === 'pending' && Boolean(orderId)}
        className="rounded-2xl border border-line bg-surface p-6 text-center shadow-sm sm:p-8"
      >
        <span className={clsx('mx-auto flex size-14 items-center justify-center rounded-full', TONE[outcome])}>
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div role="status">
          <h1 id="payment-result-title" className="mt-4 text-2xl font-bold text-ink">
            {copy.title}
          </h1>
          <p className="mt-2 text-muted">{copy.text}</p>
        </div>
        {order.data && plan && (
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-page px-3 py-1 text-sm text-ink">
            <Crown aria-hidden="true" className="size-4 text-warning" />
            {plan.name} · {formatPrice(order.data.amount)}
          </p>
        )}
        {order.isError && (
          <p className="mt-4 text-sm text-muted">
            Sipariş bilgisi şu anda okunamadı; sonucu profilinizde görebilirsiniz.
          </p>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/profile?tab=premium" className={buttonClasses('primary', 'md')}>
            Profilime Git
          </Link>
          {outcome === 'failure' && (
            <Link to="/premium" className={buttonClasses('outline', 'md')}>
              Planlara Dön
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
