import type { ProductCard } from '@kiyasla/contracts/catalog';
import { ComparisonDemo } from './comparison-demo';
import { PremiumPromo } from './premium-promo';
import { PriceAlertDemo } from './price-alert-demo';

/** The home page below its product sections: the price-alert and comparison demos, then Premium. */
export function LaterSections({
  alertProduct,
  comparisonProducts,
}: {
  alertProduct: ProductCard | null;
  comparisonProducts: readonly ProductCard[];
}) {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-2">
        <PriceAlertDemo product={alertProduct} />
        <ComparisonDemo products={comparisonProducts} />
      </div>

      <PremiumPromo />
    </>
  );
}
