import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import type { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY, NAME_MIN_LENGTH, PHONE_MAX_LENGTH, type User } from '@kiyasla/contracts/user';
import { registerFormSchema } from '@kiyasla/contracts/auth';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { PasswordRequirements } from '~/entities/account/components/password-requirements';
import { fieldAria, FormAlert, FormField, inputClasses } from '~/components/ui/form-field';
import { PasswordInput } from '~/components/ui/password-input';
import { SubmitButton } from '~/components/ui/submit-button';
import { updateDetails } from '~/entities/account/api/update-details';
import { updateNotificationSettings } from '~/entities/account/api/update-notification-settings';
import { useAuth, usePreloadSignIn } from '~/entities/session/auth-context';
import { safeRedirect } from '~/entities/session/utils/safe-redirect';
import { serverFieldErrors } from '~/lib/form-errors';
import { usePublicConfig } from '~/lib/public-config';
import { toast } from '~/lib/toast';
import { isValidEmail } from '~/lib/validation';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { filterNameInput } from '~/lib/name-input';
import { formatPhoneInput } from '~/lib/phone-input';
import { AuthPageLayout } from './auth-page-layout';
import { SocialSignIn } from './social-sign-in';

type Schema = ReturnType<typeof registerFormSchema>;
type RegisterFormInput = z.input<Schema>;
type RegisterFormValues = z.output<Schema>;

const SERVER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

const ids = {
  firstName: 'register-first-name',
  lastName: 'register-last-name',
  email: 'register-email',
  phone: 'register-phone',
  password: 'register-password',
  confirmPassword: 'register-confirm-password',
  acceptTerms: 'register-terms',
  acceptMarketing: 'register-marketing',
};

function nameHint(value: string | undefined): string | undefined {
  const length = (value ?? '').trim().length;
  return length > 0 && length < NAME_MIN_LENGTH ? authMessages.nameHint : undefined;
}

/**
 * /register: the form of spec §3/§5 with live validation. Only firstName, lastName, email and
 * password go to POST /auth/register; the optional phone and the marketing consent are saved to
 * the new account right after.
 */
