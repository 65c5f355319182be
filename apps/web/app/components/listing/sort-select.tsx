import { useId } from 'react';
import { ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import { SORT_LABELS, SORT_OPTIONS, type SortOption } from '@kiyasla/contracts/constants';
import { useOptimisticValue } from './use-optimistic-value';

export function SortSelect({
  value,
  onChange,
  className,
}: {
  value: SortOption;
  onChange: (sort: SortOption) => void;
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
          const next = event.target.value as SortOption;
          setShown(next);
          onChange(next);
        }}
        className="h-10 min-w-0 flex-1 sm:flex-none rounded-lg border border-line bg-surface py-0 pr-8 pl-3 text-sm font-medium text-ink shadow-sm transition-colors hover:border-primary focus:border-primary"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {SORT_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
