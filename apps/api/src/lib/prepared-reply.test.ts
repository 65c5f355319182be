import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productCardSchema, productDetailSchema } from '@kiyasla/contracts/catalog';
import { paginationSchema } from '@kiyasla/contracts/envelope';
import { useTestApp } from '../test/app';
import { COMPRESSION_THRESHOLD_BYTES, negotiateEncoding } from './prepared-reply';

describe('negotiateEncoding (as @fastify/compress chooses)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['GZIP;q=0.8, deflate;q=0.9', 'deflate'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', 'identity'],
    ['compress, zstd', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('prepared replies on the wire', () => {
  const t = useTestApp();
  let app: FastifyInstance;
  let productId: string;

  beforeAll(async () => {
    app = t.app;
    const res = await app.inject({ method: 'GET', url: '/api/products?limit=1' });
    productId = (res.json() as { data: { _id: string }[] }).data[0]!._id;
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  const expectEncoded = (res: LightMyRequestResponse, encoding: string, decode: (b: Buffer) => Buffer) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    // Prepared bodies have a known length; @fastify/compress streams larger deflate bodies.
    if (encoding !== 'deflate') expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    return decode(res.rawPayload).toString('utf8');
  };

  it.each([
    ['product page', () => `/api/products/${productId}`],
    ['product offers', () => `/api/products/${productId}/prices`],
    ['category listing with facets', () => '/api/categories/telefon/products?facets=true'],
    ['home: newest products', () => '/api/products?limit=8&sort=newest'],
    ['search', () => '/api/search?q=kulaklik'],
    ['category list', () => '/api/categories'],
  ])('%s: gzip and brotli bodies decompress to exactly the plain body', async (_name, url) => {
    const plain = await get(url());
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    // Twice each: the first request may fill the cache, the second is answered from it.
    for (let i = 0; i < 2; i++) {
      expect(expectEncoded(await get(url(), 'gzip'), 'gzip', gunzipSync)).toBe(plain.body);
      expect(expectEncoded(await get(url(), 'gzip, deflate, br'), 'br', brotliDecompressSync)).toBe(plain.body);
    }
    // An encoding not kept ready is left to @fastify/compress, still compressed once.
    expect(expectEncoded(await get(url(), 'deflate'), 'deflate', inflateSync)).toBe(plain.body);
    expect((await get(url(), 'gzip')).rawPayload.equals((await get(url(), 'gzip')).rawPayload)).toBe(true);
  });

  it('keeps the wire format: the body is what the route schema serializes', async () => {
    const envelope = z.object({ success: z.literal(true), data: productDetailSchema });
    const res = await get(`/api/products/${productId}`, 'gzip');
    const text = gunzipSync(res.rawPayload).toString('utf8');
    expect(JSON.stringify(envelope.parse(JSON.parse(text)))).toBe(text);

    const listing = z.object({
      success: z.literal(true),
      data: z.array(productCardSchema),
      pagination: paginationSchema,
    });
    const cards = await get('/api/products?featured=true&limit=4');
    expect(JSON.stringify(listing.parse(cards.json()))).toBe(cards.body);
  });

  it('sends small bodies uncompressed, as @fastify/compress would', async () => {
    const res = await get('/api/search/suggestions?q=zzqxw', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ success: true, data: [] });
  });

  it('answers unknown products with the usual 404 envelope', async () => {
    const res = await get('/api/products/7d1f5a0e-0000-4000-8000-000000000000', 'gzip');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'PRODUCT_NOT_FOUND' });
  });

  it('leaves the OpenAPI description of the cached routes as it was', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<
        string,
        { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }
      >;
    };
    const detail = doc.paths['/api/products/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(JSON.stringify(detail)).toContain('"prices"');
    expect(JSON.stringify(detail)).toContain('"success"');
  });
});
