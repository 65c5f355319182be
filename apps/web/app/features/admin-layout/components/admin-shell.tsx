import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import clsx from 'clsx';
import { ArrowLeft, LogOut, Menu, X } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { ROLE_LABELS } from '@kiyasla/contracts/admin-users';
import { clearComparison } from '~/entities/comparison-list/comparison-list';
import { useAuth } from '~/entities/session/auth-context';
import { ThemeToggle } from '~/components/ui/theme-toggle';
import { useCloseOnEscape } from '~/components/ui/use-close-on-escape';
import { sectionsFor } from '../utils/admin-sections';
import { AdminSearch } from './admin-search';

function Sidebar({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  return (
    <nav aria-label="Yönetim menüsü" className="flex flex-col gap-1">
      {sectionsFor(user.role).map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end={section.to === '/admin'}
          onClick={onNavigate}
          className={({ isActive }) =>
            clsx(
              'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              isActive ? 'bg-primary-soft text-primary' : 'text-muted hover:bg-surface-2 hover:text-ink',
            )
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The back office's frame: sidebar, top bar with theme toggle, way back to the site, logout. */
export function AdminShell({ user, children }: { user: User; children: ReactNode }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useCloseOnEscape(menuOpen, closeMenu, toggleRef);

  const signOut = async () => {
    await logout();
    // As on the site (spec §4): the comparison list may hold the member's saved comparison.
    clearComparison();
    navigate('/', { replace: true });
  };

  return (
    <div className="flex min-h-screen bg-page">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        İçeriğe geç
      </a>
      <aside className="hidden w-60 shrink-0 border-r border-line bg-surface p-4 lg:block">
        <p className="mb-4 px-3 text-base font-semibold text-ink">Kıyasla Yönetim</p>
        <Sidebar user={user} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center gap-2 border-b border-line bg-surface px-4">
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 lg:hidden"
            aria-label={menuOpen ? 'Menüyü kapat' : 'Menüyü aç'}
            aria-expanded={menuOpen}
            aria-controls="admin-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
          <span className="text-sm font-semibold text-ink lg:hidden">Kıyasla Yönetim</span>
          <AdminSearch role={user.role} />
          <div className="ml-auto flex items-center gap-1">
            <span className="mr-2 hidden text-sm text-muted sm:inline">
              {user.firstName} {user.lastName} · {ROLE_LABELS[user.role]}
            </span>
            <ThemeToggle />
            <Link
              to="/"
              className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-ink"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Siteye Dön</span>
              <span className="sr-only sm:hidden">Siteye Dön</span>
            </Link>
            <button
              type="button"
              onClick={() => void signOut()}
              className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm text-muted hover:bg-surface-2 hover:text-ink"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Çıkış Yap</span>
              <span className="sr-only sm:hidden">Çıkış Yap</span>
            </button>
          </div>
        </header>
        {menuOpen && (
          <div id="admin-mobile-menu" className="border-b border-line bg-surface p-3 lg:hidden">
            <AdminSearch role={user.role} className="mb-3 flex" onSearched={() => setMenuOpen(false)} />
            <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
          </div>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
