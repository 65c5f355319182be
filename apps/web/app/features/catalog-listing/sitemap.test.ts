import { describe, expect, it } from 'vitest';
import type { Category } from '@kiyasla/contracts/catalog';
import { testCategory } from '~/test/fixtures';
import { buildSitemap, sitemapEntries } from './sitemap';

describe('buildSitemap', () => {
  it('lists absolute, escaped, unique URLs', () => {
    const xml = buildSitemap('https://kiyasla.example', [
      { path: '/', priority: 1 },
      { path: '/category/telefon', changefreq: 'daily' },
      { path: '/category/telefon' },
      { path: '/product/a&b', lastmod: '2026-01-02' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://kiyasla.example/</loc><priority>1.0</priority>');
    expect(xml.match(/category\/telefon/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://kiyasla.example/product/a&amp;b</loc><lastmod>2026-01-02</lastmod>');
  });
});

describe('sitemapEntries', () => {
  const category = (id: string, slug: string, parent: string | null): Category =>
    testCategory(id, slug, parent, { productCount: 1 });

  it('lists home, categories with their subcategory paths and products', () => {
    const entries = sitemapEntries(
      [category('2', 'gaming', '1'), category('1', 'telefon', null), category('3', 'yetim', '9')],
      [{ _id: 'p1', createdAt: '2026-02-03T10:00:00.000Z' }],
    );
    expect(entries.map((e) => e.path)).toEqual(['/', '/category/telefon', '/category/telefon/gaming', '/product/p1']);
    expect(entries.at(-1)?.lastmod).toBe('2026-02-03');
  });
});
