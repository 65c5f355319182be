import { Link } from 'react-router';
import { ArrowRight, PackageOpen, RotateCw, TriangleAlert } from 'lucide-react';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { HOME_SECTION_SIZE } from '~/lib/ui-constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { ProductCard, ProductCardSkeleton } from '~/entities/product/components/product-card';
import { buttonClasses } from '~/components/ui/button-styles';
import { HydrateWhenIdle } from '~/lib/hydrate-when-idle';
import { SectionHeading } from './section-heading';

export type ProductSectionState =
  | { status: 'ready'; products: readonly ProductCardData[] }
  | { status: 'error'; onRetry?: () => void }
  | { status: 'loading' };

interface ProductSectionProps {
  id: string;
  title: string;
  description?: string;
  /** 'Tümünü Gör' target; omitted for sections without a listing. */
  viewAllHref?: string;
  state: ProductSectionState;
  priority?: boolean;
  /** Sections below the fold: their cards hydrate in this idle turn (lib/hydrate-when-idle). */
  hydrateTurn?: number;
}

const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4';
/** Phones swipe through a row of cards instead of scrolling past four tall ones; wider screens get a grid. */
const ROW =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 min-[480px]:mx-0 min-[480px]:grid min-[480px]:grid-cols-2 min-[480px]:gap-4 min-[480px]:overflow-visible min-[480px]:px-0 min-[480px]:pb-0 lg:grid-cols-4';

export function ProductSection({
  id,
  title,
  description,
  viewAllHref,
  state,
  priority,
  hydrateTurn,
}: ProductSectionProps) {
  const headingId = `${id}-title`;
  const cards =
    state.status === 'ready'
      ? state.products.map((product) => (
          <li
            key={product._id}
            className="w-[80%] max-w-80 shrink-0 snap-start min-[480px]:w-auto min-[480px]:max-w-none"
          >
            <ProductCard product={product} priority={priority} />
          </li>
        ))
      : null;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-32">
      <SectionHeading
        id={headingId}
        title={title}
        description={description}
        action={
          viewAllHref ? (
            <Link to={viewAllHref} className={buttonClasses('secondary', 'sm')}>
              Tümünü Gör
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          ) : undefined
        }
      />
      {state.status === 'loading' && (
        <div className={GRID} role="status" aria-label="Ürünler yükleniyor">
          {Array.from({ length: HOME_SECTION_SIZE }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      )}
      {state.status === 'error' && (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="h-8 w-8 text-warning" />
          <p className="font-medium text-ink">{catalogMessages.productsLoadError}</p>
          {state.onRetry && (
            <button type="button" onClick={state.onRetry} className={buttonClasses('outline', 'sm')}>
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              Tekrar dene
            </button>
          )}
        </div>
      )}
      {state.status === 'ready' && state.products.length === 0 && (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <PackageOpen aria-hidden="true" className="h-8 w-8 text-muted" />
          <p className="font-medium text-muted">{catalogMessages.noProductsYet}</p>
        </div>
      )}
      {state.status === 'ready' && state.products.length > 0 && (
        <ul className={ROW}>
          {hydrateTurn === undefined ? cards : <HydrateWhenIdle turn={hydrateTurn}>{cards}</HydrateWhenIdle>}
        </ul>
      )}
    </section>
  );
}
