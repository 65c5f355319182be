import { useMemo } from 'react';
import { X } from 'lucide-react';
import clsx from 'clsx';
import type { Facets } from '@kiyasla/contracts/catalog';
import { buildFilterChips, type FilterChip } from '../utils/filter-chips';
import type { ListingState } from '../utils/listing-params';

/** The "Aktif Filtreler" panel: one removable chip per filter of `state` and 'Tümünü Temizle'. */
export function ActiveFilters({
  state,
  facets,
  onRemove,
  onClearAll,
  className,
}: {
  state: ListingState;
  /** For the labels of the chips (brand and store names). */
  facets: Facets | null;
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
  className?: string;
}) {
  const chips = useMemo(() => buildFilterChips(state, facets), [state, facets]);
  if (chips.length === 0) return null;
  return (
    <section
      aria-labelledby="active-filters-title"
      className={clsx('rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-4', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="active-filters-title" className="text-sm font-semibold text-ink">
          Aktif Filtreler <span className="font-normal text-muted">({chips.length})</span>
        </h2>
        <button
          type="button"
          onClick={onClearAll}
          className="rounded-md px-2 py-1 text-sm font-semibold text-primary transition-colors hover:bg-primary-soft"
        >
          Tümünü Temizle
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.id}>
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={`${chip.group}: ${chip.label} filtresini kaldır`}
              className="group inline-flex max-w-full items-center gap-1.5 rounded-full border border-primary/30 bg-primary-soft py-1 pr-1.5 pl-3 text-sm text-primary transition-colors hover:border-primary"
            >
              <span className="truncate">
                <span className="font-normal">{chip.group}:</span> <span className="font-semibold">{chip.label}</span>
              </span>
              <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-primary/10 transition-colors group-hover:bg-primary group-hover:text-primary-ink">
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
