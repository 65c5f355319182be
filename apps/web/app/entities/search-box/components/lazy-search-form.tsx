import { memo, Suspense } from 'react';
import clsx from 'clsx';
import { lazyComponent } from '~/lib/lazy-component';
import type { SearchFormProps } from './search-form';

// The search box is server-rendered and usable as a plain input at once; its combobox code
// (suggestions, recent and trending searches) arrives after the first paint and hydrates it.
const SearchForm = lazyComponent(() => import('./search-form').then((m) => m.SearchForm), {
  clientPreload: 'module',
});

/**
 * SearchForm without its code in the initial JavaScript (as `lazyHydrated`, with a placeholder
 * of the box's own height). Memoized: re-renders of the page around it (session, counts) must
 * not disturb the pending hydration.
 */
export const LazySearchForm = memo(function LazySearchForm(props: SearchFormProps) {
  return (
    // Seen only if the code were still missing on a client render: holds the box's place.
    <Suspense
      fallback={<div aria-hidden="true" className={clsx(props.size === 'lg' ? 'h-12' : 'h-10', props.className)} />}
    >
      <SearchForm {...props} />
    </Suspense>
  );
});
