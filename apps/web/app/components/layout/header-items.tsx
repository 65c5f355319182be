/** What the header and its phone menu share: the list entries, the sign-in buttons, sign-out. */
import { Link, useNavigate } from 'react-router';
import { AlarmClock, Bell, Crown, GitCompareArrows, Heart, LogIn, UserPlus, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import type { User } from '@kiyasla/contracts/auth';
import { messages } from '@kiyasla/contracts/messages';
import { buttonClasses } from '~/components/ui/button-styles';
import { useAuth } from '~/lib/auth/auth-context';
import { toast } from '~/lib/toast';
import type { HeaderCounts } from './use-header-counts';

export interface HeaderEntry {
  key: keyof HeaderCounts;
  label: string;
  to: string;
  icon: LucideIcon;
  /** The comparison badge shows the raw count; the others cap at 99+. */
  capped: boolean;
}

export const ENTRIES: readonly HeaderEntry[] = [
  { key: 'favorites', label: 'Favoriler', to: '/favorites', icon: Heart, capped: true },
  { key: 'notifications', label: 'Bildirimler', to: '/notifications', icon: Bell, capped: true },
  { key: 'priceAlerts', label: 'Fiyat Alarmları', to: '/price-alerts', icon: AlarmClock, capped: true },
  { key: 'comparison', label: 'Karşılaştırma', to: '/comparison', icon: GitCompareArrows, capped: false },
];

/** "Favoriler" or, with items, "Favoriler (3)" — the count is part of the accessible name. */
export function entryName(entry: HeaderEntry, badge: string | null): string {
  return badge ? `${entry.label} (${badge})` : entry.label;
}

export function AuthButtons({ className, stretch }: { className?: string; stretch?: boolean }) {
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
export function canOpenAdmin(user: User): boolean {
  return user.role === 'admin' || user.role === 'moderator';
}

export function PremiumBadge({ compact = false }: { compact?: boolean }) {
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
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    toast.success(messages.auth.logoutSuccess);
    void navigate('/');
  };
}
