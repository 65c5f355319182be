/**
 * /sitemap.xml: the home page, every category and subcategory listing and every product page.
 * Products are read 100 at a time (the API's page-size limit); fine for catalogues of a few
 * thousand products. Beyond ~50 000 URLs this must become a sitemap index.
 */
import type { AppLoadContext } from 'react-router';
import type { Category, ProductCard } from '@kiyasla/contracts/catalog';
import { MAX_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { categoryHref } from '~/entities/category/utils/categories';
import { getProductPage } from './api/get-product-page';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  priority?: number;
  changefreq?: 'daily' | 'weekly' | 'monthly';
}

/** Every product of the catalogue, 100 per request (the API's page-size limit), pages fetched in parallel. */
export async function getAllProducts(init: { context?: AppLoadContext; signal?: AbortSignal }): Promise<ProductCard[]> {
  const first = await getProductPage(1, MAX_PAGE_SIZE, init);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pagination.pages - 1) }, (_, i) =>
      getProductPage(i + 2, MAX_PAGE_SIZE, init),
    ),
  );
  return [first, ...rest].flatMap((page) => page.products);
}

/** Home, then each category and subcategory listing, then each product page. */
export function sitemapEntries(
  categories: readonly Category[],
  products: readonly Pick<ProductCard, '_id' | 'createdAt'>[],
): SitemapEntry[] {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const entries: SitemapEntry[] = [{ path: '/', priority: 1, changefreq: 'daily' }];
  // Top-level listings first, then subcategories.
  const ordered = [...categories.filter((c) => c.parent === null), ...categories.filter((c) => c.parent !== null)];
  for (const category of ordered) {
    const parent = category.parent ? byId.get(category.parent) : undefined;
    if (category.parent && !parent) continue;
    entries.push({
      path: parent ? categoryHref(parent.slug, category.slug) : categoryHref(category.slug),
      priority: parent ? 0.7 : 0.8,
      changefreq: 'daily',
    });
  }
  for (const product of products) {
    entries.push({
      path: `/product/${encodeURIComponent(product._id)}`,
      lastmod: product.createdAt.slice(0, 10),
      priority: 0.6,
      changefreq: 'daily',
    });
  }
  return entries;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function buildSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const parts = [`<loc>${escapeXml(origin + entry.path)}</loc>`];
      if (entry.lastmod) parts.push(`<lastmod>${entry.lastmod}</lastmod>`);
      if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
      if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
      return `  <url>${parts.join('')}</url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
