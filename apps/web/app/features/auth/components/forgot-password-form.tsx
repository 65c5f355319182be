import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import type { z } from 'zod';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@kiyasla/contracts/auth';
import { buttonClasses } from '~/components/ui/button-styles';
import { fieldAria, FormAlert, FormField, inputClasses } from '~/components/ui/form-field';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorMessage } from '~/lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { AuthPageLayout } from './auth-page-layout';

type ForgotInput = z.input<typeof forgotPasswordRequestSchema>;

/** /forgot-password: asks for the e-mail and mails a one-hour reset link (if the account exists). */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  async function submit(values: ForgotPasswordRequest) {
    setServerError(null);
    try {
      setSent({ email: values.email, message: await forgotPassword(values) });
    } catch (error) {
      setServerError(errorMessage(error, 'Bir hata oluştu. Lütfen tekrar deneyin.'));
    }
  }

  const back = (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-semibold text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Giriş sayfasına dön
    </Link>
  );

  if (sent) {
    return (
      <AuthPageLayout title="E-postanızı kontrol edin" footer={back}>
        <div className="flex flex-col items-center text-center" role="status">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-success/10 text-success">
            <MailCheck aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-5 text-ink">{sent.message}</p>
          <p className="mt-3 text-sm text-muted">
            <strong className="text-ink">{sent.email}</strong> adresinin gelen kutusuna bakın. E-posta birkaç dakika
            içinde gelmezse gereksiz (spam) klasörünü de kontrol edin.
          </p>
          <button type="button" onClick={() => setSent(null)} className={buttonClasses('outline', 'md', 'mt-6')}>
            Başka bir adres dene
          </button>
        </div>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title="Şifremi Unuttum"
      subtitle="Hesabınızın e-posta adresini girin; şifrenizi sıfırlamanız için bir bağlantı gönderelim."
      footer={back}
    >
      {/* POST: sent before its code has arrived, the route's action brings it back to the page. */}
      <form method="post" noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="space-y-5">
        {serverError && <FormAlert title={serverError} />}
        <FormField id="forgot-email" label="E-posta" error={errors.email?.message} required>
          <input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="ornek@eposta.com"
            className={inputClasses(Boolean(errors.email))}
            {...fieldAria('forgot-email', { error: errors.email?.message, required: true })}
            {...register('email')}
          />
        </FormField>
        <SubmitButton pending={isSubmitting} icon={Send} className="w-full">
          Sıfırlama Bağlantısı Gönder
        </SubmitButton>
      </form>
    </AuthPageLayout>
  );
}
