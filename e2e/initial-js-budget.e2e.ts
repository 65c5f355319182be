import { beforeAll, describe, expect, inject, it } from 'vitest';
import { INITIAL_JS_BUDGET_KB, measureInitialJs } from '../bench/src/bundles';

const baseURL = inject('baseURL');

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

  const pages: Array<[name: string, path: () => string]> = [
    ['home', () => '/'],
    ['category', () => '/category/telefon'],
    ['subcategory', () => '/category/telefon/premium'],
    ['search', () => '/search?q=kulaklik'],
    ['product', () => productPath],
    ['stores', () => '/stores'],
    ['static page', () => '/terms'],
  ];

  it.each(pages)(`keeps %s within ${INITIAL_JS_BUDGET_KB} KB`, async (name, path) => {
    const bundle = await measureInitialJs(baseURL, name, path());
    const kb = bundle.initialJsGzip / 1024;
    console.log(
      `initial JS ${name.padEnd(11)} ${kb.toFixed(2).padStart(6)} KB  ` +
        `(${bundle.initialJsGzip} B, ${bundle.assets.length} files, ` +
        `${(INITIAL_JS_BUDGET_KB - kb).toFixed(2)} KB left)  ${bundle.url}`,
    );
    // A page that references no script would pass any budget: the framework alone is ~105 KB.
    expect(bundle.initialJsGzip).toBeGreaterThan(100 * 1024);
    expect(kb, `${name} (${bundle.url})`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  it('measures pages as a shopper gets them: a search with results, a listing with its filters', async () => {
    const search = await (await fetch(`${baseURL}/search?q=kulaklik`)).text();
    expect(search).toMatch(/[1-9][\d.]* ürün bulundu/);
    const category = await (await fetch(`${baseURL}/category/telefon/premium`)).text();
    expect(category).toContain('aria-label="Fiyat aralığı"');
  });
});
