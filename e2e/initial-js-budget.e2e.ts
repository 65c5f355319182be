import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '../apps/web/app/routes';
import { INITIAL_JS_BUDGET_KB, measureInitialJs } from '../bench/src/bundles';

const baseURL = inject('baseURL');

/** A React Router path (`category/:slug/:sub?`, `*`) as a pattern for addresses it matches. */
function routePattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const optional = segment.endsWith('?');
      const name = optional ? segment.slice(0, -1) : segment;
      const body = name === '*' ? '.+' : name.startsWith(':') ? '[^/]+' : name.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return optional ? `(?:/${body})?` : `/${body}`;
    });
  return new RegExp(`^${segments.join('') || '/'}$`);
}

/**
 * ADR 011: what a public page's HTML makes the browser download before it can hydrate (every
 * `<script src>`, module preload and inline `import("/assets/…")`, gzip level 9) stays within
 * the budget. Measured on the production build the suite runs against, with the benchmark's own
 * rule (bench/src/bundles.ts).
 */
describe('initial JavaScript of the public pages', () => {
  let productPath = '';

  beforeAll(async () => {
    const list = (await (await fetch(`${baseURL}/api/products?limit=1&sort=popularity`)).json()) as {
      data: Array<{ _id: string }>;
    };
    productPath = `/product/${list.data[0]!._id}`;
  });

  /**
   * Every page a visitor can open without signing in (apps/web/app/routes.ts); the pages behind
   * sign-in and the back office are not held to the budget.
   */
  const pages: Array<[name: string, path: () => string]> = [
    ['home', () => '/'],
    ['category', () => '/category/telefon'],
    ['subcategory', () => '/category/telefon/premium'],
    ['search', () => '/search?q=kulaklik'],
    ['search, empty', () => '/search'],
    ['product', () => productPath],
    ['stores', () => '/stores'],
    ['comparison', () => '/comparison'],
    ['premium-plans', () => '/premium-plans'],
    ['premium', () => '/premium'],
    ['help', () => '/help'],
    ['contact', () => '/contact'],
    ['terms', () => '/terms'],
    ['privacy', () => '/privacy'],
    ['privacy-policy', () => '/privacy-policy'],
    ['cookies', () => '/cookies'],
    ['login', () => '/login'],
    ['register', () => '/register'],
    ['forgot-password', () => '/forgot-password'],
    ['reset-password', () => '/reset-password?token=0123456789abcdef'],
    ['verify-email', () => '/verify-email?token=0123456789abcdef'],
    ['not found', () => '/about'],
  ];

  /**
   * The not-found page answers 404 by design and `measureInitialJs` refuses an answer that is not
   * OK; for that one address its HTML is handed over as a 200.
   */
  async function measure(name: string, path: string) {
    if (name !== 'not found') return measureInitialJs(baseURL, name, path);
    const realFetch = globalThis.fetch;
    const notFoundUrl = new URL(path, baseURL).href;
    globalThis.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url !== notFoundUrl || res.status !== 404) return res;
      return new Response(await res.text(), { status: 200, headers: res.headers });
    };
    try {
      return await measureInitialJs(baseURL, name, path);
    } finally {
      globalThis.fetch = realFetch;
    }
  }

  it.each(pages)(`keeps %s within ${INITIAL_JS_BUDGET_KB} KB`, async (name, path) => {
    const bundle = await measure(name, path());
    const kb = bundle.initialJsGzip / 1024;
    console.log(
      `initial JS ${name.padEnd(15)} ${kb.toFixed(2).padStart(6)} KB  ` +
        `(${bundle.initialJsGzip} B, ${bundle.assets.length} files, ` +
        `${(INITIAL_JS_BUDGET_KB - kb).toFixed(2)} KB left)  ${bundle.url}`,
    );
    // A page that references no script would pass any budget: the framework alone is ~105 KB.
    expect(bundle.initialJsGzip).toBeGreaterThan(100 * 1024);
    expect(kb, `${name} (${bundle.url})`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  it('measures every page a visitor can open without signing in (apps/web/app/routes.ts)', () => {
    const appDir = path.resolve(import.meta.dirname, '../apps/web/app');
    const measured = pages.map(([, pagePath]) => new URL(pagePath(), baseURL).pathname);
    const unmeasured: string[] = [];
    function visit(entries: RouteConfigEntry[], parent: string) {
      for (const entry of entries) {
        const routePath = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
        if (entry.children) {
          visit(entry.children, routePath);
          continue;
        }
        const source = readFileSync(path.join(appDir, entry.file), 'utf8');
        // Resource routes (sitemap, robots), the back office, and the pages behind sign-in.
        if (!/export default function/.test(source) || routePath.startsWith('admin')) continue;
        if (/<RequireAuth\b/.test(source)) continue;
        const pattern = routePattern(routePath);
        if (!measured.some((pathname) => pattern.test(pathname))) unmeasured.push(`/${routePath} (${entry.file})`);
      }
    }
    visit(routes, '');
    expect(unmeasured, 'public routes missing from the table above').toEqual([]);
  });

  it('measures pages as a shopper gets them: a search with results, a listing with its filters', async () => {
    const search = await (await fetch(`${baseURL}/search?q=kulaklik`)).text();
    expect(search).toMatch(/[1-9][\d.]* ürün bulundu/);
    const category = await (await fetch(`${baseURL}/category/telefon/premium`)).text();
    expect(category).toContain('aria-label="Fiyat aralığı"');
  });
});
