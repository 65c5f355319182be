import { Link } from 'react-router';
import { ArrowRight, Check, Crown } from 'lucide-react';
import clsx from 'clsx';
import { formatPrice } from '~/lib/format';

/**
 * The plans of specification §9, as the home promo shows them. The premium-plans page is
 * the place of record; when it lands these figures should come from a shared source
 * (contracts or GET /config) rather than be repeated here.
 */
const PLANS = [
  {
    id: 'monthly-premium',
    name: 'Aylık',
    price: 29.99,
    period: '/ay',
    originalPrice: null,
    badge: null,
    popular: false,
  },
  {
    id: 'yearly-premium',
    name: 'Yıllık',
    price: 337.5,
    period: '/yıl',
    originalPrice: 449.99,
    badge: '%25 İndirim',
    popular: true,
  },
  {
    id: 'lifetime-premium',
    name: 'Ömür Boyu',
    price: 1429.99,
    period: 'tek seferlik',
    originalPrice: null,
    badge: null,
    popular: false,
  },
] as const;

const FEATURES = [
  'Fiyat alarmları ve anlık bildirimler',
  'Gelişmiş karşılaştırma ve avantaj/dezavantaj analizi',
  'Sınırsız kayıtlı karşılaştırma ve favori',
  'Reklamsız deneyim ve öncelikli destek',
];

export function PremiumPromo() {
  return (
    <section
      aria-labelledby="premium-promo"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-800 to-violet-900 px-6 py-10 text-white shadow-xl sm:px-10 lg:px-14 lg:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 h-80 w-80 rounded-full bg-fuchsia-500/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 -left-24 h-80 w-80 rounded-full bg-brand-400/20 blur-3xl"
      />
      <div className="relative grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-400/15 px-3 py-1 text-xs font-bold tracking-wide text-amber-300 uppercase ring-1 ring-amber-300/30">
            <Crown aria-hidden="true" className="h-4 w-4" />
            Kıyasla Premium
          </p>
          <h2 id="premium-promo" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
            Daha fazla tasarruf için Premium’a geçin
          </h2>
          <p className="mt-3 max-w-lg text-sm leading-6 text-white/80 sm:text-base">
            Fiyatları sizin yerinize takip eden araçlarla doğru anda, doğru fiyattan alın.
          </p>
          <ul className="mt-6 space-y-2.5">
            {FEATURES.map((feature) => (
              <li key={feature} className="flex items-start gap-2.5 text-sm text-white/90">
                <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-400/20 text-emerald-300">
                  <Check aria-hidden="true" className="h-3.5 w-3.5" />
                </span>
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to="/premium-plans"
            className="mt-8 inline-flex h-12 items-center gap-2 rounded-xl bg-white px-6 text-sm font-bold text-brand-800 shadow-md transition-transform hover:-translate-y-0.5"
          >
            Planları İncele
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>

        <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3" aria-label="Premium planlar">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={clsx(
                'relative flex items-center justify-between gap-4 rounded-2xl p-5 ring-1 backdrop-blur sm:flex-col sm:items-stretch sm:justify-start sm:gap-0',
                plan.popular ? 'bg-white text-[#141827] shadow-lg ring-white' : 'bg-white/10 ring-white/20',
              )}
            >
              {plan.popular && (
                <span className="absolute -top-3 left-5 rounded-full bg-amber-400 px-2.5 py-0.5 text-[11px] font-bold text-[#141827] shadow">
                  En Popüler
                </span>
              )}
              <div>
                <p className={clsx('text-sm font-semibold', plan.popular ? 'text-brand-700' : 'text-white/80')}>
                  {plan.name}
                </p>
                {plan.originalPrice !== null && (
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                    <span className="text-[#5b6275] line-through">
                      <span className="sr-only">Liste fiyatı: </span>
                      {formatPrice(plan.originalPrice)}
                    </span>
                    {plan.badge && (
                      <span className="rounded-md bg-emerald-100 px-1.5 py-0.5 font-bold text-emerald-800">
                        {plan.badge}
                      </span>
                    )}
                  </p>
                )}
              </div>
              <div className="text-right sm:mt-2 sm:text-left">
                <p className="text-2xl font-extrabold tracking-tight">{formatPrice(plan.price)}</p>
                <p className={clsx('text-xs', plan.popular ? 'text-[#5b6275]' : 'text-white/70')}>{plan.period}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
