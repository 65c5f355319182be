import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoaderCircle, ShieldAlert } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { useAuth } from '~/entities/session/auth-context';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import { buttonClasses } from '~/components/ui/button-styles';
import { toast } from '~/lib/toast';
import { isStaff } from '../utils/admin-sections';

/** How long 'Erişim Reddedildi' stays before the login page opens. */
export const ACCESS_DENIED_REDIRECT_MS = 1500;

/**
 * The specification's admin gate, four states: loading; unauthenticated ('Erişim Reddedildi', then
 * /login with the way back); signed in without the role (home, with 'Yetkisiz Erişim'); allowed.
 */
export function AdminGate({ children }: { children: (user: User) => ReactNode }) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const unauthorised = status === 'authenticated' && user !== null && !isStaff(user.role);

  useEffect(() => {
    if (status !== 'anonymous') return;
    const timer = setTimeout(() => navigate(loginHref(path), { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, path, navigate]);

  useEffect(() => {
    if (!unauthorised) return;
    toast({ type: 'error', title: 'Yetkisiz Erişim', message: 'Bu sayfa için yönetici yetkisi gerekiyor.' });
    navigate('/', { replace: true });
  }, [unauthorised, navigate]);

  if (status === 'loading' || unauthorised) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center gap-3 text-muted">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
        Yükleniyor...
      </div>
    );
  }
  if (status === 'anonymous' || !user) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div
          role="alert"
          className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm"
        >
          <ShieldAlert aria-hidden="true" className="mx-auto size-10 text-danger" />
          <h1 className="mt-4 text-xl font-semibold text-ink">Erişim Reddedildi</h1>
          <p className="mt-2 text-sm text-muted">Yönetim paneline erişmek için giriş yapmanız gerekiyor.</p>
          <Link to={loginHref(path)} replace className={buttonClasses('primary', 'md', 'mt-6')}>
            Giriş Yap
          </Link>
        </div>
      </main>
    );
  }
  return <>{children(user)}</>;
}

/** A section this role may not open (a moderator on an admin-only page); the API refuses it too. */
export function SectionForbidden() {
  return (
    <div role="alert" className="rounded-2xl border border-line bg-surface p-8 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto size-8 text-danger" />
      <h1 className="mt-3 text-lg font-semibold text-ink">Yetkisiz Erişim</h1>
      <p className="mt-1 text-sm text-muted">Bu bölüm yalnızca yöneticilere açıktır.</p>
    </div>
  );
}
