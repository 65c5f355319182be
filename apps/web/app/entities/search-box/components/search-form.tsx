import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search, X } from 'lucide-react';
import clsx from 'clsx';
import { useTrendingSearches } from '../api/get-trending-searches';
import { activeOption, comboboxReducer, initialComboboxState } from '../utils/search-combobox-state';
import {
  emptyBoxGroups,
  flattenOptions,
  optionTarget,
  suggestionGroups,
  type SearchOption,
} from '../utils/search-options';
import { SEARCH_TERM_MAX_LENGTH, searchHref } from '../utils/search-href';
import { clearRecentSearches, recordRecentSearch, removeRecentSearch, useRecentSearches } from '../utils/search-recent';
import { useSearchSuggestions } from '../hooks/use-search-suggestions';
import { lazyComponent } from '~/lib/lazy-component';

// The dropdown shows only after the box is used: its code arrives once the page is idle (or on
// first use, if that comes sooner).
const SearchDropdown = lazyComponent(() => import('./search-dropdown').then((m) => m.SearchDropdown), {
  clientPreload: 'idle',
});

/** The dropdown as it is while closed, rendered until its code is there. */
function ClosedDropdown({ listboxId, label }: { listboxId: string; label: string }) {
  return (
    <div hidden>
      <div id={listboxId} role="listbox" aria-label={label} />
    </div>
  );
}

export const SEARCH_INPUT_LABEL = 'Ürün, marka veya kategori ara';

export interface SearchFormProps {
  className?: string;
  /** Accessible name of the input; pages with a second search box pass their own. */
  inputLabel?: string;
  /** Name of the search landmark, distinct per search box on a page. */
  formLabel?: string;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
}

/**
 * A search box with a suggestion dropdown (the ARIA combobox pattern): suggestions while
 * typing, recent and trending searches when focused empty. Enter or 'Ara' searches for the
 * text (a blank search does nothing); Enter on an active option opens it.
 */
