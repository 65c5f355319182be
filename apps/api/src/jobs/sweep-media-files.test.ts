import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMirrorMessages } from '@kiyasla/contracts/image-mirror-messages';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../test/accounts';
import { useTestApp } from '../test/app';
import { testConfig } from '../test/config';
import { rows } from '../test/price-alerts';
import { startStandInFeedServer, type StandInFeedServer } from '../modules/feeds/fetch/stand-in-feed-server';
import { imageMirrorOf, mirrorImages } from '../modules/media/mirror-image';
import { MEDIA_FILE_GRACE_HOURS, sweepUnusedMediaFiles } from './sweep-media-files';

// A 1×1 PNG; random bytes after its end make a new file (a new hash) that is still a PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const newPicture = () => Buffer.concat([PNG, randomBytes(16)]);
const idOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pathOf = (id: string) => `/api/media/files/${id}.png`;

let pictures: StandInFeedServer;
// The stand-in listens on loopback, which only the allow-list opens (as FEED_FETCH_ALLOW would).
const t = useTestApp({ config: { feeds: { ...testConfig().feeds, fetchAllow: ['127.0.0.1'] } } });

beforeAll(async () => {
  pictures = await startStandInFeedServer();
});
afterAll(() => pictures.close());

/** A kept picture last named `hoursAgo` hours ago; answers its id. */
async function keptFile(hoursAgo: number, bytes = newPicture()): Promise<string> {
  const id = idOf(bytes);
  await t.db.db.execute(sql`
    insert into media_files (id, content_type, size, data, source_url, last_used_at)
    values (${id}, 'image/png', ${bytes.length}, ${bytes}, 'https://ornek.com.tr/resim.png',
            now() - make_interval(hours => ${hoursAgo}::int))`);
  return id;
}

/** Which of these files are still kept. */
async function kept(...ids: string[]): Promise<string[]> {
  const found = await rows<{ id: string }>(
    t.db.db,
    sql`select id from media_files where id = any (${`{${ids.join(',')}}`}::text[])`,
  );
  return ids.filter((id) => found.some((r) => r.id === id));
}

