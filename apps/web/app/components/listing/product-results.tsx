import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { ProductCard } from '~/components/product/product-card';
import { CompactTable } from './compact-table';
import type { ViewMode } from './listing-params';
import { RESULTS_GRID } from './skeleton-grid';

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
  if (view === 'compact') return <CompactTable products={products} caption={caption} />;
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
