import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import clsx from 'clsx';

export const SEARCH_INPUT_LABEL = 'Ürün, marka veya kategori ara';

/** `/search?q=<term>`; null for a blank term (a blank search does nothing). */
export function searchHref(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}

interface SearchFormProps {
  className?: string;
  /** Accessible name of the input; pages with a second search box pass their own. */
  inputLabel?: string;
  /** Name of the search landmark, distinct per search box on a page. */
  formLabel?: string;
  size?: 'md' | 'lg';
  autoFocus?: boolean;
}

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
  const [term, setTerm] = useState(urlTerm);
  const inputId = useId();

  // Keep the box in step with the URL (back/forward between searches, leaving /search).
  useEffect(() => setTerm(urlTerm), [urlTerm]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = searchHref(term);
    if (href) navigate(href);
  }

  return (
    <form role="search" aria-label={formLabel} onSubmit={onSubmit} className={clsx('relative flex w-full', className)}>
      <label htmlFor={inputId} className="sr-only">
        {inputLabel}
      </label>
      <Search
        aria-hidden="true"
        className={clsx(
          'pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted',
          size === 'lg' ? 'h-5 w-5' : 'h-4 w-4',
        )}
      />
      <input
        id={inputId}
        type="search"
        name="q"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={inputLabel}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        className={clsx(
          'w-full min-w-0 rounded-l-xl border border-r-0 border-line bg-surface-2 text-ink placeholder:text-muted focus:border-primary focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary',
          size === 'lg' ? 'h-12 pl-11 text-base' : 'h-10 pl-10 text-sm',
        )}
      />
      <button
        type="submit"
        className={clsx(
          'shrink-0 rounded-r-xl bg-primary font-semibold text-primary-ink transition-colors hover:bg-brand-700 dark:hover:bg-brand-300',
          size === 'lg' ? 'h-12 px-6 text-base' : 'h-10 px-4 text-sm',
        )}
      >
        Ara
      </button>
    </form>
  );
}
