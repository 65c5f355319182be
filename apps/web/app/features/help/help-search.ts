import { foldTurkish } from '@kiyasla/contracts/text';
import type { ArticleRef, HelpCategory } from './help-articles';

export interface HelpSearchResult {
  /** Categories whose name, description or any article matches. */
  categories: HelpCategory[];
  /** Individual articles whose title or body matches. */
  articles: ArticleRef[];
}

/** Splits a query into folded words; every word must occur for a match. */
function terms(query: string): string[] {
  return foldTurkish(query).split(/\s+/).filter(Boolean);
}

function matches(haystack: string, words: readonly string[]): boolean {
  const folded = foldTurkish(haystack);
  return words.every((word) => folded.includes(word));
}

/**
 * Filters help categories and articles with Turkish-aware folding, so "odeme" finds
 * "Ödeme" and "KARSILASTIRMA" finds "Karşılaştırma". An empty query matches everything.
 */
export function searchHelp(categories: readonly HelpCategory[], query: string): HelpSearchResult {
  const words = terms(query);
  if (words.length === 0) {
    return {
      categories: [...categories],
      articles: categories.flatMap((category) => category.articles.map((article) => ({ category, article }))),
    };
  }

  const articles: ArticleRef[] = [];
  const matchedCategories: HelpCategory[] = [];
  for (const category of categories) {
    const categoryMatches = matches(`${category.name} ${category.description}`, words);
    const articleMatches = category.articles.filter((article) =>
      matches(`${article.title} ${article.body.join(' ')}`, words),
    );
    if (categoryMatches || articleMatches.length > 0) matchedCategories.push(category);
    for (const article of articleMatches) articles.push({ category, article });
  }
  articles.sort((a, b) => b.article.views - a.article.views);
  return { categories: matchedCategories, articles };
}
