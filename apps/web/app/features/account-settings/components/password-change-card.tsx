import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { DEFAULT_PASSWORD_POLICY, type User } from '@kiyasla/contracts/user';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { AccountCard } from '~/entities/account/components/account-shell';
import { PasswordRequirements } from '~/entities/account/components/password-requirements';
import { fieldAria, FormAlert, FormField } from '~/components/ui/form-field';
import { PasswordInput } from '~/components/ui/password-input';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorMessage, isApiError } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { serverFieldErrors } from '~/lib/form-errors';
import { usePublicConfig } from '~/lib/public-config';
import { toast } from '~/lib/toast';
import { changePassword } from '../api/change-password';
import { passwordChangeSchema, type PasswordChangeValues } from '../utils/password-change-schema';

const FIELDS = ['currentPassword', 'newPassword'] as const;
const NEW_PASSWORD_CODES = new Set(['WEAK_PASSWORD', 'PASSWORD_UNCHANGED']);

/** Password change (PUT /auth/password); accounts created with Google/Facebook set a first password here. */
export function PasswordChangeCard({ user }: { user: User }) {
  const { refreshProfile } = useAuth();
  const config = usePublicConfig();
  const policy = config?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const needsCurrent = user.hasPassword;
  const schema = useMemo(() => passwordChangeSchema(policy.minLength, needsCurrent), [policy.minLength, needsCurrent]);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = watch('newPassword') ?? '';

  async function submit(values: PasswordChangeValues) {
    setServerError(null);
    try {
      const message = await changePassword({
        ...(needsCurrent ? { currentPassword: values.currentPassword } : {}),
        newPassword: values.newPassword,
      });
      reset();
      toast.success(message);
      if (!needsCurrent) await refreshProfile();
    } catch (error) {
      const text = errorMessage(error, genericMessages.errorRetry);
      const fieldErrors = isApiError(error) ? serverFieldErrors(error.errors, FIELDS) : [];
      if (isApiError(error) && error.code === 'WRONG_PASSWORD' && !fieldErrors.length) {
        fieldErrors.push({ name: 'currentPassword', message: text });
      }
      if (isApiError(error) && NEW_PASSWORD_CODES.has(error.code) && !fieldErrors.length) {
        fieldErrors.push({ name: 'newPassword', message: text });
      }
      for (const { name, message } of fieldErrors) setError(name, { message });
      if (fieldErrors[0]) setFocus(fieldErrors[0].name);
      else setServerError(text);
    }
  }

  // Registered in the order the fields appear: on an invalid submit the form focuses the first
  // registered field with an error, which has to be the topmost one.
  const currentField = register('currentPassword');
  const newField = register('newPassword');
  return (
    <AccountCard
      title={needsCurrent ? 'Şifre Değiştir' : 'Şifre Belirle'}
      description={
        needsCurrent
          ? 'Şifreniz değiştiğinde diğer cihazlardaki oturumlarınız kapatılır.'
          : 'Hesabınıza sosyal hesapla giriş yaptınız; e-posta ile de giriş yapabilmek için bir şifre belirleyin.'
      }
      icon={KeyRound}
    >
      <form noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting} className="max-w-xl space-y-5">
        {serverError && <FormAlert title={serverError} />}
        {needsCurrent && (
          <FormField id="current-password" label="Mevcut Şifre" error={errors.currentPassword?.message} required>
            <PasswordInput
              autoComplete="current-password"
              invalid={Boolean(errors.currentPassword)}
              {...fieldAria('current-password', { error: errors.currentPassword?.message, required: true })}
              {...currentField}
            />
          </FormField>
        )}
        <FormField
          id="new-password"
          label="Yeni Şifre"
          error={errors.newPassword?.message}
          required
          persistentHint
          hint={
            <>
              <span className="mb-1.5 block">Güçlü bir şifre için önerilenler:</span>
              <PasswordRequirements password={newPassword} policy={policy} />
            </>
          }
        >
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.newPassword)}
            {...fieldAria('new-password', { error: errors.newPassword?.message, hint: true, required: true })}
            {...newField}
            onChange={(event) => {
              void newField.onChange(event);
              if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
            }}
          />
        </FormField>
        <FormField id="confirm-password" label="Yeni Şifre Tekrar" error={errors.confirmPassword?.message} required>
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.confirmPassword)}
            {...fieldAria('confirm-password', { error: errors.confirmPassword?.message, required: true })}
            {...register('confirmPassword')}
          />
        </FormField>
        <SubmitButton pending={isSubmitting} size="md">
          {needsCurrent ? 'Şifreyi Güncelle' : 'Şifreyi Kaydet'}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
