import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@kiyasla/contracts/admin-categories';
import type { AdminProduct } from '@kiyasla/contracts/admin-products';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import { imageMirrorMessages } from '@kiyasla/contracts/image-mirror-messages';
import { categories } from '../../db/schema/categories';
import { mediaFiles } from '../../db/schema/media-files';
import { products } from '../../db/schema/products';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { testConfig } from '../../test/config';
import { startStandInFeedServer, type StandInFeedServer } from '../feeds/fetch/stand-in-feed-server';
import { MIRROR_MAX_BYTES } from './mirror-image';

// A 1×1 PNG and the start of a JPEG: the bytes decide the type, not the name or the header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF kulaklık')]);

let pictures: StandInFeedServer;
// The stand-in listens on loopback, which only the allow-list opens (as FEED_FETCH_ALLOW would).
const t = useTestApp({ config: { feeds: { ...testConfig().feeds, fetchAllow: ['127.0.0.1'] } } });
let token: string;
let subcategoryId: string;

beforeAll(async () => {
  pictures = await startStandInFeedServer();
  const send = (bytes: Buffer, type: string) => (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': type }).end(bytes);
  pictures.route('/kulaklik.png', send(PNG, 'image/png'));
  pictures.route('/ayni-resim.png', send(PNG, 'image/png'));
  // A CDN that claims the wrong type still serves a JPEG.
  pictures.route('/kulaklik.jpg', send(JPEG, 'application/octet-stream'));
  pictures.route('/sayfa.html', send(Buffer.from('<!doctype html><title>Ürün</title>'), 'text/html'));
  pictures.route(
    '/resim.svg',
    send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'),
  );
  pictures.route('/dev.png', send(Buffer.concat([PNG, Buffer.alloc(MIRROR_MAX_BYTES)]), 'image/png'));
  pictures.route('/sikistirilmis.png', (_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' }).end(gzipSync(PNG)),
  );
  pictures.route('/tasindi.png', (_req, res) => res.writeHead(302, { location: '/kulaklik.png' }).end());
  token = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  const [row] = await t.db.db
    .select({ id: categories.id })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .limit(1);
  subcategoryId = row!.id;
});

afterAll(() => pictures.close());

const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

let n = 0;
const productForm = (images: Array<{ url: string }>) => ({
  name: `Görselli Kulaklık ${++n}`,
  brand: 'Şahin',
  category: subcategoryId,
  images,
});

const fileCount = async () => (await t.db.db.select({ n: count() }).from(mediaFiles))[0]!.n;
const productCount = async () => (await t.db.db.select({ n: count() }).from(products))[0]!.n;
const fetchesOf = (path: string) => pictures.requests.filter((r) => r.path === path).length;

describe('a picture named on another site is kept at save and served from our origin (ADR 021)', () => {
  it('downloads a product image once, stores it by the hash of its bytes and serves it cacheable forever', async () => {
    const res = await call('POST', '/api/admin/products', productForm([{ url: `${pictures.origin}/kulaklik.png` }]));
    expect(res.statusCode, res.body).toBe(201);
    const [image] = body<{ data: AdminProduct }>(res).data.images;
    expect(image!.url).toMatch(/^\/api\/media\/files\/[0-9a-f]{64}\.png$/);

    const served = await t.app.inject(image!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const again = await t.app.inject({ url: image!.url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // The public product shows our copy, never the other site's address.
    const id = body<{ data: AdminProduct }>(res).data._id;
    const pub = await t.app.inject(`/api/products/${id}`);
    expect(pub.body).toContain(image!.url);
    expect(pub.body).not.toContain(pictures.origin);
  });

  it('keeps the same picture once, fetches an address once per save, follows a redirect and reads the bytes, not the header', async () => {
    const before = await fileCount();
    const fetchedBefore = fetchesOf('/ayni-resim.png');
    const res = await call(
      'POST',
      '/api/admin/products',
      productForm([
        { url: `${pictures.origin}/ayni-resim.png` },
        { url: `${pictures.origin}/ayni-resim.png` },
        { url: `${pictures.origin}/tasindi.png` },
        { url: `${pictures.origin}/sikistirilmis.png` },
        { url: `${pictures.origin}/kulaklik.jpg` },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const urls = body<{ data: AdminProduct }>(res).data.images.map((i) => i.url);
    // Four addresses of one PNG are one file (the first test kept it already); the JPEG is new.
    expect(new Set(urls.slice(0, 4)).size).toBe(1);
    expect(urls[4]).toMatch(/\.jpg$/);
    expect(await fileCount()).toBe(before + 1);
    expect(fetchesOf('/ayni-resim.png')).toBe(fetchedBefore + 1);
    const jpeg = await t.app.inject(urls[4]!);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps site paths and addresses on our own origin as paths, without downloading them', async () => {
    const requests = pictures.requests.length;
    const res = await call(
      'POST',
      '/api/admin/products',
      productForm([{ url: '/images/urunler/a.jpg' }, { url: 'http://localhost:3000/api/media/files/x.png?v=2' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(body<{ data: AdminProduct }>(res).data.images.map((i) => i.url)).toEqual([
      '/images/urunler/a.jpg',
      '/api/media/files/x.png?v=2',
    ]);
    expect(pictures.requests.length).toBe(requests);
  });

  it.each([
    [
      'a missing picture',
      '/yok.png',
      'IMAGE_UNREACHABLE',
      `${imageMirrorMessages.IMAGE_UNREACHABLE.replace(/\.$/, '')} (HTTP 404).`,
    ],
    ['a web page', '/sayfa.html', 'IMAGE_NOT_PICTURE', imageMirrorMessages.IMAGE_NOT_PICTURE],
    ['an SVG document', '/resim.svg', 'IMAGE_NOT_PICTURE', imageMirrorMessages.IMAGE_NOT_PICTURE],
    ['a picture over 5 MB', '/dev.png', 'IMAGE_TOO_LARGE', imageMirrorMessages.IMAGE_TOO_LARGE],
  ])('refuses %s with 422, a Turkish message under its field, and keeps nothing', async (_, path, code, message) => {
    const [files, rows] = [await fileCount(), await productCount()];
    const res = await call(
      'POST',
      '/api/admin/products',
      productForm([{ url: `${pictures.origin}/kulaklik.png` }, { url: `${pictures.origin}${path}` }]),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(body<{ code: string; message: string; errors: unknown[] }>(res)).toMatchObject({
      code,
      message,
      errors: [{ path: 'body.images.1.url', message }],
    });
    expect(await productCount()).toBe(rows);
    expect(await fileCount()).toBe(files);
  });

  it('refuses a loopback address the allow-list does not open', async () => {
    // The allow-list names 127.0.0.1 only.
    const res = await call('POST', '/api/admin/products', productForm([{ url: 'http://127.0.0.2:9/resim.png' }]));
    expect(res.statusCode, res.body).toBe(422);
    expect(body<{ code: string }>(res).code).toBe('IMAGE_BLOCKED_ADDRESS');
  });

  it('answers an unknown product 404 before downloading anything for it', async () => {
    const requests = pictures.requests.length;
    const res = await call(
      'PUT',
      '/api/admin/products/00000000-0000-4000-8000-000000000000',
      productForm([{ url: `${pictures.origin}/kulaklik.png` }]),
    );
    expect(res.statusCode).toBe(404);
    expect(pictures.requests.length).toBe(requests);
  });

  it("keeps a category's image and a store's logo the same way, and takes the kept path back on the next save", async () => {
    const category = await call('POST', '/api/admin/categories', {
      name: `Görselli Kategori ${++n}`,
      image: `${pictures.origin}/kulaklik.png`,
    });
    expect(category.statusCode, category.body).toBe(201);
    const image = body<{ data: AdminCategory }>(category).data.image;
    expect(image).toMatch(/^\/api\/media\/files\/[0-9a-f]{64}\.png$/);

    const store = await call('POST', '/api/admin/stores', {
      name: `Görselli Mağaza ${++n}`,
      logo: `${pictures.origin}/kulaklik.jpg`,
    });
    expect(store.statusCode, store.body).toBe(201);
    const saved = body<{ data: AdminStore }>(store).data;
    expect(saved.logo).toMatch(/^\/api\/media\/files\/[0-9a-f]{64}\.jpg$/);
    const resaved = await call('PUT', `/api/admin/stores/${saved._id}`, { logo: saved.logo });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(body<{ data: AdminStore }>(resaved).data.logo).toBe(saved.logo);

    const refused = await call('PUT', `/api/admin/stores/${saved._id}`, { logo: `${pictures.origin}/sayfa.html` });
    expect(refused.statusCode).toBe(422);
    expect(body<{ errors: unknown[] }>(refused).errors).toEqual([
      { path: 'body.logo', message: imageMirrorMessages.IMAGE_NOT_PICTURE },
    ]);
  });

  it('answers 404 for an unknown file or one asked under another type', async () => {
    const [file] = await t.db.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(eq(mediaFiles.contentType, 'image/png'));
    expect((await t.app.inject(`/api/media/files/${file!.id}.png`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/media/files/${file!.id}.jpg`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/media/files/${'0'.repeat(64)}.png`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/media/files/..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});
