import type { ReactNode } from 'react';
import { PackageSearch, RotateCw, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';

/** The error panel titled 'Hata' with the failure message and a retry. */
export function ListingError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-14 text-center shadow-sm"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-danger/10 text-danger">
        <TriangleAlert aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="text-xl font-bold text-ink">Hata</h2>
      <p className="max-w-md text-muted">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={buttonClasses('outline', 'md', 'mt-2')}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          Tekrar Dene
        </button>
      )}
    </div>
  );
}

/**
 * Nothing to list. With filters set: 'Ürün Bulunamadı' and the suggestion to try other
 * filters; without: 'Ürün bulunamadı' (the category itself is empty).
 */
export function ListingEmpty({ filtered, action }: { filtered: boolean; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <PackageSearch aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="text-xl font-bold text-ink">{filtered ? 'Ürün Bulunamadı' : 'Ürün bulunamadı'}</h2>
      <p className="max-w-md text-muted">
        {filtered
          ? 'Seçtiğiniz kriterlere uygun ürün bulunamadı. Farklı filtreler deneyin ya da bazı filtreleri kaldırın.'
          : 'Bu listede şu anda ürün bulunmuyor. Farklı filtreler deneyin ya da diğer kategorilere göz atın.'}
      </p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
