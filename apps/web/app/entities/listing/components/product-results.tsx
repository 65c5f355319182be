import { memo } from 'react';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { ProductCard } from '~/entities/product/components/product-card';
import { lazyHydrated } from '~/lib/lazy-component';
import type { ViewMode } from '../utils/listing-params';
import { cardsInTurns } from './cards-in-turns';
import { RESULTS_GRID, SkeletonGrid } from './skeleton-grid';

// The list and compact views are two of three, and not the default: their code arrives once the
// page is idle (a page opened in one of them renders it on the server and hydrates it when it
// arrives).
const LazyCompactTable = lazyHydrated(() => import('./compact-table').then((m) => m.CompactTable), {
  clientPreload: 'idle',
  fallback: <SkeletonGrid />,
});
const LazyListResults = lazyHydrated(() => import('./product-list-results').then((m) => m.ProductListResults), {
  clientPreload: 'idle',
  fallback: <SkeletonGrid />,
});

/**
 * The products of a listing page in the chosen view. Memoized: the page re-renders after
 * hydration (router state), and the cards still waiting for their turn must not see new props
 * (React would then render them afresh instead of hydrating them).
 */
export const ProductResults = memo(function ProductResults({
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
  if (view === 'list') return <LazyListResults products={products} caption={caption} />;
  return (
    <ul aria-label={caption} className={RESULTS_GRID}>
      {cardsInTurns(products, (product, i) => (
        <li key={product._id}>
          <ProductCard product={product} headingLevel={2} priority={i < 3} />
        </li>
      ))}
    </ul>
  );
});
