import { useEffect } from 'react';
import { Link } from 'react-router';
import { CircleCheck, LogIn, MailWarning } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';
import { ResendVerificationButton } from '~/entities/account/components/resend-verification-button';
import { useAuth } from '~/entities/session/auth-context';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import type { VerifyEmailOutcome } from '../api/verify-email';
import { AuthPageLayout } from './auth-page-layout';

const TITLES: Record<VerifyEmailOutcome['kind'], string> = {
  verified: 'E-posta adresiniz doğrulandı',
  'already-verified': 'E-posta adresiniz zaten doğrulanmış',
  invalid: 'Bağlantı geçersiz',
  expired: 'Bağlantının süresi dolmuş',
  superseded: 'Daha yeni bir bağlantı gönderildi',
  'email-changed': 'E-posta adresiniz değişmiş',
  failed: 'Doğrulama tamamlanamadı',
};

/** Where a refused link leaves the visitor: a new link for a signed-in member, else sign in first. */
function NewLink() {
  const { status, user } = useAuth();
  // Server rendering and hydration: the session is not known yet.
  if (status === 'loading') return <div className="min-h-20" aria-hidden="true" />;
  if (status === 'authenticated' && user) {
    if (user.emailVerified) {
      return (
        <p className="text-sm text-muted">
          Hesabınızın e-posta adresi ({user.email}) zaten doğrulanmış.{' '}
          <Link to="/account-settings" className="font-semibold text-primary underline">
            Hesap Ayarları
          </Link>
        </p>
      );
    }
    return (
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted">
          Doğrulama bağlantısı <strong className="font-semibold break-all text-ink">{user.email}</strong> adresine
          gönderilir.
        </p>
        <ResendVerificationButton align="center" />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="text-sm text-muted">Yeni bir doğrulama bağlantısı istemek için giriş yapın.</p>
      <Link to={loginHref('/account-settings')} className={buttonClasses('outline', 'md')}>
        <LogIn aria-hidden="true" className="size-4" />
        Giriş Yap
      </Link>
    </div>
  );
}

/**
 * /verify-email?token=…: the page the mailed link opens. The server has already confirmed the
 * link (the route's loader); this shows the outcome, and for a refused link the way to a new one.
 */
export function VerifyEmailPage({ outcome }: { outcome: VerifyEmailOutcome }) {
  const { status, user, refreshProfile } = useAuth();
  const done = outcome.kind === 'verified' || outcome.kind === 'already-verified';

  // A signed-in tab still holds the unverified profile: the badges follow the server.
  const stale = done && status === 'authenticated' && user?.emailVerified === false;
  useEffect(() => {
    if (stale) void refreshProfile();
  }, [stale, refreshProfile]);

  return (
    <AuthPageLayout title={TITLES[outcome.kind]}>
      <div className="flex flex-col items-center text-center">
        {done ? (
          <span className="flex size-14 items-center justify-center rounded-2xl bg-success/10 text-success">
            <CircleCheck aria-hidden="true" className="size-7" />
          </span>
        ) : (
          <span className="flex size-14 items-center justify-center rounded-2xl bg-warning/10 text-warning">
            <MailWarning aria-hidden="true" className="size-7" />
          </span>
        )}
        <p role={done ? 'status' : 'alert'} className="mt-5 text-ink">
          {outcome.message}
        </p>
        {done ? (
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/" className={buttonClasses('primary', 'md')}>
              Alışverişe Başla
            </Link>
            <Link to="/account-settings" className={buttonClasses('outline', 'md')}>
              Hesap Ayarları
            </Link>
          </div>
        ) : (
          <div className="mt-6 w-full border-t border-line pt-5">
            <NewLink />
          </div>
        )}
      </div>
    </AuthPageLayout>
  );
}
