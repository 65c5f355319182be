import { describe, expect, it } from 'vitest';
import type { Category } from '@kiyasla/contracts/catalog';
import { testCategory } from '~/test/fixtures';
import {
  buildSitemap,
  buildSitemapIndex,
  pageEntries,
  parseSitemapFile,
  productEntries,
  STATIC_PAGES,
} from './sitemap';

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

describe('buildSitemapIndex', () => {
  it('lists the pages’ file, then each part of the product pages with its latest change', () => {
    const xml = buildSitemapIndex('https://kiyasla.example', [
      { part: 1, count: 10_000, lastmod: '2026-12-03T08:15:42.123Z' },
      { part: 2, count: 17, lastmod: '2026-12-04T21:00:00.000Z' },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<sitemap>(.*?)<\/sitemap>/g)].map((m) => m[1])).toEqual([
      '<loc>https://kiyasla.example/sitemaps/pages.xml</loc>',
      '<loc>https://kiyasla.example/sitemaps/products-1.xml</loc><lastmod>2026-12-03T08:15:42Z</lastmod>',
      '<loc>https://kiyasla.example/sitemaps/products-2.xml</loc><lastmod>2026-12-04T21:00:00Z</lastmod>',
    ]);
  });

  it('names the files its addresses serve', () => {
    expect(parseSitemapFile('pages.xml')).toEqual({ kind: 'pages' });
    expect(parseSitemapFile('products-1.xml')).toEqual({ kind: 'products', part: 1 });
    expect(parseSitemapFile('products-120.xml')).toEqual({ kind: 'products', part: 120 });
    for (const file of ['products-0.xml', 'products-01.xml', 'products-1', 'products-x.xml', 'pages', 'other.xml']) {
      expect(parseSitemapFile(file), file).toBeNull();
    }
  });
});

describe('pageEntries and productEntries', () => {
  const category = (id: string, slug: string, parent: string | null): Category =>
    testCategory(id, slug, parent, { productCount: 1 });

  it('lists home, categories with their subcategory paths, then the public pages', () => {
    const entries = pageEntries([
      category('2', 'gaming', '1'),
      category('1', 'telefon', null),
      category('3', 'yetim', '9'),
    ]);
    expect(entries.map((e) => e.path)).toEqual([
      '/',
      '/category/telefon',
      '/category/telefon/gaming',
      ...STATIC_PAGES.map((page) => page.path),
    ]);
  });

  it('gives a product page the time it or its prices last changed, not its creation date', () => {
    expect(productEntries([{ _id: 'p1', lastmod: '2026-12-03T08:15:42.123Z' }])).toEqual([
      { path: '/product/p1', lastmod: '2026-12-03T08:15:42Z', priority: 0.6, changefreq: 'daily' },
    ]);
  });

  it('lists the public pages of the site and none of the forms or private pages', () => {
    const paths = pageEntries([]).map((e) => e.path);
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
