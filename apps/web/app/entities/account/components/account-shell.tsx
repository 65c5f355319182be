import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ArrowLeft, CreditCard, KeyRound, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';

const NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: '/profile', label: 'Profilim', icon: UserRound },
  { to: '/account-settings', label: 'Hesap Ayarları', icon: KeyRound },
  { to: '/privacy-settings', label: 'Gizlilik Ayarları', icon: ShieldCheck },
  { to: '/payment-methods', label: 'Ödeme Yöntemleri', icon: CreditCard },
];

/**
 * The frame of the account pages: their navigation (a sidebar on wide screens, a scrolling row
 * on phones), the page title and, on sub-pages, the way back to the profile.
 */
export function AccountShell({
  title,
  description,
  backToProfile = false,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  backToProfile?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On phones the links scroll sideways: bring the current page's link into sight.
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <nav
          ref={nav}
          aria-label="Hesabım"
          className="relative -mx-4 mb-6 overflow-x-auto px-4 [scrollbar-width:none] lg:mx-0 lg:mb-0 lg:px-0"
        >
          <ul className="flex gap-2 lg:sticky lg:top-24 lg:flex-col lg:gap-1">
            {NAV.map(({ to, label, icon: Icon }) => (
              <li key={to} className="shrink-0">
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center gap-2.5 rounded-xl border px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:border-transparent lg:py-2.5',
                      isActive
                        ? 'border-primary/30 bg-primary-soft text-primary'
                        : 'border-line bg-surface text-ink hover:bg-surface-2 lg:bg-transparent',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-[18px]" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          {backToProfile && (
            <Link
              to="/profile"
              className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-primary"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Profile Dön
            </Link>
          )}
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
              {description && <p className="mt-1.5 text-muted">{description}</p>}
            </div>
            {actions}
          </div>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}

/** A white panel of an account page with an optional heading. */
export function AccountCard({
  title,
  description,
  icon: Icon,
  tone = 'default',
  aside,
  children,
  className,
}: {
  title?: string;
  description?: ReactNode;
  icon?: LucideIcon;
  tone?: 'default' | 'danger';
  aside?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const headingId = title ? `${id}-title` : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        'rounded-2xl border bg-surface p-5 shadow-sm sm:p-6',
        tone === 'danger' ? 'border-danger/30' : 'border-line',
        className,
      )}
    >
      {title && (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-1 basis-48 items-start gap-3">
            {Icon && (
              <span
                className={clsx(
                  'flex size-10 shrink-0 items-center justify-center rounded-xl',
                  tone === 'danger' ? 'bg-danger/10 text-danger' : 'bg-primary-soft text-primary',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
            )}
            <div>
              <h2 id={headingId} className="text-lg font-semibold text-ink">
                {title}
              </h2>
              {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
            </div>
          </div>
          {aside}
        </div>
      )}
      <div className={title ? 'mt-5' : undefined}>{children}</div>
    </section>
  );
}
