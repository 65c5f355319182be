import { Clock, Headset, Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button-styles';
import { RESPONSE_TIMES, SUPPORT_EMAIL, WORKING_HOURS } from '../support-info';

export function SupportContactBox() {
  return (
    <aside aria-labelledby="support-box-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Headset className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="support-box-title" className="text-lg font-semibold text-ink">
            Aradığınızı bulamadınız mı?
          </h2>
          <p className="text-sm text-muted">Destek ekibimiz size yardımcı olmaktan memnuniyet duyar.</p>
        </div>
      </div>

      <a
        href={`mailto:${SUPPORT_EMAIL}`}
        className="mt-5 flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3 text-sm font-medium text-ink hover:text-primary"
      >
        <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {SUPPORT_EMAIL}
      </a>

      <div className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
            <Clock className="size-4 text-muted" aria-hidden="true" />
            Çalışma saatleri
          </h3>
          <dl className="mt-2 space-y-1 text-sm">
            {WORKING_HOURS.map((row) => (
              <div key={row.days} className="flex justify-between gap-4">
                <dt className="text-muted">{row.days}</dt>
                <dd className="font-medium text-ink tabular-nums">{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
            <MessageSquare className="size-4 text-muted" aria-hidden="true" />
            Yanıt süreleri
          </h3>
          <dl className="mt-2 space-y-1 text-sm">
            {RESPONSE_TIMES.map((row) => (
              <div key={row.topic} className="flex justify-between gap-4">
                <dt className="text-muted">{row.topic}</dt>
                <dd className="shrink-0 font-medium text-ink">{row.time}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <Link to="/contact" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
        Bize Ulaşın
      </Link>
    </aside>
  );
}