export function RegisterForm() {
  const auth = useAuth();
  usePreloadSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const signingIn = useSignedInRedirect();
  const config = usePublicConfig();
  const policy = config?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const schema = useMemo(() => registerFormSchema(policy), [policy]);
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      // The footer's bulletin box sends a visitor here with the address they typed.
      email: isValidEmail(params.get('email') ?? '') ? (params.get('email') ?? '') : '',
      phone: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
      acceptMarketing: false,
    },
  });

  const password = watch('password') ?? '';
  const firstNameHint = nameHint(watch('firstName'));
  const lastNameHint = nameHint(watch('lastName'));

  const finish = useCallback(
    (user: User, message?: string) => {
      // An e-mail registration: the verification link is on its way (Google and Facebook addresses are verified).
      const verify = user.emailVerified ? '' : ' E-posta adresinizi doğrulamak için gelen kutunuzu kontrol edin.';
      toast.success(message ?? authMessages.registerSuccess, `Hesabınız hazır, ${user.firstName}.${verify}`);
      void navigate(redirectTo, { replace: true });
    },
    [navigate, redirectTo],
  );

  async function submit(values: RegisterFormValues) {
    setServerError(null);
    signingIn.current = true;
    const result = await auth.register(values);
    if (!result.success) {
      signingIn.current = false;
      const fieldErrors = serverFieldErrors(result.errors, SERVER_FIELDS);
      if (result.code === 'EMAIL_TAKEN') fieldErrors.push({ name: 'email', message: result.message });
      if (result.code === 'WEAK_PASSWORD') fieldErrors.push({ name: 'password', message: result.message });
      for (const { name, message } of fieldErrors) setError(name, { message });
      setServerError(result.message);
      setFocus(fieldErrors[0]?.name ?? 'email');
      return;
    }
    // Extras of the form the register call does not carry (spec §3); best effort.
    const extras: Array<Promise<unknown>> = [];
    if (values.phone) extras.push(updateDetails({ phone: values.phone }).then(auth.updateUser));
    if (values.acceptMarketing) extras.push(updateNotificationSettings({ newsletter: true }));
    await Promise.allSettled(extras);
    finish(result.user, result.message);
  }

  const firstName = register('firstName');
  const lastName = register('lastName');
  const phone = register('phone');
  const passwordField = register('password');

  if (config && !config.features.enableRegistration) {
    return (
      <AuthPageLayout title="Kayıt Ol">
        <FormAlert tone="info" title={authMessages.registrationDisabled}>
          Mevcut hesabınızla{' '}
          <Link to="/login" className="font-semibold text-primary underline">
            giriş yapabilirsiniz
          </Link>
          .
        </FormAlert>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title="Kayıt Ol"
      subtitle="Ücretsiz hesap oluşturun, fiyatları takip etmeye hemen başlayın."
      footer={
        <>
          Zaten hesabınız var mı?{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Giriş Yapın
          </Link>
        </>
      }
    >
      {/* POST: sent before its code has arrived, the route's action brings it back to the page. */}
      <form method="post" noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="space-y-5">
        {serverError && <FormAlert title={serverError} />}

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={ids.firstName} label="Ad" error={errors.firstName?.message} hint={firstNameHint} required>
            <input
              type="text"
              autoComplete="given-name"
              placeholder="Adınız"
              className={inputClasses(Boolean(errors.firstName))}
              {...fieldAria(ids.firstName, {
                error: errors.firstName?.message,
                hint: Boolean(firstNameHint) && !errors.firstName,
                required: true,
              })}
              {...firstName}
              onChange={(event) => {
                event.target.value = filterNameInput(event.target.value);
                void firstName.onChange(event);
              }}
            />
          </FormField>
          <FormField id={ids.lastName} label="Soyad" error={errors.lastName?.message} hint={lastNameHint} required>
            <input
              type="text"
              autoComplete="family-name"
              placeholder="Soyadınız"
              className={inputClasses(Boolean(errors.lastName))}
              {...fieldAria(ids.lastName, {
                error: errors.lastName?.message,
                hint: Boolean(lastNameHint) && !errors.lastName,
                required: true,
              })}
              {...lastName}
              onChange={(event) => {
                event.target.value = filterNameInput(event.target.value);
                void lastName.onChange(event);
              }}
            />
          </FormField>
        </div>

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

        <FormField id={ids.phone} label="Telefon" error={errors.phone?.message} optional>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="+90 5XX XXX XX XX"
            maxLength={PHONE_MAX_LENGTH}
            className={inputClasses(Boolean(errors.phone))}
            {...fieldAria(ids.phone, { error: errors.phone?.message })}
            {...phone}
            onChange={(event) => {
              event.target.value = formatPhoneInput(event.target.value);
              void phone.onChange(event);
            }}
          />
        </FormField>

        <FormField
          id={ids.password}
          label="Şifre"
          error={errors.password?.message}
          required
          persistentHint
          hint={<PasswordRequirements password={password} policy={policy} />}
        >
          <PasswordInput
            autoComplete="new-password"
            placeholder="Güçlü bir şifre belirleyin"
            invalid={Boolean(errors.password)}
            {...fieldAria(ids.password, { error: errors.password?.message, hint: true, required: true })}
            {...passwordField}
            onChange={(event) => {
              void passwordField.onChange(event);
              if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
            }}
          />
        </FormField>

        <FormField id={ids.confirmPassword} label="Şifre Tekrar" error={errors.confirmPassword?.message} required>
          <PasswordInput
            autoComplete="new-password"
            placeholder="Şifrenizi tekrar girin"
            invalid={Boolean(errors.confirmPassword)}
            {...fieldAria(ids.confirmPassword, { error: errors.confirmPassword?.message, required: true })}
            {...register('confirmPassword')}
          />
        </FormField>

        <div className="space-y-3">
          <div>
            <div className="flex items-start gap-2.5">
              <input
                id={ids.acceptTerms}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 rounded border-line accent-primary"
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? `${ids.acceptTerms}-error` : undefined}
                {...register('acceptTerms')}
              />
              <label htmlFor={ids.acceptTerms} className="text-sm leading-5 text-ink">
                <Link to="/terms" target="_blank" className="font-medium text-primary underline underline-offset-2">
                  Kullanım Şartları
                </Link>
                &apos;nı ve{' '}
                <Link to="/privacy" target="_blank" className="font-medium text-primary underline underline-offset-2">
                  Gizlilik Politikası
                </Link>
                &apos;nı okudum, kabul ediyorum.
              </label>
            </div>
            {errors.acceptTerms?.message && (
              <p id={`${ids.acceptTerms}-error`} className="mt-1.5 ml-6.5 text-sm text-danger">
                {errors.acceptTerms.message}
              </p>
            )}
          </div>
          <div className="flex items-start gap-2.5">
            <input
              id={ids.acceptMarketing}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-line accent-primary"
              {...register('acceptMarketing')}
            />
            <label htmlFor={ids.acceptMarketing} className="text-sm leading-5 text-muted">
              Kampanya, indirim ve fırsatlardan e-posta ile haberdar olmak istiyorum.
            </label>
          </div>
        </div>

        <SubmitButton
          pending={isSubmitting}
          icon={UserPlus}
          pendingLabel="Hesabınız oluşturuluyor..."
          className="w-full"
        >
          Kayıt Ol
        </SubmitButton>
      </form>

      <SocialSignIn
        context="signup"
        onStart={() => {
          setServerError(null);
          signingIn.current = true;
        }}
        onSignedIn={(user) => finish(user)}
        onError={(message) => {
          signingIn.current = false;
          setServerError(message);
        }}
      />
    </AuthPageLayout>
  );
}
