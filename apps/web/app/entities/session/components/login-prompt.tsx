import { Link, useLocation } from 'react-router';
import { LockKeyhole, LogIn, UserPlus } from 'lucide-react';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { buttonClasses } from '~/components/ui/button-styles';
import { loginHref } from '../utils/safe-redirect';

/**
 * What a page that needs a session shows to visitors (spec §2/§6): 'Giriş Yapmanız
 * Gerekiyor' with Giriş Yap (back to this page afterwards) and Kayıt Ol.
 */
export function LoginPrompt({ description }: { description: string }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="px-4">
      <section
        aria-labelledby="login-prompt-title"
        className="mx-auto my-12 max-w-lg rounded-2xl border border-line bg-surface px-6 py-10 text-center shadow-sm sm:my-16 sm:px-10"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <LockKeyhole aria-hidden="true" className="size-7" />
        </span>
        <h1 id="login-prompt-title" className="mt-5 text-2xl font-bold text-ink">
          {gatesMessages.mustLogin}
        </h1>
        <p className="mt-2 text-muted">{description}</p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={loginHref(back)} className={buttonClasses('primary', 'lg')}>
            <LogIn aria-hidden="true" className="size-5" />
            Giriş Yap
          </Link>
          <Link to="/register" className={buttonClasses('outline', 'lg')}>
            <UserPlus aria-hidden="true" className="size-5" />
            Kayıt Ol
          </Link>
        </div>
      </section>
    </div>
  );
}
