import { Skeleton } from '~/components/ui/skeleton';
import { lazyHydrated } from '~/lib/lazy-component';

/** Only seen when the panel's code is still on its way during a client-side navigation. */
function FilterPanelPlaceholder() {
  return (
    <div className="space-y-3 py-2" aria-hidden="true">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * The filter panel without its code in the listing pages' initial JavaScript (it is hidden on
 * phones and tablets): the server renders it in full, and the browser keeps that HTML until the
 * code has arrived, then hydrates it. Listing pages request the code as soon as their own has
 * loaded: on a first visit it arrives during hydration, on a client-side navigation usually
 * before the page's data. Callers pass stable props (`onChange` from useCallback).
 */
export const LazyFilterPanel = lazyHydrated(() => import('./filter-panel').then((m) => m.FilterPanel), {
  fallback: <FilterPanelPlaceholder />,
});
