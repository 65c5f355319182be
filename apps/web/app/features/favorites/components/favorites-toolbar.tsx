import { useId } from 'react';
import { ArrowUpDown, Search, X } from 'lucide-react';
import { ViewSwitcher } from '~/entities/listing/components/view-switcher';
import type { ViewMode } from '~/entities/listing/utils/listing-params';
import { FAVORITE_SORT_LABELS, FAVORITE_SORTS, isFavoriteSort, type FavoriteSort } from '../utils/favorites-view';

/** Search box, sort menu (date added, price, name) and the grid/list/compact switch. */
export function FavoritesToolbar({
  query,
  onQueryChange,
  sort,
  onSortChange,
  view,
  onViewChange,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  sort: FavoriteSort;
  onSortChange: (sort: FavoriteSort) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
}) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:flex-row sm:items-center">
      <div role="search" className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
        />
        <input
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Favorilerde ara…"
          aria-label="Favorilerde ara"
          className="h-10 w-full rounded-lg border border-line bg-page pr-9 pl-9 text-sm text-ink placeholder:text-muted focus:border-primary [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button
            type="button"
            onClick={() => onQueryChange('')}
            aria-label="Aramayı temizle"
            className="absolute top-1/2 right-1.5 inline-flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-ink"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-muted">
          <ArrowUpDown aria-hidden="true" className="h-4 w-4" />
          <span className="max-sm:sr-only">Sırala</span>
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => {
            if (isFavoriteSort(event.target.value)) onSortChange(event.target.value);
          }}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface py-0 pr-8 pl-3 text-sm font-medium text-ink shadow-sm transition-colors hover:border-primary focus:border-primary sm:flex-none"
        >
          {FAVORITE_SORTS.map((option) => (
            <option key={option} value={option}>
              {FAVORITE_SORT_LABELS[option]}
            </option>
          ))}
        </select>
        <ViewSwitcher value={view} onChange={onViewChange} className="shrink-0" />
      </div>
    </div>
  );
}
