/** What the header and its phone menu share: the list entries and the sign-in buttons. */
import { Link } from 'react-router';
import { AlarmClock, Bell, GitCompareArrows, Heart, LogIn, UserPlus, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { buttonClasses } from '~/components/ui/button-styles';
import type { HeaderCounts } from '../hooks/use-header-counts';

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
