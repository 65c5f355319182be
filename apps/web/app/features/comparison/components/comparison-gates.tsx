import { Link, useLocation } from 'react-router';
import { Check, Crown, LockKeyhole, LogIn, UserPlus } from 'lucide-react';
import clsx from 'clsx';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { PREMIUM_FEATURES } from '@kiyasla/contracts/plans';
import { buttonClasses } from '~/components/ui/button-styles';
import { loginHref } from '~/entities/session/utils/safe-redirect';

/** Visitors: 'Giriş Yapmanız Gerekiyor' with the way to /login (and back here) and to /register. */
export function ComparisonLoginPrompt({
  description,
  compact = false,
  headingLevel = 3,
}: {
  description: string;
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const location = useLocation();
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={clsx(
        'text-center',
        compact
          ? 'rounded-xl bg-surface-2 px-4 py-6'
          : 'rounded-2xl border border-line bg-surface px-6 py-12 shadow-sm',
      )}
    >
      <span
        className={clsx(
          'mx-auto flex items-center justify-center rounded-2xl text-primary',
          compact ? 'bg-surface' : 'bg-primary-soft',
          compact ? 'size-11' : 'size-14',
        )}
      >
        <LockKeyhole aria-hidden="true" className={compact ? 'size-5' : 'size-7'} />
      </span>
      <Heading className={clsx('font-bold text-ink', compact ? 'mt-3 text-base' : 'mt-4 text-xl')}>
        {gatesMessages.mustLogin}
      </Heading>
      <p className={clsx('mx-auto max-w-md text-muted', compact ? 'mt-1 text-sm' : 'mt-2')}>{description}</p>
      <div className={clsx('flex justify-center gap-2', compact ? 'mt-4 flex-col' : 'mt-6 flex-col sm:flex-row')}>
        <Link to={loginHref(`${location.pathname}${location.search}`)} className={buttonClasses('primary', 'md')}>
          <LogIn aria-hidden="true" className="size-4" />
          Giriş Yap
        </Link>
        <Link to="/register" className={buttonClasses('outline', 'md')}>
          <UserPlus aria-hidden="true" className="size-4" />
          Kayıt Ol
        </Link>
      </div>
    </div>
  );
}

/** Free users: what premium adds, and the way to /premium-plans. */
export function PremiumUpsell({
  title,
  description,
  compact = false,
  headingLevel = 3,
}: {
  title: string;
  description: string;
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={clsx(
        'relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-violet-900 text-white shadow-lg',
        compact ? 'p-5' : 'px-6 py-10 sm:px-10',
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 h-48 w-48 rounded-full bg-fuchsia-500/20 blur-3xl"
      />
      <div className={clsx('relative', !compact && 'mx-auto max-w-xl text-center')}>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/15 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-300 uppercase ring-1 ring-amber-300/30">
          <Crown aria-hidden="true" className="size-3.5" />
          {gatesMessages.premiumRequired}
        </p>
        <Heading className={clsx('font-bold', compact ? 'mt-3 text-base' : 'mt-4 text-xl sm:text-2xl')}>
          {title}
        </Heading>
        <p className={clsx('text-white/80', compact ? 'mt-1.5 text-sm' : 'mt-2')}>{description}</p>
        {!compact && (
          <ul className="mx-auto mt-5 grid max-w-md gap-2 text-left text-sm sm:grid-cols-2">
            {PREMIUM_FEATURES.slice(0, 4).map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-white/90">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-300" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/premium-plans"
          className={buttonClasses('inverse', compact ? 'sm' : 'md', compact ? 'mt-4 w-full' : 'mt-6')}
        >
          <Crown aria-hidden="true" className="size-4" />
          Premium’a Geç
        </Link>
      </div>
    </div>
  );
}
