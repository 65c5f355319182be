import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { ProductCard } from '~/components/product/product-card';
import { lazyHydrated } from '~/lib/lazy-component';
import type { ViewMode } from './listing-params';
import { RESULTS_GRID, SkeletonGrid } from './skeleton-grid';

// The compact table is one of three views, and not the default: its code arrives once the page
// is idle (a page opened in that view renders it on the server and hydrates it when it arrives).
const LazyCompactTable = lazyHydrated(() => import('./compact-table').then((m) => m.CompactTable), {
  clientPreload: 'idle',
  fallback: <SkeletonGrid />,
});

/** The products of a listing page in the chosen view. */
export function ProductResults({
  products,
  view,
  caption,
}: {
  products: readonly ProductCardData[];
  view: ViewMode;
  /** What is listed, for the list's label and the table's caption: "Telefon ürünleri". */
  caption: string;
}) {
  if (view === 'compact') return <LazyCompactTable products={products} caption={caption} />;
  if (view === 'list') {
    return (
      <ul aria-label={caption} className="space-y-4">
        {products.map((product, i) => (
          <li key={product._id}>
            <ProductCard product={product} variant="list" headingLevel={2} priority={i < 3} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={caption} className={RESULTS_GRID}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} headingLevel={2} priority={i < 3} />
        </li>
      ))}
    </ul>
  );
}
