import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { CountBadge } from '~/components/ui/count-badge';
import { Skeleton } from '~/components/ui/skeleton';
import { useAuth } from '~/entities/session/auth-context';
import { formatBadgeCount } from '~/lib/format';
import { lazyComponent } from '~/lib/lazy-component';
import { AuthButtons, ENTRIES, entryName, type HeaderEntry } from './header-items';
import { LazySearchForm } from '~/entities/search-box/components/lazy-search-form';
import { Logo } from './logo';
import { ThemeToggle } from '~/components/ui/theme-toggle';
import { useCloseOnEscape } from '~/components/ui/use-close-on-escape';
import { useHeaderCounts } from '../hooks/use-header-counts';

const SignedInControls = lazyComponent(() => import('./signed-in-controls').then((m) => m.SignedInControls));

// The phone menu opens on demand: its code is fetched when the menu button is approached.
const MobileMenu = lazyComponent(() => import('./mobile-menu').then((m) => m.MobileMenu));
const preloadMobileMenu = () => void MobileMenu.preload().catch(() => undefined);

function HeaderIconLink({ entry, count }: { entry: HeaderEntry; count: number }) {
  const badge = formatBadgeCount(count, entry.capped);
  const Icon = entry.icon;
  return (
    <Link
      to={entry.to}
      aria-label={entryName(entry, badge)}
      title={entry.label}
      className="group flex flex-col items-center rounded-lg px-2 py-1 text-muted transition-colors hover:bg-surface-2 hover:text-ink"
    >
      <span className="relative inline-flex h-7 w-7 items-center justify-center">
        <Icon aria-hidden="true" className="h-[22px] w-[22px]" />
        <CountBadge text={badge} />
      </span>
      <span aria-hidden="true" className="hidden text-[11px] leading-4 font-medium whitespace-nowrap xl:block">
        {entry.label}
      </span>
    </Link>
  );
}

interface HeaderProps {
  categories: readonly CategoryNode[] | null;
  /** The browser says it holds a session (the session hint cookie); decides the first render. */
  sessionHint?: boolean;
}

export function Header({ categories, sessionHint = true }: HeaderProps) {
  const counts = useHeaderCounts();
  const { status, user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useCloseOnEscape(menuOpen, closeMenu, toggleRef);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        İçeriğe geç
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8 xl:flex-nowrap xl:gap-x-6">
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setMenuOpen((open) => !open)}
          onPointerEnter={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Menüyü kapat' : 'Menüyü aç'}
          className="-ml-2 inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-surface-2 md:hidden"
        >
          {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>

        <Logo />

        <LazySearchForm className="order-last basis-full xl:order-none xl:max-w-2xl xl:flex-1 xl:basis-auto" />

        <div className="ml-auto flex items-center gap-1 xl:ml-0">
          <nav aria-label="Listelerim" className="hidden items-center gap-0.5 md:flex">
            {ENTRIES.map((entry) => (
              <HeaderIconLink key={entry.key} entry={entry} count={counts[entry.key]} />
            ))}
          </nav>
          <ThemeToggle />
          {user ? (
            // The signed-in controls' code is fetched once there is a signed-in user.
            <Suspense fallback={<Skeleton className="ml-2 hidden h-10 w-52 md:block" />}>
              <SignedInControls user={user} />
            </Suspense>
          ) : status === 'anonymous' || !sessionHint ? (
            // A visitor without a session sees the sign-in controls in the server's HTML already.
            <AuthButtons className="ml-2 hidden md:flex" />
          ) : (
            // Restoring the session: hold the place so the row does not jump.
            <Skeleton className="ml-2 hidden h-10 w-52 md:block" />
          )}
        </div>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu id="mobile-menu" counts={counts} categories={categories} />
        </Suspense>
      )}
    </header>
  );
}
