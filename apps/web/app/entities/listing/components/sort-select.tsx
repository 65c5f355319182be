import { useId } from 'react';
import { ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import { SORT_LABELS, SORT_OPTIONS } from '@kiyasla/contracts/constants';
import type { ListingSort } from '@kiyasla/contracts/constants';
import { useOptimisticValue } from '../hooks/use-optimistic-value';

const LABELS: Record<ListingSort, string> = { relevance: 'En Alakalı', ...SORT_LABELS };

export function SortSelect({
  value,
  onChange,
  options = SORT_OPTIONS,
  className,
}: {
  value: ListingSort;
  onChange: (sort: ListingSort) => void;
  /** The sorts on offer, in menu order; the catalogue's five unless given. */
  options?: readonly ListingSort[];
  className?: string;
}) {
  const id = useId();
  const [shown, setShown] = useOptimisticValue(value);
  return (
    <div className={clsx('flex items-center gap-2 sm:flex-none', className)}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-muted">
        <ArrowUpDown aria-hidden="true" className="h-4 w-4" />
        Sırala
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => {
          const next = event.target.value as ListingSort;
          setShown(next);
          onChange(next);
        }}
        className="h-10 min-w-0 flex-1 sm:flex-none rounded-lg border border-line bg-surface py-0 pr-8 pl-3 text-sm font-medium text-ink shadow-sm transition-colors hover:border-primary focus:border-primary"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
