import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { toast } from '~/lib/toast';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '~/lib/validation';

/**
 * Newsletter sign-up. The specification shows no server behaviour for it, so the form only
 * validates and confirms; the toast says plainly where the e-mails will go.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!isValidEmail(value)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setEmail('');
    toast.success(
      'Bülten aboneliğiniz alındı',
      `Fırsat ve fiyat düşüşü e-postalarımız ${value} adresine gönderilecek.`,
    );
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
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
          placeholder="E-posta adresiniz"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-invalid:border-danger"
        />
        <button
          type="submit"
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
    </form>
  );
}
