import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { findCategory } from '../help-articles';
import { CategoryDetail } from './category-detail';
import { HelpHero } from './help-hero';
import { HelpOverview } from './help-overview';
import { HelpSearchResults } from './help-search-results';
import { UnknownCategory } from './unknown-category';

/**
 * Help centre page. The selected category (`?kategori=`) and open article (`?makale=`)
 * live in the URL so views are shareable and the back button works; the search text is
 * local and is cleared whenever the location changes (e.g. a result is opened).
 */
export function HelpCenter() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState({ locationKey: location.key, text: '' });
  const query = search.locationKey === location.key ? search.text : '';

  const categorySlug = searchParams.get('kategori');
  const category = findCategory(categorySlug);
  const openArticleId = searchParams.get('makale');

  function setQuery(text: string) {
    setSearch({ locationKey: location.key, text });
  }

  function toggleArticle(articleId: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (next.get('makale') === articleId) next.delete('makale');
        else next.set('makale', articleId);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  let content;
  if (query.trim()) content = <HelpSearchResults query={query} onClear={() => setQuery('')} />;
  else if (category)
    content = <CategoryDetail category={category} openArticleId={openArticleId} onToggleArticle={toggleArticle} />;
  else if (categorySlug) content = <UnknownCategory />;
  else content = <HelpOverview />;

  return (
    <div>
      <HelpHero query={query} onQueryChange={setQuery} compact={Boolean(category)} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">{content}</div>
    </div>
  );
}
