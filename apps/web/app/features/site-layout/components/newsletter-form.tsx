import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAuth } from '~/entities/session/auth-context';
import { toast } from '~/lib/toast';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '~/lib/validation';

/**
 * The footer's price bulletin box. What it subscribes to is the weekly price summary e-mail
 * (jobs/weekly-summary: the week's price changes of the member's favorites and alerts), which
 * goes to members: a signed-in member's box turns it on (with the newsletter consent of the
 * settings tab) for the account's address; a visitor is taken to registration with the address
 * filled in, since there is nothing to send to someone without favorites or alerts.
 */
export function NewsletterForm() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const member = status === 'authenticated' && user ? user : null;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const email = member ? member.email : typed;

  async function subscribeMember(address: string) {
    setSending(true);
    try {
      const { updateNotificationSettings } = await import('~/entities/account/api/update-notification-settings');
      const settings = await updateNotificationSettings({
        newsletter: true,
        weekly_summary: true,
        weeklySummaryChannels: { email: true },
      });
      if (settings.email) {
        toast.success(
          'Bülten aboneliğiniz alındı',
          `Haftalık fiyat özetiniz ${address} adresine gönderilecek. Profil › Ayarlar’dan istediğiniz zaman kapatabilirsiniz.`,
        );
      } else {
        toast.warning(
          'Bülten aboneliğiniz kaydedildi',
          'E-posta bildirimleriniz kapalı olduğu için gönderilmeyecek: Profil › Ayarlar’dan açabilirsiniz.',
          { action: { label: 'Ayarlar', onClick: () => navigate('/profile?tab=ayarlar') } },
        );
      }
    } catch {
      toast.error('Bülten aboneliği kaydedilemedi', 'Lütfen tekrar deneyin.');
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    if (member) {
      void subscribeMember(value);
      return;
    }
    setTyped('');
    toast.info(
      'Fiyat bülteni üyelerimize gönderilir',
      'Kaydınızı tamamlayın: favorilerinizin ve alarmlarınızın haftalık fiyat özeti e-posta kutunuza gelsin.',
    );
    navigate(`/register?email=${encodeURIComponent(value)}`);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="@container space-y-2">
      <label htmlFor={inputId} className="sr-only">
        E-posta adresiniz
      </label>
      <div className="flex flex-col gap-2 @xs:flex-row">
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          readOnly={member !== null}
          onChange={(e) => {
            setTyped(e.target.value);
            if (error) setError(null);
          }}
          placeholder="E-posta adresiniz"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : member ? hintId : undefined}
          className="h-10 min-w-0 rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-invalid:border-danger @xs:flex-1"
        />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending}
          className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink transition-colors hover:bg-brand-700 dark:hover:bg-brand-300"
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          Abone Ol
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {member && !error && (
        <p id={hintId} className="text-xs text-muted">
          Hesabınızın e-posta adresine gönderilir.
        </p>
      )}
    </form>
  );
}
