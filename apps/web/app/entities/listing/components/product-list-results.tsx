import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { ProductListCard } from '~/entities/product/components/product-list-card';
import { cardsInTurns } from './cards-in-turns';

/** The list view: one wide row per product. */
export function ProductListResults({ products, caption }: { products: readonly ProductCardData[]; caption: string }) {
  return (
    <ul aria-label={caption} className="space-y-4">
      {cardsInTurns(products, (product, i) => (
        <li key={product._id}>
          <ProductListCard product={product} headingLevel={2} priority={i < 3} />
        </li>
      ))}
    </ul>
  );
}
