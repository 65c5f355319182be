import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isContactCategory, type ContactFormValues } from '../contact-schema';
import { ContactChannels } from './contact-channels';
import { ContactForm } from './contact-form';
import { ContactSent } from './contact-sent';
import { ContactSidebar } from './contact-sidebar';

type ContactState = { status: 'editing'; focusOnMount: boolean } | { status: 'sent'; message: ContactFormValues };

/** Contact page: idle → submitting (inside the form) → sent, and back via "Yeni Mesaj Gönder". */
export function ContactPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('kategori');
  const initialCategory = isContactCategory(requested) ? requested : undefined;
  const [state, setState] = useState<ContactState>({ status: 'editing', focusOnMount: false });

  return (
    <div>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-12">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
              <MessagesSquare className="size-7" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">İletişim</h1>
              <p className="mt-3 max-w-2xl text-base leading-7 text-muted">
                Sorunuz, öneriniz veya iş birliği teklifiniz mi var? Formu doldurun, ekibimiz en kısa sürede size dönüş
                yapsın.
              </p>
            </div>
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        <ContactChannels />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col justify-center rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
            {state.status === 'sent' ? (
              <ContactSent
                message={state.message}
                onNewMessage={() => setState({ status: 'editing', focusOnMount: true })}
              />
            ) : (
              <ContactForm
                initialCategory={initialCategory}
                autoFocus={state.focusOnMount}
                onSent={(message) => setState({ status: 'sent', message })}
              />
            )}
          </div>
          <ContactSidebar />
        </div>
      </div>
    </div>
  );
}
