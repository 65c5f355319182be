import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Category, SitemapProduct } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import { body } from '../test/accounts';
import { useTestAppWithPages } from '../test/web-pages';

/*
 * Status codes, redirects and headers of the server-rendered pages as a crawler sees them
 * (the SEO/HTTP audit of December 2026), through the whole app with the web app's sources.
 */

const t = useTestAppWithPages({ config: { rateLimitMax: 10_000 } });

const get = (url: string, options: Omit<InjectOptions, 'url'> = {}) => t.app.inject({ method: 'GET', url, ...options });
const api = async <T>(url: string) => body<{ data: T }>(await get(url)).data;
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? null;
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

let categories: Category[] = [];
beforeAll(async () => {
  categories = await api<Category[]>('/api/categories');
});

describe('category addresses the API refuses as malformed (M1)', () => {
  it('the seeded catalogue has the categories these addresses fold to', () => {
    const slugs = categories.filter((c) => c.parent === null).map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['kulaklik', 'beyaz-esya', 'telefon']));
  });

  it.each([
    ['/category/kulakl%C4%B1k', '/category/kulaklik'],
    ['/category/KULAKLIK%20', '/category/kulaklik'],
    ['/category/beyaz-e%C5%9Fya', '/category/beyaz-esya'],
    ['/category/Beyaz-E%C5%9Fya', '/category/beyaz-esya'],
    ['/category/telefon%20', '/category/telefon'],
    ['/category/telefon/premium%20', '/category/telefon/premium'],
    ['/category/telefon%20/premium', '/category/telefon/premium'],
    ['/category/kulakl%C4%B1k?brand=Sony&page=2', '/category/kulaklik?brand=Sony&page=2'],
  ])('%s moves permanently to %s (the query kept)', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    '/category/a_b',
    '/category/a.b',
    '/category/telefon/a_b',
    '/category/kulakl%C4%B1kx',
    '/category/a_b/premium',
  ])('%s is the category’s 404: noindex, no canonical, no error panel', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(robotsOf(res.body)).toBe('noindex');
    expect(canonicalOf(res.body)).toBeNull();
    expect(res.body).toContain(messages.catalog.categoryNotFound);
    expect(res.body).not.toContain(messages.catalog.productsLoadError);
  });

  it('a navigation in the browser to a malformed slug is redirected too', async () => {
    const res = await get('/category/kulakl%C4%B1k.data?_routes=routes%2Fcategory');
    expect(res.body).toContain('"SingleFetchRedirect"');
    expect(res.body).toContain('"redirect","/category/kulaklik","status",301');
  });
});

describe('redirects (L1)', () => {
  // Temporary: the listing grows and shrinks, and browsers keep a 301 as long as they like.
  it('a category page past the last one is sent to the last one for now (302)', async () => {
    const res = await get('/category/telefon?sort=price-low&page=999');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/category\/telefon\?sort=price-low&page=\d+$/);
  });

  it('a search page past the last one is sent to the last one for now (302)', async () => {
    const res = await get('/search?q=telefon&page=999');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/search\?q=telefon&page=\d+$/);
  });

  it.each([
    ['/category/telefon/', '/category/telefon'],
    ['/category/telefon/premium/', '/category/telefon/premium'],
    ['/help/', '/help'],
    ['/help//', '/help'],
    ['/category/telefon/?brand=Apple&page=2', '/category/telefon?brand=Apple&page=2'],
  ])('%s moves permanently to %s', async (url, location) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, method).toBe(301);
      expect(res.headers.location, method).toBe(location);
    }
  });

  it('leaves the home page alone', async () => {
    expect((await get('/')).statusCode).toBe(200);
  });
});

