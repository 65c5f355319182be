import { Check, GitCompareArrows } from 'lucide-react';
import clsx from 'clsx';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';
import { addToComparison, removeFromComparison, useComparisonList } from '~/lib/comparison-list';
import { toast } from '~/lib/toast';

/** Adds the product to, or removes it from, the session comparison list, with the spec's toasts. */
export function toggleComparison(product: ProductCard, inList: boolean): void {
  if (inList) {
    removeFromComparison(product._id);
    toast.success('Ürün karşılaştırmadan çıkarıldı', product.name);
    return;
  }
  const result = addToComparison(product, DEFAULT_MAX_COMPARISON_ITEMS);
  if (result === 'added') toast.success('Ürün karşılaştırmaya eklendi', product.name);
  else if (result === 'duplicate') toast.info('Bu ürün zaten karşılaştırma listesinde');
  else toast.warning(`En fazla ${DEFAULT_MAX_COMPARISON_ITEMS} ürün karşılaştırabilirsiniz`);
}

export function CompareButton({
  product,
  className,
  iconOnly = false,
}: {
  product: ProductCard;
  className?: string;
  /** Dense places (table rows): the icon alone, the text becomes the accessible name. */
  iconOnly?: boolean;
}) {
  const list = useComparisonList();
  const inList = list.some((p) => p._id === product._id);
  const label = inList ? 'Karşılaştırmadan Çıkar' : 'Karşılaştır';
  return (
    <button
      type="button"
      onClick={() => toggleComparison(product, inList)}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      aria-pressed={iconOnly ? inList : undefined}
      className={clsx(
        'inline-flex h-9 items-center justify-center gap-2 rounded-lg border text-sm font-semibold transition-colors',
        iconOnly ? 'w-9' : 'px-3',
        inList
          ? 'border-primary bg-primary-soft text-primary hover:bg-brand-100 dark:hover:bg-brand-900'
          : 'border-line bg-surface text-ink hover:border-primary hover:text-primary',
        className,
      )}
    >
      {inList ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <GitCompareArrows aria-hidden="true" className="h-4 w-4" />
      )}
      {!iconOnly && label}
    </button>
  );
}
