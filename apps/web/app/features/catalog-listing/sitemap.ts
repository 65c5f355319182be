/**
 * /sitemap.xml: the home page, every category and subcategory listing, the public pages of the
 * site and every product page. Beyond ~50 000 URLs this must become a sitemap index.
 */
import type { Category, SitemapProduct } from '@kiyasla/contracts/catalog';
import { categoryHref } from '~/entities/category/utils/categories';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  priority?: number;
  changefreq?: 'daily' | 'weekly' | 'monthly';
}

/**
 * The site's own public pages that answer 200 and are indexed (their canonical link is their own
 * address). Not listed: /premium (its canonical is /premium-plans), the forms (/login, /register,
 * the password pages), /comparison and /search (noindex) and the signed-in pages.
 */
export const STATIC_PAGES: readonly SitemapEntry[] = [
  { path: '/stores', priority: 0.5, changefreq: 'weekly' },
  { path: '/premium-plans', priority: 0.4, changefreq: 'monthly' },
  { path: '/help', priority: 0.3, changefreq: 'monthly' },
  { path: '/contact', priority: 0.3, changefreq: 'monthly' },
  { path: '/privacy', priority: 0.2, changefreq: 'monthly' },
  { path: '/privacy-policy', priority: 0.2, changefreq: 'monthly' },
  { path: '/terms', priority: 0.2, changefreq: 'monthly' },
  { path: '/cookies', priority: 0.2, changefreq: 'monthly' },
];

/** Home, then each category and subcategory listing, the site's public pages, then each product page. */
export function sitemapEntries(categories: readonly Category[], products: readonly SitemapProduct[]): SitemapEntry[] {
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
  entries.push(...STATIC_PAGES);
  for (const product of products) {
    entries.push({
      path: `/product/${encodeURIComponent(product._id)}`,
      // When the product or its prices last changed (the API's `lastmod`), to the second in UTC.
      lastmod: `${product.lastmod.slice(0, 19)}Z`,
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
