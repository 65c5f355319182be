import net from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import { body } from '../test/accounts';
import { useTestAppWithPages } from '../test/web-pages';

/** A page costs its shopper at least two API calls (the site layout's categories and its own). */
const RATE_LIMIT = 6;

describe('server-rendered pages over the shopper’s rate limit', () => {
  const t = useTestAppWithPages({ config: { rateLimitMax: RATE_LIMIT } });

  let productPage = '';
  let categoryPage = '';
  beforeAll(async () => {
    // Asked from an address of their own: the shoppers below start with their whole minute.
    const ask = async <T>(url: string) =>
      body<{ data: T }>(await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.250' })).data;
    const [product] = await ask<{ _id: string }[]>('/api/products?limit=1');
    const categories = await ask<Category[]>('/api/categories');
    const tv = categories.find((category) => category.slug === 'televizyon');
    const sub = categories.find((category) => category.parent === tv?._id);
    productPage = `/product/${product!._id}`;
    categoryPage = `/category/televizyon/${sub!.slug}`;
  });

  /** One shopper opens `url` until it is not answered 200 (at most RATE_LIMIT + 1 times). */
  async function browseUntilRefused(url: string, shopper: string) {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: shopper });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) return { statuses, refused: res };
    }
    throw new Error(`${url} was never refused: ${statuses.join(', ')}`);
  }

  it.each([
    ['a product page', () => productPage, '198.51.100.31', '198.51.100.41'],
    ['a category page', () => categoryPage, '198.51.100.32', '198.51.100.42'],
    ['the stores page', () => '/stores', '198.51.100.33', '198.51.100.43'],
  ])('%s answers 429 with the Turkish message, not the 500 error page', async (_name, url, shopper, other) => {
    const { statuses, refused } = await browseUntilRefused(url(), shopper);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toContain(messages.generic.rateLimited);
    expect(refused.body).not.toContain('Beklenmeyen bir hata oluştu');
    // Another shopper's page is not refused.
    expect((await t.app.inject({ method: 'GET', url: url(), remoteAddress: other })).statusCode).toBe(200);
  });

  /**
   * A navigation in the browser asks the server for the new page's loaders only (a `.data`
   * request without the root's loader): the page's own loader must refuse it, or the browser
   * shows the page's failure panel instead of the rate limit's.
   */
  it.each([
    ['a product page', () => `${productPage}.data?_routes=routes%2Fproduct`, '198.51.100.51'],
    ['a category page', () => `${categoryPage}.data?_routes=routes%2Fcategory`, '198.51.100.52'],
    ['the stores page', () => '/stores.data?_routes=routes%2Fstores', '198.51.100.53'],
    ['a search', () => '/search.data?q=televizyon&_routes=routes%2Fsearch', '198.51.100.54'],
    ['the home page', () => '/_root.data?_routes=routes%2Fhome', '198.51.100.55'],
  ])('%s asked by a navigation in the browser is refused with 429', async (_name, url, shopper) => {
    const { statuses, refused } = await browseUntilRefused(url(), shopper);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // The error the browser's boundary gets is the 429 itself ('Çok Fazla İstek'), not the page's data.
    expect(refused.body).toMatch(/"error",\["ErrorResponse",[^\]]*\],429,/);
  });

  it.each([
    ['the sitemap', '/sitemap.xml', '198.51.100.56'],
    ['a part of the sitemap', '/sitemaps/products-1.xml', '198.51.100.57'],
  ])('%s over the limit answers 429 with Retry-After, not 503', async (_name, url, crawler) => {
    const { statuses, refused } = await browseUntilRefused(url, crawler);
    expect(statuses.at(-1)).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toBe(messages.generic.rateLimited);
  });

  it('a shopper who leaves while a compressed page is on its way does not take the server down', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(origin);
    const serverSide = new Promise<net.Socket>((resolve) => t.app.server.once('connection', resolve));
    // The page is asked compressed, its first bytes read, then the connection dropped mid-stream.
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET ${categoryPage} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n`),
      );
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    const closed = await serverSide;
    if (!closed.destroyed) await new Promise((resolve) => closed.once('close', resolve));
    // The abandoned render's streams are torn down over the next turns: an error among them
    // without a listener would end the process (vitest reports it as an unhandled error).
    for (let i = 0; i < 50; i++) await nextTurn();
    const next = await fetch(`${origin}/stores`, { headers: { 'accept-encoding': 'gzip' } });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('</html>');
  });
});
