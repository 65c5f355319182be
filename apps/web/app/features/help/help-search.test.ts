import { describe, expect, it } from 'vitest';
import { HELP_CATEGORIES, popularArticles } from './help-articles';
import { searchHelp } from './help-search';

describe('searchHelp', () => {
  it('returns every category and article for a blank query', () => {
    const result = searchHelp(HELP_CATEGORIES, '   ');
    expect(result.categories).toHaveLength(6);
    expect(result.articles).toHaveLength(24);
  });

  it('folds Turkish letters and case in both directions', () => {
    const ascii = searchHelp(HELP_CATEGORIES, 'KARSILASTIRMA');
    expect(ascii.categories.map((c) => c.slug)).toContain('karsilastirma');

    const turkish = searchHelp(HELP_CATEGORIES, 'ödeme');
    const plain = searchHelp(HELP_CATEGORIES, 'odeme');
    expect(turkish.articles.map((a) => a.article.id)).toEqual(plain.articles.map((a) => a.article.id));
    expect(plain.articles.map((a) => a.article.id)).toContain('odeme-guvenligi');
  });

  it('requires every word of the query to match', () => {
    const result = searchHelp(HELP_CATEGORIES, 'alarm hedef fiyat');
    expect(result.articles.length).toBeGreaterThan(0);
    expect(result.categories.map((c) => c.slug)).toContain('fiyat-alarmlari');
    expect(searchHelp(HELP_CATEGORIES, 'alarm zzzz').articles).toHaveLength(0);
  });

  it('finds nothing for an unrelated query', () => {
    const result = searchHelp(HELP_CATEGORIES, 'uzay mekiği');
    expect(result.categories).toHaveLength(0);
    expect(result.articles).toHaveLength(0);
  });
});

describe('help content', () => {
  it('has six categories of four articles with unique ids', () => {
    expect(HELP_CATEGORIES).toHaveLength(6);
    const ids = HELP_CATEGORIES.flatMap((c) => c.articles.map((a) => a.id));
    for (const category of HELP_CATEGORIES) expect(category.articles).toHaveLength(4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists popular articles by view count, most viewed first', () => {
    const views = popularArticles().map((ref) => ref.article.views);
    expect(views).toHaveLength(5);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });
});
