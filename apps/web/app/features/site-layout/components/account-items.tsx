/** The signed-in user's pieces shared by the header's account controls and the phone menu. */
import { useNavigate } from 'react-router';
import { Crown } from 'lucide-react';
import clsx from 'clsx';
import type { User } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { clearComparison } from '~/entities/comparison-list/comparison-list';
import { useAuth } from '~/entities/session/auth-context';
import { toast } from '~/lib/toast';

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

/**
 * Logs out (locally even when the server call fails) and goes home. Logout clears everything
 * local (spec §4): the comparison list too, which may hold the member's saved comparison.
 */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    clearComparison();
    toast.success(authMessages.logoutSuccess);
    void navigate('/');
  };
}
