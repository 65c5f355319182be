import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button-styles';

export function UnknownCategory() {
  return (
    <section
      aria-labelledby="help-unknown-title"
      className="mx-auto max-w-xl rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center"
    >
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h2 id="help-unknown-title" className="mt-4 text-xl font-semibold text-ink">
        Kategori bulunamadı
      </h2>
      <p className="mt-2 text-muted">Aradığınız yardım kategorisi taşınmış veya kaldırılmış olabilir.</p>
      <Link to="/help" className={buttonClasses('primary', 'md', 'mt-6')}>
        Yardım Merkezine Dön
      </Link>
    </section>
  );
}
