import { ArrowDown, ArrowUp } from 'lucide-react';
import clsx from 'clsx';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { formatPercent } from '~/lib/format';

/** The price-change arrow with its percentage (hidden without a change). */
export function PriceChangeBadge({ change }: { change: NonNullable<ProductCardData['priceChange']> }) {
  if (!(change.percentage > 0)) return null;
  const down = change.type === 'down';
  const Icon = down ? ArrowDown : ArrowUp;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 text-xs font-semibold',
        down ? 'bg-success/5 text-success' : 'bg-danger/10 text-danger',
      )}
    >
      <Icon aria-hidden="true" className="h-3 w-3" />
      <span className="sr-only">{down ? 'Fiyat düştü:' : 'Fiyat arttı:'} </span>
      {formatPercent(change.percentage)}
    </span>
  );
}