describe('paged and filtered listings (L2)', () => {
  let paged = '';
  beforeAll(async () => {
    for (const category of categories.filter((c) => c.parent === null)) {
      const res = body<{ pagination: { pages: number } }>(await get(`/api/categories/${category.slug}/products`));
      if (res.pagination.pages >= 2) {
        paged = `/category/${category.slug}`;
        break;
      }
    }
    expect(paged).not.toBe('');
  });

  it('page 2 has its own title and description, and itself as canonical', async () => {
    const [first, second] = await Promise.all([get(paged), get(`${paged}?page=2`)]);
    expect(second.statusCode).toBe(200);
    expect(titleOf(second.body)).toContain(' – Sayfa 2');
    expect(descriptionOf(second.body)).toContain(' – Sayfa 2');
    expect(titleOf(first.body)).not.toContain('Sayfa');
    expect(descriptionOf(first.body)).not.toContain('Sayfa');
    expect(canonicalOf(second.body)).toBe(`${t.app.config.publicUrl.replace(/\/$/, '')}${paged}?page=2`);
    expect(robotsOf(second.body)).toBeNull();
  });

  it('a re-sorted page 2 is noindex, follow without a canonical; a re-sorted page 1 points at the listing', async () => {
    const [first, second] = await Promise.all([get(`${paged}?sort=price-low`), get(`${paged}?sort=price-low&page=2`)]);
    expect(second.statusCode).toBe(200);
    expect(robotsOf(second.body)).toBe('noindex, follow');
    expect(canonicalOf(second.body)).toBeNull();
    expect(canonicalOf(first.body)).toBe(`${t.app.config.publicUrl.replace(/\/$/, '')}${paged}`);
    expect(robotsOf(first.body)).toBeNull();
  });
});

describe('HTML responses (L5)', () => {
  it.each(['/help', '/category/telefon', '/no-such-page'])('%s says its charset, for GET and HEAD', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.headers['content-type'], method).toBe('text/html; charset=utf-8');
    }
  });

  it.each(['/login', '/register'])('%s is kept out of the index, without a canonical link', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(robotsOf(res.body)).toBe('noindex');
    expect(canonicalOf(res.body)).toBeNull();
  });
});

describe('the sitemap (L4)', () => {
  let index = '';
  let files: string[] = [];
  let xml = '';
  let locs: string[] = [];
  const origin = () => new URL(t.app.config.publicUrl).origin;
  const locsOf = (text: string) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
  beforeAll(async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    index = res.body;
    files = locsOf(index);
    // Every file the index lists, as a crawler would read them.
    const bodies: string[] = [];
    for (const file of files) {
      const part = await get(file.slice(origin().length));
      expect(part.statusCode, file).toBe(200);
      expect(part.headers['content-type'], file).toBe('application/xml; charset=utf-8');
      bodies.push(part.body);
    }
    xml = bodies.join('\n');
    locs = locsOf(xml);
  });

  it('is an index of the pages’ file and the product pages’ parts', async () => {
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(files).toEqual([`${origin()}/sitemaps/pages.xml`, `${origin()}/sitemaps/products-1.xml`]);
    const listed = body<{ pagination: { total: number } }>(await get('/api/products?limit=1')).pagination.total;
    expect(locs.filter((loc) => loc.includes('/product/'))).toHaveLength(listed);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('answers 404 for a file it does not list', async () => {
    for (const path of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/other.xml']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toBe('Site haritasında böyle bir dosya yok.');
    }
  });

  it('gives each product the time it or its prices last changed', async () => {
    const products = await api<SitemapProduct[]>('/api/sitemap/products/1');
    expect(products.length).toBeGreaterThan(0);
    const [product] = products;
    const entry = new RegExp(`<loc>${origin()}/product/${product!._id}</loc><lastmod>([^<]*)</lastmod>`).exec(xml);
    expect(entry?.[1]).toBe(`${product!.lastmod.slice(0, 19)}Z`);
  });

  it('lists the site’s public pages, each answering 200, indexable, with itself as canonical', async () => {
    const pages = [
      '/stores',
      '/help',
      '/contact',
      '/privacy',
      '/privacy-policy',
      '/terms',
      '/cookies',
      '/premium-plans',
    ];
    for (const page of pages) expect(locs).toContain(`${origin()}${page}`);
    for (const loc of locs.filter((l) => !l.includes('/product/') && !l.includes('/category/'))) {
      const res = await get(loc.slice(origin().length) || '/');
      expect(res.statusCode, loc).toBe(200);
      expect(robotsOf(res.body), loc).toBeNull();
      expect(canonicalOf(res.body), loc).toBe(loc);
    }
  });

  it('lists no page a crawler may not index', () => {
    for (const page of ['/login', '/register', '/premium', '/comparison', '/search', '/favorites']) {
      expect(locs).not.toContain(`${origin()}${page}`);
    }
  });
});
