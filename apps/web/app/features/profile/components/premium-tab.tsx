import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarCheck, CalendarClock, Check, CircleAlert, Crown, Receipt, RefreshCcw, Sparkles } from 'lucide-react';
import type { Subscription, User } from '@kiyasla/contracts/user';
import { PREMIUM_FEATURES_SHOWN } from '~/lib/ui-constants';
import { PREMIUM_FEATURES, PLANS } from '@kiyasla/contracts/plans';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { usePublicConfig } from '~/lib/public-config';
import { usePaymentHistory } from '~/entities/account/api/payment-refunds';
import { planNameOf, RefundAction } from '~/entities/account/components/refund-action';
import { useCancelSubscription } from '../api/cancel-subscription';

const FEATURES = PREMIUM_FEATURES.slice(0, PREMIUM_FEATURES_SHOWN);

const STATUS_LABEL: Record<Subscription['status'], string> = {
  active: 'Aktif',
  cancelled: 'İptal edildi',
  expired: 'Süresi doldu',
};

function Fact({ icon: Icon, label, value }: { icon: typeof Crown; label: string; value: string }) {
  return (
    // dl > div may hold only dt and dd: the icon sits inside the dt, beside both.
    <div className="relative rounded-xl border border-line bg-page/60 p-4 pl-12">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">
        <Icon aria-hidden="true" className="absolute top-[1.125rem] left-4 size-5 text-primary" />
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-ink">{value}</dd>
    </div>
  );
}

/**
 * The payment behind the current plan (the latest completed, refund-requested or refunded one)
 * with the member's refund action; the whole history is on /payment-methods.
 */
/** A renewal the card declined: premium stays on for the grace, and the next attempt's date. */
function RenewalTrouble({ endDate }: { endDate: string | null }) {
  const history = usePaymentHistory();
  const declined = history.data?.find((p) => p.kind === 'renewal' && p.status === 'pending' && p.nextAttemptAt);
  if (!declined?.nextAttemptAt) return null;
  return (
    <div role="status" className="mt-5 flex gap-3 rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <p className="text-ink">
        <span className="font-semibold">Yenileme ödemeniz alınamadı</span>
        {declined.declineReason ? ` (${declined.declineReason})` : ''}. Ödemeyi {formatDate(declined.nextAttemptAt)}{' '}
        tarihinde yeniden deneyeceğiz
        {endDate ? `; Premium ayrıcalıklarınız ${formatDate(endDate)} tarihine kadar devam ediyor` : ''}.
      </p>
    </div>
  );
}

