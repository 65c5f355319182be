import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import type { User } from '@kiyasla/contracts/auth';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { CountBadge } from '~/components/ui/count-badge';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';
import { UserAvatar } from '~/components/ui/user-avatar';
import { useAuth } from '~/lib/auth/auth-context';
import { formatBadgeCount } from '~/lib/format';
import { lazyComponent } from '~/lib/lazy-component';
import {
  AuthButtons,
  canOpenAdmin,
  ENTRIES,
  entryName,
  PremiumBadge,
  useLogout,
  type HeaderEntry,
} from './header-items';
import { LazySearchForm } from './lazy-search-form';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { useHeaderCounts } from './use-header-counts';

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

function AccountArea({ user }: { user: User }) {
  const onLogout = useLogout();
  return (
    <div className="ml-2 hidden items-center gap-1.5 md:flex">
      <Link
        to="/profile"
        aria-label="Profilim"
        title="Profilim"
        className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm text-ink transition-colors hover:bg-surface-2 lg:pr-3"
      >
        <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} className="size-8 text-xs" />
        <span className="hidden max-w-36 truncate lg:inline">
          <span className="text-muted">Merhaba, </span>
          <span className="font-semibold">{user.firstName}</span>
        </span>
      </Link>
      {user.isPremium && <PremiumBadge compact />}
      {canOpenAdmin(user) && (
        <Link
          to="/admin"
          aria-label="Yönetim Paneli"
          title="Yönetim Paneli"
          className={buttonClasses('secondary', 'sm', 'px-2.5 xl:px-3')}
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          <span className="hidden xl:inline">Yönetim</span>
        </Link>
      )}
      <button
        type="button"
        onClick={() => void onLogout()}
        title="Çıkış Yap"
        aria-label="Çıkış Yap"
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-danger"
      >
        <LogOut aria-hidden="true" className="size-[18px]" />
      </button>
    </div>
  );
}

export function Header({ categories }: { categories: readonly CategoryNode[] | null }) {
  const counts = useHeaderCounts();
  const { status, user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

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
          {user && (
            <Link to="/profile" aria-label="Profilim" title="Profilim" className="rounded-full p-1 md:hidden">
              <UserAvatar
                firstName={user.firstName}
                lastName={user.lastName}
                src={user.avatar}
                className="size-8 text-xs"
              />
            </Link>
          )}
          {user ? (
            <AccountArea user={user} />
          ) : status === 'anonymous' ? (
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
