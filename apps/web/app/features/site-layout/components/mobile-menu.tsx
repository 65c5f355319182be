import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';
import { UserAvatar } from '~/components/ui/user-avatar';
import { useAuth } from '~/entities/session/auth-context';
import { categoryHref } from '~/entities/category/utils/categories';
import { formatBadgeCount } from '~/lib/format';
import { CategoryIcon } from '~/entities/category/components/category-icon';
import { canOpenAdmin, PremiumBadge, useLogout } from './account-items';
import { AuthButtons, ENTRIES, entryName } from './header-items';
import type { HeaderCounts } from '../hooks/use-header-counts';

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

export interface MobileMenuProps {
  id: string;
  counts: HeaderCounts;
  categories: readonly CategoryNode[] | null;
}

/**
 * The phone menu under the header; its code loads when the menu button is approached. It comes
 * after the search box and the theme toggle in the header's markup, so it takes focus when it
 * opens (it mounts only then); Escape closes it and returns focus to the toggle (the header).
 */
export function MobileMenu({ id, counts, categories }: MobileMenuProps) {
  const { status, user } = useAuth();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, []);
  return (
    <div
      ref={panel}
      id={id}
      className="max-h-[calc(100dvh-8rem)] overflow-y-auto border-t border-line bg-surface md:hidden"
    >
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
