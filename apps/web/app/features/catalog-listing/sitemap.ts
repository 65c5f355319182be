/**
 * The sitemap (sitemaps.org 0.9): /sitemap.xml is an index of /sitemaps/pages.xml (the home page,
 * every category and subcategory listing, the public pages of the site) and one
 * /sitemaps/products-N.xml per part of the product pages (the API cuts them, `GET
 * /sitemap/products`), so a catalogue of any size stays within a file's 50,000 URLs and 50 MB.
 */
import type { Category, SitemapPart, SitemapProduct } from '@kiyasla/contracts/catalog';
import { categoryHref } from '~/entities/category/utils/categories';
import { productHref } from '~/entities/product/utils/product-href';

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

/** Home, then each category and subcategory listing, then the site's public pages. */
export function pageEntries(categories: readonly Category[]): SitemapEntry[] {
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
  return entries;
}

/** A product page's time to the second in UTC, as sitemaps write it. */
const w3cSeconds = (iso: string) => `${iso.slice(0, 19)}Z`;

/** Each product page, dated when the product or its prices last changed (the API's `lastmod`). */
export function productEntries(products: readonly SitemapProduct[]): SitemapEntry[] {
  return products.map((product) => ({
    path: productHref(product._id),
    lastmod: w3cSeconds(product.lastmod),
    priority: 0.6,
    changefreq: 'daily',
  }));
}

/** Where a part of the product pages is published. */
export const productPartPath = (part: number) => `/sitemaps/products-${part}.xml`;
export const PAGES_PART_PATH = '/sitemaps/pages.xml';

/** The file a `/sitemaps/:file` address names, or null when it names none. */
export function parseSitemapFile(file: string): { kind: 'pages' } | { kind: 'products'; part: number } | null {
  if (`/sitemaps/${file}` === PAGES_PART_PATH) return { kind: 'pages' };
  const match = /^products-([1-9]\d{0,6})\.xml$/.exec(file);
  return match ? { kind: 'products', part: Number(match[1]) } : null;
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

/** The index of /sitemap.xml: the pages' file, then each part of the product pages with its latest change. */
export function buildSitemapIndex(origin: string, parts: readonly SitemapPart[]): string {
  const files = [
    `  <sitemap><loc>${escapeXml(origin + PAGES_PART_PATH)}</loc></sitemap>`,
    ...parts
      .filter((part) => part.count > 0)
      .map(
        (part) =>
          `  <sitemap><loc>${escapeXml(origin + productPartPath(part.part))}</loc><lastmod>${w3cSeconds(part.lastmod)}</lastmod></sitemap>`,
      ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files,
    '</sitemapindex>',
    '',
  ].join('\n');
}
