import { memo, type ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { ProductCard } from '~/entities/product/components/product-card';
import { HydrateWhenIdle } from '~/lib/hydrate-when-idle';
import { lazyHydrated } from '~/lib/lazy-component';
import type { ViewMode } from '../utils/listing-params';
import { RESULTS_GRID, SkeletonGrid } from './skeleton-grid';

// The compact table is one of three views, and not the default: its code arrives once the page
// is idle (a page opened in that view renders it on the server and hydrates it when it arrives).
const LazyCompactTable = lazyHydrated(() => import('./compact-table').then((m) => m.CompactTable), {
  clientPreload: 'idle',
  fallback: <SkeletonGrid />,
});

/** Cards hydrate after the rest of the page, two per idle turn (lib/hydrate-when-idle). */
const CARDS_PER_TURN = 2;

function inTurns<T>(items: readonly T[], render: (item: T, index: number) => ReactNode): ReactNode[] {
  const turns: ReactNode[] = [];
  for (let from = 0; from < items.length; from += CARDS_PER_TURN) {
    turns.push(
      <HydrateWhenIdle key={`turn-${from}`} turn={from / CARDS_PER_TURN}>
        {items.slice(from, from + CARDS_PER_TURN).map((item, i) => render(item, from + i))}
      </HydrateWhenIdle>,
    );
  }
  return turns;
}

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
  if (view === 'list') {
    return (
      <ul aria-label={caption} className="space-y-4">
        {inTurns(products, (product, i) => (
          <li key={product._id}>
            <ProductCard product={product} variant="list" headingLevel={2} priority={i < 3} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={caption} className={RESULTS_GRID}>
      {inTurns(products, (product, i) => (
        <li key={product._id}>
          <ProductCard product={product} headingLevel={2} priority={i < 3} />
        </li>
      ))}
    </ul>
  );
});
