import type { ReactNode } from 'react';
import type { User } from '@kiyasla/contracts/user';
import { Skeleton } from '~/components/ui/skeleton';
import { useAuth } from '../auth-context';
import { LoginPrompt } from './login-prompt';

/** The neutral shell of a private page while the session is being restored (and on the server). */
export function PrivatePageShell() {
  return (
    <div aria-busy="true" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="sr-only" role="status">
        Yükleniyor...
      </p>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-8 space-y-4">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * Renders `children(user)` for a signed-in user, the login prompt for visitors, and the
 * neutral shell while the session is restored.
 */
export function RequireAuth({ description, children }: { description: string; children: (user: User) => ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PrivatePageShell />;
  if (status === 'anonymous' || !user) return <LoginPrompt description={description} />;
  return <>{children(user)}</>;
}
