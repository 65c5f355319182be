import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { messages } from '@kiyasla/contracts/messages';
import { useTestAppWithPages } from '../test/web-pages';

/*
 * Category addresses typed in another case than the catalogue's: a slug (`/category/Telefon`)
 * and a brand (`?brand=apple`) move for good (301) to the catalogue's spelling, the rest of the
 * query kept, so search engines index one address per listing.
 */

const t = useTestAppWithPages({ config: { rateLimitMax: 10_000 } });

const get = (url: string, options: Omit<InjectOptions, 'url'> = {}) => t.app.inject({ method: 'GET', url, ...options });

describe('a category slug in upper case', () => {
  it.each([
    ['/category/Telefon', '/category/telefon'],
    ['/category/TELEFON', '/category/telefon'],
    ['/category/Beyaz-Esya', '/category/beyaz-esya'],
    ['/category/Telefon/Premium', '/category/telefon/premium'],
    ['/category/telefon/Premium', '/category/telefon/premium'],
    ['/category/TELEFON/premium', '/category/telefon/premium'],
    ['/category/Telefon?brand=Apple&sort=price-low&page=2', '/category/telefon?brand=Apple&sort=price-low&page=2'],
  ])('%s moves permanently to %s (the query kept)', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('moves the category of the catalogue; one that folds to no category is still the category’s 404', async () => {
    expect((await get('/category/Kulaklik')).headers.location).toBe('/category/kulaklik');
    for (const url of ['/category/Telefonx', '/category/Telefon/Nothing', '/category/Premium']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(messages.catalog.categoryNotFound);
    }
  });

  it('a navigation in the browser is redirected too', async () => {
    const res = await get('/category/Telefon.data?_routes=routes%2Fcategory');
    expect(res.body).toContain('"SingleFetchRedirect"');
    expect(res.body).toContain('"redirect","/category/telefon","status",301');
  });
});

describe('a brand in the address in another case than the catalogue’s', () => {
  it.each([
    ['/category/telefon?brand=apple', '/category/telefon?brand=Apple'],
    ['/category/telefon?brand=APPLE&sort=price-low&page=2', '/category/telefon?brand=Apple&sort=price-low&page=2'],
    [
      '/category/telefon?sort=price-low&brand=xiaomi&brand=Samsung',
      '/category/telefon?sort=price-low&brand=Xiaomi&brand=Samsung',
    ],
    ['/category/telefon?brand=apple&brand=Apple', '/category/telefon?brand=Apple'],
    ['/category/telefon/premium?brand=apple', '/category/telefon/premium?brand=Apple'],
    ['/category/beyaz-esya?brand=AR%C3%87EL%C4%B0K', `/category/beyaz-esya?brand=${encodeURIComponent('Arçelik')}`],
  ])('%s moves permanently to %s (the rest of the query kept)', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('moves to the catalogue’s spelling, which is served as it is, as is a brand the listing does not know', async () => {
    expect((await get('/category/telefon?brand=samsung')).headers.location).toBe('/category/telefon?brand=Samsung');
    for (const url of ['/category/telefon?brand=Samsung', '/category/telefon?brand=nobrand']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
    }
  });
});
