import { BookOpen, Clock, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { WORKING_HOURS } from '../contact-info';
import { CONTACT_CATEGORIES } from '../contact-schema';

export function ContactSidebar() {
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="working-hours-title"
        className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
      >
        <h2 id="working-hours-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Clock className="size-5 text-primary" aria-hidden="true" />
          Çalışma Saatleri
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          {WORKING_HOURS.map((row) => (
            <div key={row.days} className="flex justify-between gap-4">
              <dt className="text-muted">{row.days}</dt>
              <dd className="font-medium text-ink tabular-nums">{row.hours}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="response-times-title"
        className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
      >
        <h2 id="response-times-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Timer className="size-5 text-primary" aria-hidden="true" />
          Yanıt Süreleri
        </h2>
        <p className="mt-1 text-sm text-muted">Seçtiğiniz kategoriye göre ortalama ilk yanıt süremiz:</p>
        <dl className="mt-4 divide-y divide-line text-sm">
          {CONTACT_CATEGORIES.map((category) => (
            <div key={category.value} className="flex justify-between gap-4 py-2">
              <dt className="text-ink">{category.label}</dt>
              <dd className="font-medium text-ink">{category.responseTime}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="contact-help-title" className="rounded-2xl bg-primary-soft p-6">
        <h2 id="contact-help-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <BookOpen className="size-5 text-primary" aria-hidden="true" />
          Yanıtınız hazır olabilir
        </h2>
        <p className="mt-2 text-sm text-ink">
          Fiyat alarmları, karşılaştırma, Premium ve hesap işlemleriyle ilgili sık sorulan soruların yanıtları Yardım
          Merkezi’nde.
        </p>
        <Link to="/help" className="mt-3 inline-block text-sm font-semibold text-primary underline underline-offset-2">
          Yardım Merkezi’ne git
        </Link>
      </section>
    </div>
  );
}
