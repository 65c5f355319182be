import { Link, useLocation } from 'react-router';
import { Check, Crown, ExternalLink } from 'lucide-react';
import clsx from 'clsx';
import { isPaidPlanId, planChoice } from '@kiyasla/contracts/payments';
import { PLANS, type PaidPlanId, type Plan } from '@kiyasla/contracts/plans';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { useAuth } from '~/entities/session/auth-context';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import { formatPrice } from '~/lib/format';
import { usePublicConfig } from '~/lib/public-config';
import { usePurchase } from '../hooks/use-purchase';

const PERIOD: Record<Plan['duration'], string> = { monthly: '/ay', yearly: '/yıl', lifetime: 'tek seferlik' };

interface PlanActionProps {
  plan: Plan;
  current: PaidPlanId | null;
  signedIn: boolean;
  purchase: ReturnType<typeof usePurchase>;
}

function PlanAction({ plan, current, signedIn, purchase }: PlanActionProps) {
  const { pathname } = useLocation();
  const choice = planChoice(plan.id, current);
  if (choice === 'current' || choice === 'lower') {
    return (
      <button type="button" disabled className={buttonClasses('secondary', 'lg', 'w-full')}>
        {choice === 'current' ? 'Mevcut Planınız' : 'Daha Düşük Plan'}
      </button>
    );
  }
  // Purchase needs sign-in (§2) and opens the provider's page in a new tab.
  const busy = purchase.pending === plan.id;
  return signedIn ? (
    <button
      type="button"
      onClick={() => void purchase.purchase(plan.id)}
      disabled={purchase.pending !== null}
      aria-busy={busy}
      className={buttonClasses(plan.popular ? 'primary' : 'secondary', 'lg', 'w-full')}
    >
      {busy ? 'Ödeme sayfası açılıyor…' : 'Satın Al'}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (yeni sekmede açılır)</span>
    </button>
  ) : (
    <Link to={loginHref(pathname)} className={buttonClasses(plan.popular ? 'primary' : 'secondary', 'lg', 'w-full')}>
      Satın Almak İçin Giriş Yapın
    </Link>
  );
}

/** The three plans of §9 with the upgrade rules of §4 for the signed-in member. */
export function PremiumPlansPage() {
  const { user } = useAuth();
  const plans = usePublicConfig()?.plans ?? PLANS;
  const plan = user?.subscription.plan;
  const current = user?.isPremium && plan && isPaidPlanId(plan) ? plan : null;
  const purchase = usePurchase();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Premium Planlar' }]} />
      <header className="mx-auto mt-6 max-w-2xl text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-amber-400/15 px-3 py-1 text-xs font-bold tracking-wide text-amber-700 uppercase ring-1 ring-amber-400/40 dark:text-amber-300">
          <Crown aria-hidden="true" className="h-4 w-4" />
          Kıyasla Premium
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Premium Planlar</h1>
        <p className="mt-3 text-muted">
          Fiyat alarmları, sınırsız karşılaştırma, avantaj/dezavantaj analizi ve reklamsız deneyim.
        </p>
      </header>
      <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-muted">
        Ödeme, güvenli ödeme sağlayıcısının sayfasında yeni bir sekmede yapılır. Ödemeden sonraki 14 gün içinde iade
        talep edebilirsiniz.
      </p>
      <ul className="mt-8 grid gap-6 lg:grid-cols-3" aria-label="Premium planlar">
        {plans.map((p) => (
          <li
            key={p.id}
            className={clsx(
              'relative flex flex-col rounded-2xl border bg-surface p-6 shadow-sm',
              p.popular ? 'border-primary ring-2 ring-primary/30' : 'border-line',
            )}
          >
            {p.popular && (
              <span className="absolute -top-3 left-6 rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-[#141827] shadow">
                En Popüler
              </span>
            )}
            <h2 className="text-lg font-bold text-ink">{p.name}</h2>
            <p className="mt-3 flex items-baseline gap-1.5">
              <span className="text-3xl font-extrabold text-ink tabular-nums">{formatPrice(p.price)}</span>
              <span className="text-sm text-muted">{PERIOD[p.duration]}</span>
            </p>
            {p.originalPrice !== null && (
              <p className="mt-1 flex items-center gap-2 text-sm">
                <span className="text-muted line-through">
                  <span className="sr-only">Liste fiyatı: </span>
                  {formatPrice(p.originalPrice)}
                </span>
                {p.badge && (
                  <span className="rounded-md bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-800">
                    {p.badge}
                  </span>
                )}
              </p>
            )}
            <ul className="mt-5 mb-6 space-y-2 text-sm">
              {p.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2 text-ink">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-auto">
              <PlanAction plan={p} current={current} signedIn={Boolean(user)} purchase={purchase} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
