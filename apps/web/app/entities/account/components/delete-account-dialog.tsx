import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { ACCOUNT_PURGE_DAYS } from '@kiyasla/contracts/account';
import { type User } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { buttonClasses } from '~/components/ui/button-styles';
import { dangerButtonClasses } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { fieldAria, FormField, inputClasses } from '~/components/ui/form-field';
import { PasswordInput } from '~/components/ui/password-input';
import { errorMessage, isApiError } from '~/lib/api-client';
import { errorToast } from '~/lib/query-client';
import { deleteAccount } from '../api/delete-account';
import { useAuth } from '~/entities/session/auth-context';
import { forgetLocalAccountData } from '../utils/local-account-data';
import { toast } from '~/lib/toast';

/** A refused confirmation (a wrong password, a mistyped e-mail) is shown under the field. */
const shownInForm = (error: unknown) => isApiError(error) && (error.status === 400 || error.code === 'WRONG_PASSWORD');

/**
 * Account deletion (DELETE /auth/account), confirmed with the password — or, for an account
 * that only ever signed in with Google/Facebook, by typing its e-mail again. Used by account
 * settings ("Hesabı Sil") and privacy settings ("Verilerimi Sil").
 */
export function DeleteAccountDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const deletion = useMutation({
    mutationFn: deleteAccount,
    meta: {
      errorToast: (error) =>
        shownInForm(error)
          ? null
          : errorToast(error, { title: 'Hesabınız silinemedi', fallback: genericMessages.errorRetry }),
    },
  });
  const byPassword = user.hasPassword;
  const fieldId = 'delete-account-confirmation';

  function close(next: boolean) {
    if (pending) return;
    if (!next) {
      setValue('');
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setError(byPassword ? authMessages.confirmationRequired : 'Onay için e-posta adresinizi yazın.');
      document.getElementById(fieldId)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const message = await deletion.mutateAsync(byPassword ? { password: value } : { confirmEmail: value.trim() });
      forgetLocalAccountData(user._id);
      endSession();
      toast.success('Hesabınız silindi', message ?? authMessages.accountDeleted);
      void navigate('/', { replace: true });
    } catch (err) {
      setPending(false);
      // Anything else has been told in a toast (lib/query-client).
      if (shownInForm(err)) {
        setError(errorMessage(err, genericMessages.errorRetry));
        document.getElementById(fieldId)?.focus();
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Hesabınızı silmek istediğinize emin misiniz?"
      description={`Bu işlem geri alınamaz. Tüm oturumlarınız kapatılır; favorileriniz, fiyat alarmlarınız, karşılaştırmalarınız ve kişisel verileriniz ${ACCOUNT_PURGE_DAYS} gün içinde kalıcı olarak silinir.`}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger/10 text-danger">
          <TriangleAlert aria-hidden="true" className="size-5" />
        </span>
      }
    >
      <form noValidate onSubmit={submit} className="mt-5">
        <FormField
          id={fieldId}
          label={
            byPassword ? 'Onaylamak için şifrenizi girin' : `Onaylamak için e-posta adresinizi yazın (${user.email})`
          }
          error={error ?? undefined}
          required
        >
          {byPassword ? (
            <PasswordInput
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              invalid={Boolean(error)}
              {...fieldAria(fieldId, { error: error ?? undefined, required: true })}
            />
          ) : (
            <input
              type="email"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={inputClasses(Boolean(error))}
              {...fieldAria(fieldId, { error: error ?? undefined, required: true })}
            />
          )}
        </FormField>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => close(false)} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button type="submit" disabled={pending} className={dangerButtonClasses}>
            {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Hesabımı Kalıcı Olarak Sil
          </button>
        </div>
      </form>
    </Dialog>
  );
}
