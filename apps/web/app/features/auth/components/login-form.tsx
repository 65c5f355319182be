import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LogIn } from 'lucide-react';
import type { z } from 'zod';
import { loginRequestSchema, REMEMBER_ME_DAYS, type LoginRequest } from '@kiyasla/contracts/auth';
import { type User } from '@kiyasla/contracts/user';
import { fieldAria, FormAlert, FormField, inputClasses } from '~/components/ui/form-field';
import { PasswordInput } from '~/components/ui/password-input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useAuth, usePreloadSignIn } from '~/entities/session/auth-context';
import { safeRedirect } from '~/entities/session/utils/safe-redirect';
import { serverFieldErrors } from '~/lib/form-errors';
import { toast } from '~/lib/toast';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { AuthPageLayout } from './auth-page-layout';
import { SocialSignIn } from './social-sign-in';

type LoginFormInput = z.input<typeof loginRequestSchema>;

const FIELDS = ['email', 'password'] as const;

/** /login: e-mail, password, "Beni hatırla"; back to the `redirect` path (same site only) afterwards. */
export function LoginForm() {
  const { login } = useAuth();
  usePreloadSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const signingIn = useSignedInRedirect();
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const rememberMe = watch('rememberMe') ?? false;

  const finish = useCallback(
    (user: User) => {
      toast.success('Giriş başarılı', `Tekrar hoş geldiniz, ${user.firstName}!`);
      void navigate(redirectTo, { replace: true });
    },
    [navigate, redirectTo],
  );

  async function submit(values: LoginRequest) {
    setServerError(null);
    signingIn.current = true;
    const result = await login(values);
    if (result.success) {
      finish(result.user);
      return;
    }
    signingIn.current = false;
    const fieldErrors = serverFieldErrors(result.errors, FIELDS);
    for (const { name, message } of fieldErrors) setError(name, { message });
    setServerError(result.message);
    setFocus(fieldErrors[0]?.name ?? 'password');
  }

  const ids = { email: 'login-email', password: 'login-password', remember: 'login-remember' };

  return (
    <AuthPageLayout
      title="Giriş Yap"
      subtitle="Favorileriniz, fiyat alarmlarınız ve karşılaştırmalarınız sizi bekliyor."
      footer={
        <>
          Hesabınız yok mu?{' '}
          <Link to="/register" className="font-semibold text-primary hover:underline">
            Kayıt Olun
          </Link>
        </>
      }
    >
      {/* POST: sent before its code has arrived, the route's action brings it back to the page. */}
      <form method="post" noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="space-y-5">
        {serverError && <FormAlert title={serverError} />}

        <FormField id={ids.email} label="E-posta" error={errors.email?.message} required>
          <input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="ornek@eposta.com"
            className={inputClasses(Boolean(errors.email))}
            {...fieldAria(ids.email, { error: errors.email?.message, required: true })}
            {...register('email')}
          />
        </FormField>

        <FormField
          id={ids.password}
          label="Şifre"
          error={errors.password?.message}
          required
          labelAside={
            <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
              Şifremi unuttum
            </Link>
          }
        >
          <PasswordInput
            autoComplete="current-password"
            placeholder="Şifreniz"
            invalid={Boolean(errors.password)}
            {...fieldAria(ids.password, { error: errors.password?.message, required: true })}
            {...register('password')}
          />
        </FormField>

        <div className="flex items-center gap-2.5">
          <input
            id={ids.remember}
            type="checkbox"
            className="size-4 rounded border-line accent-primary"
            aria-describedby={`${ids.remember}-hint`}
            {...register('rememberMe')}
          />
          <label htmlFor={ids.remember} className="text-sm text-ink">
            Beni hatırla
          </label>
          <span id={`${ids.remember}-hint`} className="sr-only">
            Bu cihazda {REMEMBER_ME_DAYS} gün boyunca oturumunuz açık kalır.
          </span>
        </div>

        <SubmitButton pending={isSubmitting} icon={LogIn} pendingLabel="Giriş yapılıyor..." className="w-full">
          Giriş Yap
        </SubmitButton>
      </form>

      <SocialSignIn
        context="signin"
        rememberMe={rememberMe}
        onStart={() => {
          setServerError(null);
          signingIn.current = true;
        }}
        onSignedIn={finish}
        onError={(message) => {
          signingIn.current = false;
          setServerError(message);
        }}
      />
    </AuthPageLayout>
  );
}
