import { describe, expect, it } from 'vitest';
import type { Category } from '@kiyasla/contracts/catalog';
import { testCategory } from '~/test/fixtures';
import { buildSitemap, sitemapEntries, STATIC_PAGES } from './sitemap';

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

  it('lists home, categories with their subcategory paths, the public pages and products', () => {
    const entries = sitemapEntries(
      [category('2', 'gaming', '1'), category('1', 'telefon', null), category('3', 'yetim', '9')],
      [{ _id: 'p1', lastmod: '2026-12-03T08:15:42.123Z' }],
    );
    expect(entries.map((e) => e.path)).toEqual([
      '/',
      '/category/telefon',
      '/category/telefon/gaming',
      ...STATIC_PAGES.map((page) => page.path),
      '/product/p1',
    ]);
  });

  it('gives a product page the time it or its prices last changed, not its creation date', () => {
    const [entry] = sitemapEntries([], [{ _id: 'p1', lastmod: '2026-12-03T08:15:42.123Z' }]).filter((e) =>
      e.path.startsWith('/product/'),
    );
    expect(entry?.lastmod).toBe('2026-12-03T08:15:42Z');
  });

  it('lists the public pages of the site and none of the forms or private pages', () => {
    const paths = sitemapEntries([], []).map((e) => e.path);
    for (const page of [
      '/stores',
      '/help',
      '/contact',
      '/privacy',
      '/privacy-policy',
      '/terms',
      '/cookies',
      '/premium-plans',
    ]) {
      expect(paths).toContain(page);
    }
    for (const page of ['/login', '/register', '/premium', '/comparison', '/search', '/favorites']) {
      expect(paths).not.toContain(page);
    }
  });
});
