import { SKELETON_CARD_COUNT } from '~/lib/ui-constants';
import { ProductCardSkeleton } from '~/entities/product/components/product-card';

export const RESULTS_GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 xl:grid-cols-3';

/** Six placeholder cards while a listing loads. */
export function SkeletonGrid({ count = SKELETON_CARD_COUNT }: { count?: number }) {
  return (
    <div role="status" aria-label="Ürünler yükleniyor" className={RESULTS_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
      <span className="sr-only">Yükleniyor...</span>
    </div>
  );
}
