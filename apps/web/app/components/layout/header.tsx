import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Bell,
  AlarmClock,
  Crown,
  GitCompareArrows,
  Heart,
  LogIn,
  LogOut,
  Menu,
  ShieldCheck,
  UserPlus,
  UserRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import clsx from 'clsx';
import type { User } from '@kiyasla/contracts/auth';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import { CountBadge } from '~/components/ui/count-badge';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';
import { UserAvatar } from '~/components/ui/user-avatar';
import { useAuth } from '~/lib/auth/auth-context';
import { categoryHref } from '~/lib/categories';
import { formatBadgeCount } from '~/lib/format';
import { toast } from '~/lib/toast';
import { Logo } from './logo';
import { SearchForm } from './search-form';
import { ThemeToggle } from './theme-toggle';
import { CategoryIcon } from './category-icon';
import { useHeaderCounts, type HeaderCounts } from './use-header-counts';

interface HeaderEntry {
  key: keyof HeaderCounts;
  label: string;
  to: string;
  icon: LucideIcon;
  /** The comparison badge shows the raw count; the others cap at 99+. */
  capped: boolean;
}

const ENTRIES: readonly HeaderEntry[] = [
  { key: 'favorites', label: 'Favoriler', to: '/favorites', icon: Heart, capped: true },
  { key: 'notifications', label: 'Bildirimler', to: '/notifications', icon: Bell, capped: true },
  { key: 'priceAlerts', label: 'Fiyat Alarmları', to: '/price-alerts', icon: AlarmClock, capped: true },
  { key: 'comparison', label: 'Karşılaştırma', to: '/comparison', icon: GitCompareArrows, capped: false },
];

/** "Favoriler" or, with items, "Favoriler (3)" — the count is part of the accessible name. */
function entryName(entry: HeaderEntry, badge: string | null): string {
  return badge ? `${entry.label} (${badge})` : entry.label;
}

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

function AuthButtons({ className, stretch }: { className?: string; stretch?: boolean }) {
  return (
    <div className={clsx('flex items-center gap-2', className)}>
      <Link to="/login" className={buttonClasses('outline', 'md', stretch ? 'flex-1' : undefined)}>
        <LogIn aria-hidden="true" className="h-4 w-4" />
        Oturum Aç
      </Link>
      <Link to="/register" className={buttonClasses('primary', 'md', stretch ? 'flex-1' : undefined)}>
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        Kaydol
      </Link>
    </div>
  );
}

/** Admin and moderator see the way to the back office (spec §6). */
function canOpenAdmin(user: User): boolean {
  return user.role === 'admin' || user.role === 'moderator';
}

function PremiumBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span
      title="Premium üye"
      className="inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-semibold text-warning"
    >
      <Crown aria-hidden="true" className="size-3.5" />
      <span className={clsx(compact && 'sr-only')}>Premium</span>
    </span>
  );
}

/** Logs out (locally even when the server call fails) and goes home. */
function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    toast.success(messages.auth.logoutSuccess);
    void navigate('/');
  };
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

function MobileAccount({ user }: { user: User }) {
  const onLogout = useLogout();
  return (
    <section aria-label="Hesabım" className="rounded-2xl border border-line bg-page/60 p-3">
      <div className="flex items-center gap-3">
        <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} className="size-11 text-sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-ink">
            <span>
              Merhaba, <span className="font-semibold">{user.firstName}</span>
            </span>
            {user.isPremium && <PremiumBadge />}
          </p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Link to="/profile" className={buttonClasses('outline', 'md')}>
          <UserRound aria-hidden="true" className="size-4" />
          Profilim
        </Link>
        <button type="button" onClick={() => void onLogout()} className={buttonClasses('outline', 'md')}>
          <LogOut aria-hidden="true" className="size-4" />
          Çıkış Yap
        </button>
        {canOpenAdmin(user) && (
          <Link to="/admin" className={buttonClasses('secondary', 'md', 'col-span-2')}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Yönetim Paneli
          </Link>
        )}
      </div>
    </section>
  );
}

interface MobileMenuProps {
  id: string;
  counts: HeaderCounts;
  categories: readonly CategoryNode[] | null;
}

function MobileMenu({ id, counts, categories }: MobileMenuProps) {
  const { status, user } = useAuth();
  return (
    <div id={id} className="max-h-[calc(100dvh-8rem)] overflow-y-auto border-t border-line bg-surface md:hidden">
      <div className="mx-auto max-w-7xl space-y-5 px-4 py-4">
        {user ? (
          <MobileAccount user={user} />
        ) : status === 'anonymous' ? (
          <AuthButtons stretch />
        ) : (
          <Skeleton className="h-10 w-full" />
        )}
        <nav aria-label="Listelerim">
          <ul className="grid grid-cols-2 gap-2">
            {ENTRIES.map((entry) => {
              const badge = formatBadgeCount(counts[entry.key], entry.capped);
              const Icon = entry.icon;
              return (
                <li key={entry.key}>
                  <Link
                    to={entry.to}
                    aria-label={entryName(entry, badge)}
                    className="flex items-center gap-2.5 rounded-xl border border-line px-3 py-2.5 text-sm font-medium text-ink hover:border-primary"
                  >
                    <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
                    <span className="flex-1">{entry.label}</span>
                    {badge && (
                      <span
                        aria-hidden="true"
                        className="rounded-full bg-danger px-1.5 py-0.5 text-[11px] font-bold text-white dark:text-page"
                      >
                        {badge}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {categories && categories.length > 0 && (
          <nav aria-labelledby={`${id}-categories`}>
            <h2 id={`${id}-categories`} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
              Kategoriler
            </h2>
            <ul className="grid grid-cols-2 gap-1">
              {categories.map((category) => (
                <li key={category._id}>
                  <Link
                    to={categoryHref(category.slug)}
                    className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-ink hover:bg-surface-2"
                  >
                    <CategoryIcon category={category} className="h-5 w-5 text-base" />
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
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
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Menüyü kapat' : 'Menüyü aç'}
          className="-ml-2 inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-surface-2 md:hidden"
        >
          {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>

        <Logo />

        <SearchForm className="order-last basis-full xl:order-none xl:max-w-2xl xl:flex-1 xl:basis-auto" />

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
      {menuOpen && <MobileMenu id="mobile-menu" counts={counts} categories={categories} />}
    </header>
  );
}
