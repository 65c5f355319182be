import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY, passwordSchema } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { PasswordRequirements } from '~/entities/account/components/password-requirements';
import { buttonClasses } from '~/components/ui/button-styles';
import { fieldAria, FormAlert, FormField } from '~/components/ui/form-field';
import { PasswordInput } from '~/components/ui/password-input';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorMessage, isApiError } from '~/lib/api-client';
import { usePublicConfig } from '~/lib/public-config';
import { resetPassword } from '../api/reset-password';
import { AuthPageLayout } from './auth-page-layout';

type ResetValues = { password: string; confirmPassword: string };

/** /reset-password?token=…: the page the e-mailed link opens; sets a new password. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const config = usePublicConfig();
  const policy = config?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const schema = useMemo(
    () =>
      z
        .object({ password: passwordSchema(policy), confirmPassword: z.string() })
        .refine((v) => v.password === v.confirmPassword, {
          path: ['confirmPassword'],
          message: authMessages.passwordsMismatch,
        }),
    [policy],
  );
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  async function submit(values: ResetValues) {
    setServerError(null);
    try {
      setDone(await resetPassword({ token, password: values.password }));
    } catch (error) {
      setServerError({
        message: errorMessage(error, genericMessages.errorRetry),
        invalidLink: isApiError(error) && error.code === 'RESET_TOKEN_INVALID',
      });
    }
  }

  if (token.length < 20) {
    return (
      <AuthPageLayout title="Bağlantı geçersiz">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-warning/10 text-warning">
            <LinkIcon aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-5 text-ink">{authMessages.resetTokenInvalid}</p>
          <Link to="/forgot-password" className={buttonClasses('primary', 'md', 'mt-6')}>
            Yeni bağlantı iste
          </Link>
        </div>
      </AuthPageLayout>
    );
  }

  if (done) {
    return (
      <AuthPageLayout title="Şifreniz yenilendi">
        <div className="flex flex-col items-center text-center" role="status">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-success/10 text-success">
            <CircleCheck aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-5 text-ink">{done}</p>
          <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6')}>
            Giriş Yap
          </Link>
        </div>
      </AuthPageLayout>
    );
  }

  const password = watch('password') ?? '';
  return (
    <AuthPageLayout
      title="Yeni Şifre Belirleyin"
      subtitle="Güvenliğiniz için tüm cihazlardaki oturumlarınız kapatılacak."
    >
      {/* POST: sent before its code has arrived, the route's action brings it back to the page. */}
      <form method="post" noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="space-y-5">
        {serverError && (
          <FormAlert title={serverError.message}>
            {serverError.invalidLink && (
              <Link to="/forgot-password" className="font-semibold text-primary underline">
                Yeni bağlantı iste
              </Link>
            )}
          </FormAlert>
        )}
        <FormField
          id="reset-password"
          label="Yeni Şifre"
          error={errors.password?.message}
          required
          persistentHint
          hint={<PasswordRequirements password={password} policy={policy} />}
        >
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.password)}
            {...fieldAria('reset-password', { error: errors.password?.message, hint: true, required: true })}
            {...register('password')}
          />
        </FormField>
        <FormField id="reset-confirm" label="Yeni Şifre Tekrar" error={errors.confirmPassword?.message} required>
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.confirmPassword)}
            {...fieldAria('reset-confirm', { error: errors.confirmPassword?.message, required: true })}
            {...register('confirmPassword')}
          />
        </FormField>
        <SubmitButton pending={isSubmitting} icon={KeyRound} className="w-full">
          Şifremi Yenile
        </SubmitButton>
      </form>
    </AuthPageLayout>
  );
}
