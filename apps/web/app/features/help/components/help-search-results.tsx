import { Eye, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatViews, HELP_CATEGORIES } from '../help-articles';
import { articleHref } from '../help-links';
import { searchHelp } from '../help-search';
import { CategoryCard } from './category-card';

interface HelpSearchResultsProps {
  query: string;
  onClear: () => void;
}

export function HelpSearchResults({ query, onClear }: HelpSearchResultsProps) {
  const { categories, articles } = searchHelp(HELP_CATEGORIES, query);
  const trimmed = query.trim();

  if (categories.length === 0 && articles.length === 0) {
    return (
      <section
        aria-labelledby="help-empty-title"
        className="mx-auto max-w-xl rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center"
      >
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
          <SearchX className="size-7" aria-hidden="true" />
        </span>
        <h2 id="help-empty-title" className="mt-4 text-xl font-semibold text-ink">
          Sonuç Bulunamadı
        </h2>
        <p className="mt-2 text-muted">
          “{trimmed}” ile eşleşen bir yardım makalesi bulamadık. Farklı veya daha kısa anahtar kelimeler deneyin ya da
          destek ekibimize yazın.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={onClear} className={buttonClasses('outline')}>
            Tüm Kategorileri Göster
          </button>
          <Link to="/contact" className={buttonClasses('primary')}>
            Bize Ulaşın
          </Link>
        </div>
      </section>
    );
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="help-results-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="help-results-title" className="text-xl font-semibold text-ink">
            “{trimmed}” için sonuçlar
          </h2>
          <p role="status" className="text-sm text-muted">
            {articles.length} makale, {categories.length} kategori bulundu
          </p>
        </div>
        {articles.length > 0 ? (
          <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
            {articles.map(({ category, article }) => (
              <li key={article.id}>
                <Link
                  to={articleHref(category.slug, article.id)}
                  className="block px-5 py-4 transition hover:bg-surface-2 sm:px-6"
                >
                  <span className="block font-medium text-ink">{article.title}</span>
                  <span className="mt-1 line-clamp-2 block text-sm text-muted">{article.body[0]}</span>
                  <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary">
                      {category.name}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Eye className="size-3.5" aria-hidden="true" />
                      {formatViews(article.views)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-muted">Makale başlıklarında eşleşme yok; ilgili kategorilere göz atabilirsiniz.</p>
        )}
      </section>

      {categories.length > 0 && (
        <section aria-labelledby="help-result-categories-title">
          <h2 id="help-result-categories-title" className="text-xl font-semibold text-ink">
            İlgili kategoriler
          </h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => (
              <CategoryCard key={category.slug} category={category} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