function LatestPayment() {
  const history = usePaymentHistory();
  const latest = history.data?.find((p) => p.status === 'completed' || p.status === 'refunded');
  if (!latest) return null;
  return (
    <section aria-labelledby="premium-payment-title" className="mt-8">
      <h3 id="premium-payment-title" className="text-base font-semibold text-ink">
        Son ödemeniz
      </h3>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-4">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Receipt aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-semibold text-ink">
              {planNameOf(latest.plan)} · {formatPrice(latest.amount)}
            </p>
            <p className="text-xs text-muted">
              {formatDate(latest.completedAt ?? latest.createdAt)}
              {latest.kind === 'renewal' ? ' · Otomatik yenileme' : ''}
              {latest.status === 'refunded' ? ' · İade edildi' : ''}
              {latest.refund === 'eligible' && latest.refundDeadline
                ? ` · ${formatDate(latest.refundDeadline)} tarihine kadar iade talep edilebilir`
                : ''}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <RefundAction payment={latest} />
          <Link to="/payment-methods" className="text-sm font-medium text-primary hover:underline">
            Tüm ödemeler
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Premium tab (spec §2): the subscription, or an upsell for free members. */
export function PremiumTab({ user }: { user: User }) {
  const config = usePublicConfig();
  const plans = config?.plans ?? PLANS;
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancel = useCancelSubscription(() => setCancelOpen(false));
  const subscription = user.subscription;

  if (!user.isPremium) {
    return (
      <section aria-labelledby="premium-upsell-title">
        <div className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white sm:p-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Ücretsiz üyelik
          </p>
          <h2 id="premium-upsell-title" className="mt-4 text-2xl font-bold">
            Premium ile daha fazlası
          </h2>
          <p className="mt-2 max-w-xl text-brand-100">
            Fiyat alarmları kurun, sınırsız karşılaştırma kaydedin ve reklamsız alışveriş yapın. Planlar aylık{' '}
            {formatPrice(plans[0]?.price ?? 29.99)}&apos;dan başlar.
          </p>
          <Link to="/premium" className={buttonClasses('inverse', 'lg', 'mt-6')}>
            <Crown aria-hidden="true" className="size-5" />
            Premium Planları İncele
          </Link>
        </div>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex items-center justify-between gap-3 rounded-xl border border-line p-4">
              <span className="text-sm font-medium text-ink">{feature}</span>
              <span className="rounded-md bg-warning/15 px-2 py-0.5 text-[11px] font-bold tracking-wide text-warning">
                PREMIUM
              </span>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const plan = plans.find((p) => p.id === subscription.plan);
  const lifetime = plan?.duration === 'lifetime';
  const renewal = subscription.autoRenew ? subscription.nextRenewalDate : subscription.endDate;

  return (
    <section aria-labelledby="premium-title">
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-warning/30 bg-warning/5 p-5 sm:p-6">
        <div className="flex items-center gap-4">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-warning/15 text-warning">
            <Crown aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 id="premium-title" className="text-xl font-bold text-ink">
              {plan?.name ?? 'Premium'}
            </h2>
            <p className="text-sm text-muted">
              {formatPrice(subscription.price)}
              {plan?.duration === 'monthly' ? ' / ay' : plan?.duration === 'yearly' ? ' / yıl' : ' tek seferlik'}
            </p>
          </div>
        </div>
        <span className="rounded-full bg-success/15 px-3 py-1 text-xs font-semibold text-success">
          {STATUS_LABEL[subscription.status]}
        </span>
      </div>

      <RenewalTrouble endDate={subscription.endDate} />

      <dl className="mt-5 grid gap-3 sm:grid-cols-3">
        <Fact
          icon={CalendarCheck}
          label="Başlangıç Tarihi"
          value={subscription.startDate ? formatDate(subscription.startDate) : '—'}
        />
        <Fact
          icon={CalendarClock}
          label={subscription.autoRenew ? 'Yenileme Tarihi' : 'Bitiş Tarihi'}
          value={lifetime ? 'Süresiz' : renewal ? formatDate(renewal) : '—'}
        />
        <Fact
          icon={RefreshCcw}
          label="Otomatik Yenileme"
          value={lifetime ? 'Gerekmiyor' : subscription.autoRenew ? 'Açık' : 'Kapalı'}
        />
      </dl>

      <h3 className="mt-8 text-base font-semibold text-ink">Premium ayrıcalıklarınız</h3>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-center gap-2.5 text-sm text-ink">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
              <Check aria-hidden="true" className="size-3.5" />
            </span>
            {feature}
          </li>
        ))}
      </ul>

      <LatestPayment />

      <div className="mt-8 flex flex-wrap gap-3 border-t border-line pt-6">
        <Link to="/premium" className={buttonClasses('primary', 'md')}>
          Planları Görüntüle
        </Link>
        {!lifetime && subscription.status === 'active' && subscription.autoRenew && (
          <button type="button" onClick={() => setCancelOpen(true)} className={buttonClasses('outline', 'md')}>
            Aboneliği İptal Et
          </button>
        )}
      </div>

      <Dialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title="Aboneliği iptal etmek mi istiyorsunuz?"
        description={
          renewal
            ? `İptal ederseniz Premium ayrıcalıklarınız ${formatDate(renewal)} tarihine kadar devam eder ve aboneliğiniz yenilenmez.`
            : 'İptal ederseniz aboneliğiniz yenilenmez.'
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => setCancelOpen(false)} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button
            type="button"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            className={buttonClasses('primary', 'md')}
          >
            {cancel.isPending ? 'İptal ediliyor…' : 'Aboneliği İptal Et'}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
