import { CircleCheck, House, PenLine } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button-styles';
import { contactCategory, type ContactFormValues } from '../contact-schema';

interface ContactSentProps {
  message: ContactFormValues;
  onNewMessage: () => void;
}

export function ContactSent({ message, onNewMessage }: ContactSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const category = contactCategory(message.category);
  const firstName = message.name.split(/\s+/)[0] ?? message.name;

  // Announce the outcome: focus moves from the (now gone) submit button to the heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="py-6 text-center sm:py-10">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
        <CircleCheck className="size-9" aria-hidden="true" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-5 scroll-mt-40 text-2xl font-bold text-ink focus:outline-none">
        Mesajınız Gönderildi
      </h2>
      <p className="mx-auto mt-3 max-w-md text-muted">
        Teşekkürler {firstName}! Mesajınızı aldık. Ekibimiz{' '}
        <strong className="font-semibold text-ink">{category.responseTime}</strong> içinde{' '}
        <strong className="font-semibold break-words text-ink">{message.email}</strong> adresine yanıt verecek.
      </p>

      <dl className="mx-auto mt-6 grid max-w-md gap-3 rounded-2xl border border-line bg-surface-2 p-4 text-left text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Kategori</dt>
          <dd className="mt-0.5 font-medium text-ink">{category.label}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Konu</dt>
          <dd className="mt-0.5 truncate font-medium text-ink" title={message.subject}>
            {message.subject}
          </dd>
        </div>
      </dl>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" onClick={onNewMessage} className={buttonClasses('primary', 'lg')}>
          <PenLine className="size-5" aria-hidden="true" />
          Yeni Mesaj Gönder
        </button>
        <Link to="/" className={buttonClasses('outline', 'lg')}>
          <House className="size-5" aria-hidden="true" />
          Ana Sayfaya Dön
        </Link>
      </div>
    </div>
  );
}
