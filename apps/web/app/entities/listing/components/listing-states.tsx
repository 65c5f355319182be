import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Crown, PackageSearch, RotateCw, TriangleAlert } from 'lucide-react';
import { ADVANCED_FILTERS_PREMIUM_MESSAGE } from '@kiyasla/contracts/catalog-constants';
import { buttonClasses } from '~/components/ui/button-styles';

/**
 * The error panel titled 'Hata' with the failure message and a retry; with `onRemoveAdvanced`,
 * the listing's premium filters were refused instead (ListingPremiumRequired).
 */
export function ListingError({
  message,
  onRetry,
  onRemoveAdvanced,
}: {
  message?: string;
  onRetry?: () => void;
  onRemoveAdvanced?: () => void;
}) {
  if (onRemoveAdvanced) return <ListingPremiumRequired onRemoveFilters={onRemoveAdvanced} />;
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

/**
 * The listing asked for premium advanced filters and the caller's plan has none (the API's 403):
 * 'Premium Gerekli' with the way to the plans, and to the list without those filters.
 */
export function ListingPremiumRequired({ onRemoveFilters }: { onRemoveFilters: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-14 text-center shadow-sm"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-warning/15 text-warning">
        <Crown aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="text-xl font-bold text-ink">Premium Gerekli</h2>
      <p className="max-w-md text-muted">{ADVANCED_FILTERS_PREMIUM_MESSAGE}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Link to="/premium-plans" className={buttonClasses('primary', 'md')}>
          Premium Planları Gör
        </Link>
        <button type="button" onClick={onRemoveFilters} className={buttonClasses('outline', 'md')}>
          Gelişmiş filtreleri kaldır
        </button>
      </div>
    </div>
  );
}