/** Serves `bytes` as a picture on another site; answers its address. */
function onAnotherSite(bytes: Buffer): string {
  const path = `/${idOf(bytes).slice(0, 12)}.png`;
  pictures.route(path, (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(bytes),
  );
  return `${pictures.origin}${path}`;
}

const old = MEDIA_FILE_GRACE_HOURS + 24;

describe('the sweep of kept pictures no row names (ADR 021)', () => {
  it('deletes a file no row names once a day has passed since a save named it, and keeps a newer one', async () => {
    const unnamed = await keptFile(MEDIA_FILE_GRACE_HOURS + 1);
    const recent = await keptFile(MEDIA_FILE_GRACE_HOURS - 1);

    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(1);
    expect(await kept(unnamed, recent)).toEqual([recent]);
    expect((await t.app.inject(pathOf(unnamed))).statusCode).toBe(404);
    expect((await t.app.inject(pathOf(recent))).statusCode).toBe(200);
  });

  it('keeps a file a product image, a category image or a store logo names, however old', async () => {
    const [product, alsoProduct, category, store, unnamed] = await Promise.all(
      Array.from({ length: 5 }, () => keptFile(old)),
    );
    const [p] = await rows<{ id: string }>(t.db.db, sql`select id from products order by slug limit 1`);
    const [c] = await rows<{ id: string }>(t.db.db, sql`select id from categories order by slug limit 1`);
    const [s] = await rows<{ id: string }>(t.db.db, sql`select id from stores order by slug limit 1`);
    // The second picture of a product, named with a query as an operator may paste it.
    const images = [
      { url: '/images/urunler/a.jpg', alt: 'a', isPrimary: true },
      { url: pathOf(product!), alt: 'b', isPrimary: false },
      { url: `${pathOf(alsoProduct!)}?v=2`, alt: 'c', isPrimary: false },
    ];
    await t.db.db.execute(sql`update products set images = ${JSON.stringify(images)}::jsonb where id = ${p!.id}`);
    // An address on our own origin, as a row saved some other way may hold it.
    await t.db.db.execute(
      sql`update categories set image = ${`http://localhost:3000${pathOf(category!)}`} where id = ${c!.id}`,
    );
    await t.db.db.execute(sql`update stores set logo_url = ${pathOf(store!)} where id = ${s!.id}`);

    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(1);
    expect(await kept(product!, alsoProduct!, category!, store!, unnamed!)).toEqual([
      product,
      alsoProduct,
      category,
      store,
    ]);

    // Once the rows name something else, the files go.
    await t.db.db.execute(sql`update products set images = '[]'::jsonb where id = ${p!.id}`);
    await t.db.db.execute(sql`update categories set image = null where id = ${c!.id}`);
    await t.db.db.execute(sql`update stores set logo_url = '/api/media/stores/x.svg' where id = ${s!.id}`);
    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(4);
    expect(await kept(product!, alsoProduct!, category!, store!)).toEqual([]);
  });

  it('deletes in batches, at most so many a pass, and finds nothing more once all are gone', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => keptFile(old)));
    // Batches of 2, two a pass: the first pass leaves one file for the next.
    expect(await sweepUnusedMediaFiles(t.db.db, { batch: 2, maxBatches: 2 })).toBe(4);
    expect(await kept(...ids)).toHaveLength(1);
    expect(await sweepUnusedMediaFiles(t.db.db, { batch: 2, maxBatches: 2 })).toBe(1);
    expect(await kept(...ids)).toEqual([]);
    expect(await sweepUnusedMediaFiles(t.db.db, { batch: 2 })).toBe(0);
  });

  it('keeps a file a save downloads again just before the sweep, before its row names it', async () => {
    const bytes = newPicture();
    const id = await keptFile(old, bytes);
    // The save's first step (before its transaction): the same picture again, the same hash.
    const [path] = await mirrorImages(imageMirrorOf(t.app), [{ path: 'images.0.url', url: onAnotherSite(bytes) }]);
    expect(path).toBe(pathOf(id));

    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(0);
    expect(await kept(id)).toEqual([id]);
    expect((await t.app.inject(path!)).statusCode).toBe(200);
  });

  it('keeps a file a save sends back by its path just before the sweep', async () => {
    const id = await keptFile(old);
    await mirrorImages(imageMirrorOf(t.app), [{ path: 'logo', url: `http://localhost:3000${pathOf(id)}` }]);

    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(0);
    expect(await kept(id)).toEqual([id]);
  });

  it('keeps the picture again when the download comes right after the sweep deleted it', async () => {
    const bytes = newPicture();
    const id = await keptFile(old, bytes);
    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(1);

    const [path] = await mirrorImages(imageMirrorOf(t.app), [{ path: 'images.0.url', url: onAnotherSite(bytes) }]);
    expect(path).toBe(pathOf(id));
    expect((await t.app.inject(path!)).rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a save naming a kept picture by a path whose file is gone, under its field', async () => {
    const id = await keptFile(old);
    expect(await sweepUnusedMediaFiles(t.db.db)).toBe(1);
    const { token } = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const [sub] = await rows<{ id: string }>(
      t.db.db,
      sql`select id from categories where parent_id is not null order by slug limit 1`,
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(token),
      payload: {
        name: 'Silinmiş Görselli Kulaklık',
        brand: 'Şahin',
        category: sub!.id,
        images: [{ url: '/images/urunler/a.jpg' }, { url: pathOf(id) }],
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    const message = `${imageMirrorMessages.IMAGE_UNREACHABLE.replace(/\.$/, '')} (dosya bulunamadı).`;
    expect(body(res)).toMatchObject({
      code: 'IMAGE_UNREACHABLE',
      errors: [{ path: 'body.images.1.url', message }],
    });
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from products where name = 'Silinmiş Görselli Kulaklık'`,
    );
    expect(n).toBe(0);
  });
});
