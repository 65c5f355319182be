import { LifeBuoy, Search, X } from 'lucide-react';
import { useId } from 'react';

const SUGGESTIONS = ['Fiyat alarmı', 'Premium', 'İade', 'Şifre', 'Karşılaştırma'] as const;

interface HelpHeroProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Smaller hero for the category view, where the articles matter more than the welcome text. */
  compact?: boolean;
}

export function HelpHero({ query, onQueryChange, compact = false }: HelpHeroProps) {
  const inputId = useId();

  return (
    <section className="relative overflow-hidden bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-400/20 blur-3xl"
      />
      <div
        className={`relative mx-auto max-w-3xl px-4 text-center sm:px-6 ${compact ? 'py-8 sm:py-10' : 'py-12 sm:py-16'}`}
      >
        {!compact && (
          <span className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
            <LifeBuoy className="size-4" aria-hidden="true" />
            Kıyasla Destek
          </span>
        )}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Yardım Merkezi</h1>
        {!compact && (
          <p className="mt-3 text-base text-brand-100 sm:text-lg">
            Size nasıl yardımcı olabiliriz? Sorunuzu yazın ya da aşağıdaki kategorilere göz atın.
          </p>
        )}

        <form role="search" className={compact ? 'mt-6' : 'mt-8'} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="sr-only">
            Yardım makalelerinde ara
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id={inputId}
              type="search"
              value={query}
              onChange={(event) => onQueryChange(event.target.value)}
              placeholder="Örn. fiyat alarmı, iade, şifre"
              autoComplete="off"
              className="h-14 w-full rounded-2xl border border-transparent bg-surface pr-12 pl-12 text-base text-ink shadow-lg shadow-brand-900/20 placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&::-webkit-search-cancel-button]:hidden"
            />
            {query && (
              <button
                type="button"
                onClick={() => onQueryChange('')}
                aria-label="Aramayı temizle"
                className="absolute top-1/2 right-3 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
        </form>

        <div
          className={`mt-4 flex-wrap items-center justify-center gap-2 text-sm ${compact ? 'hidden sm:flex' : 'flex'}`}
        >
          <span className="text-brand-100">Sık arananlar:</span>
          {SUGGESTIONS.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              onClick={() => onQueryChange(suggestion)}
              className="rounded-full bg-white/15 px-3 py-1 font-medium text-white transition hover:bg-white/25 focus-visible:outline-white"
            >
              {suggestion}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