export function SearchForm({
  className,
  inputLabel = SEARCH_INPUT_LABEL,
  formLabel = 'Ürün arama',
  size = 'md',
  autoFocus,
}: SearchFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const urlTerm = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const [state, dispatch] = useReducer(comboboxReducer, urlTerm, initialComboboxState);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;

  // What was typed before the page was hydrated is in the box but not in the state (hydration
  // keeps the box's text): it is taken, so that Enter searches for what the box shows. Only the
  // hydrated box can differ from its state; later renders write the state into it.
  const address = `${location.pathname}${location.search}`;
  const hydratedAt = useRef({ address, term: urlTerm });
  const typedBeforeHydrationAt = useRef<string | null>(null);
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box || box.value === hydratedAt.current.term) return;
    typedBeforeHydrationAt.current = hydratedAt.current.address;
    dispatch({ type: document.activeElement === box ? 'typed' : 'synced', term: box.value });
  }, []);

  // Every navigation resets the box to the address: the term on /search (back/forward
  // between searches), empty elsewhere (a product opened from a suggestion). On the address the
  // page was hydrated at, a term typed before stays.
  useEffect(() => {
    if (typedBeforeHydrationAt.current === address) return;
    typedBeforeHydrationAt.current = null;
    dispatch({ type: 'synced', term: urlTerm });
  }, [urlTerm, address]);

  // Trending terms are requested (and the dropdown rendered) the first time the box opens,
  // then kept for the visit.
  const [wasOpened, setWasOpened] = useState(false);
  if (state.open && !wasOpened) setWasOpened(true);

  const typed = state.term.trim() !== '';
  const recent = useRecentSearches();
  const trending = useTrendingSearches(wasOpened);
  const suggestions = useSearchSuggestions(state.term, state.open && typed);

  const groups = useMemo(
    () => (typed ? suggestionGroups(suggestions.suggestions, state.term) : emptyBoxGroups(recent, trending.terms)),
    [typed, suggestions.suggestions, state.term, recent, trending.terms],
  );
  const options = useMemo(() => flattenOptions(groups), [groups]);
  const keys = useMemo(() => options.map((o) => o.key), [options]);
  const active = activeOption(state, options);
  const trendingLoading = !typed && trending.loading;
  const dropdownLabel = typed ? 'Arama önerileri' : 'Son ve popüler aramalar';
  // An empty box with nothing to offer (no history, trending unavailable) stays closed.
  const expanded = state.open && (options.length > 0 || typed || trendingLoading);

  const optionId = useCallback((key: string) => `${baseId}-option-${encodeURIComponent(key)}`, [baseId]);

  function go(href: string, searchTerm: string | null) {
    if (searchTerm) recordRecentSearch(searchTerm);
    dispatch({ type: 'closed' });
    // On phones this also puts the keyboard away, uncovering the page that opens.
    inputRef.current?.blur();
    void navigate(href);
  }

  function pick(option: SearchOption) {
    const target = optionTarget(option);
    if (target) go(target.href, target.searchTerm);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = searchHref(state.term);
    if (href) go(href, state.term.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        dispatch({ type: 'moved', step: event.key === 'ArrowDown' ? 1 : -1, keys });
        break;
      case 'Enter':
        // With an active option Enter opens it; otherwise the form submits the text.
        if (active) {
          event.preventDefault();
          pick(active);
        }
        break;
      case 'Escape':
        if (state.open || state.term) event.preventDefault();
        dispatch({ type: 'escaped' });
        break;
      case 'Delete':
        if (active?.kind === 'recent') {
          event.preventDefault();
          removeRecentSearch(active.term);
        }
        break;
      case 'Tab':
        dispatch({ type: 'closed' });
        break;
    }
  }

  return (
    // `action`: before its code has arrived (or without JavaScript) the box still searches.
    <form
      role="search"
      action="/search"
      aria-label={formLabel}
      onSubmit={onSubmit}
      className={clsx('relative flex w-full', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        {inputLabel}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className={clsx(
            'pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted',
            size === 'lg' ? 'h-5 w-5' : 'h-4 w-4',
          )}
        />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active ? optionId(active.key) : undefined}
          value={state.term}
          onChange={(event) => dispatch({ type: 'typed', term: event.target.value })}
          onFocus={() => dispatch({ type: 'opened' })}
          onClick={() => dispatch({ type: 'opened' })}
          onBlur={() => dispatch({ type: 'closed' })}
          onKeyDown={onKeyDown}
          placeholder={inputLabel}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          autoFocus={autoFocus}
          className={clsx(
            'w-full min-w-0 rounded-l-xl border border-r-0 border-line bg-surface-2 text-ink placeholder:text-muted focus:border-primary focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary',
            size === 'lg' ? 'h-12 pr-11 pl-11 text-base' : 'h-10 pr-10 pl-10 text-sm',
          )}
        />
        {state.term && (
          <button
            type="button"
            aria-label="Aramayı temizle"
            title="Temizle"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              dispatch({ type: 'typed', term: '' });
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-1.5 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-ink"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      <button
        type="submit"
        className={clsx(
          'shrink-0 rounded-r-xl bg-primary font-semibold text-primary-ink transition-colors hover:bg-brand-700 dark:hover:bg-brand-300',
          size === 'lg' ? 'h-12 px-6 text-base' : 'h-10 px-4 text-sm',
        )}
      >
        Ara
      </button>
      {wasOpened ? (
        <Suspense fallback={<ClosedDropdown listboxId={listboxId} label={dropdownLabel} />}>
          <SearchDropdown
            listboxId={listboxId}
            label={dropdownLabel}
            open={expanded}
            mode={typed ? 'suggestions' : 'empty-box'}
            groups={groups}
            activeKey={active?.key ?? null}
            term={state.term}
            suggestionsStatus={suggestions.status}
            trendingLoading={trendingLoading}
            optionId={optionId}
            onPick={pick}
            onHover={(key) => dispatch({ type: 'hovered', key })}
            onRemoveRecent={removeRecentSearch}
            onClearRecent={clearRecentSearches}
          />
        </Suspense>
      ) : (
        <ClosedDropdown listboxId={listboxId} label={dropdownLabel} />
      )}
      <p aria-live="polite" className="sr-only">
        {expanded && typed && suggestions.status === 'ready'
          ? options.length > 1
            ? `${options.length - 1} öneri var. Seçmek için yukarı ve aşağı ok tuşlarını kullanın.`
            : 'Öneri bulunamadı.'
          : ''}
      </p>
    </form>
  );
}
