import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { sqlRows } from '../../../lib/sql-rows';
import { bearer, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { testConfig } from '../../../test/config';

// A small cap so the 413 cases stay small.
const MAX_BYTES = 64 * 1024;
const t = useTestApp({ config: { feeds: { ...testConfig().feeds, maxBytes: MAX_BYTES } } });

type Role = 'user' | 'premium' | 'moderator' | 'admin';
const tokens: Partial<Record<Role, string>> = {};
let storeId: string;
let productIds: string[];
let moderatorId: string;

beforeAll(async () => {
  for (const role of ['user', 'premium', 'moderator', 'admin'] as const) {
    const account = DEMO_ACCOUNTS[role];
    const session = await loginAs(t.app, account.email, account.password);
    tokens[role] = session.token;
    if (role === 'moderator') moderatorId = session.user._id;
  }
  const [store] = sqlRows<{ id: string }>(
    await t.db.db.execute(
      sql`insert into stores (name, slug) values ('Yükleme Mağazası', 'yukleme-magazasi') returning id`,
    ),
  );
  storeId = store!.id;
  productIds = sqlRows<{ id: string }>(await t.db.db.execute(sql`select id from products order by id limit 3`)).map(
    (r) => r.id,
  );
});

const feed = (price: number) =>
  JSON.stringify({
    items: productIds.map((productId, i) => ({
      sku: `U-${i}`,
      productId,
      price: price + i,
      availability: 'in-stock',
      url: `https://magaza.example/u/${i}`,
    })),
  });

function upload(
  payload: string | Buffer,
  headers: Record<string, string> = {},
  role: Role | null = 'admin',
  query = '',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/stores/${storeId}/feed${query}`,
    headers: { 'content-type': 'application/json', ...(role ? bearer(tokens[role]!) : {}), ...headers },
    payload,
  });
}

describe('POST /api/admin/stores/{id}/feed', () => {
  it('imports a JSON feed and answers with the report', async () => {
    const res = await upload(feed(100));
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: FeedImport }>().data;
    expect(data).toMatchObject({ source: 'upload', status: 'succeeded', format: 'json', mode: 'partial' });
    expect(data.report).toMatchObject({ received: 3, matched: 3, created: 3 });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stores/${storeId}/imports`,
      headers: bearer(tokens.admin!),
    });
    expect(history.json<{ data: FeedImport[] }>().data[0]?._id).toBe(data._id);
  });

  it('accepts gzip-encoded CSV from a moderator, with the mode in the query', async () => {
    const csv = `sku,price,availability,url\nU-0,"99.50",in-stock,https://magaza.example/u/0\n`;
    const res = await upload(
      gzipSync(csv),
      { 'content-type': 'text/csv', 'content-encoding': 'gzip' },
      'moderator',
      '?mode=partial',
    );
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: FeedImport }>().data;
    expect(data).toMatchObject({ format: 'csv', mode: 'partial', status: 'succeeded', userId: moderatorId });
    expect(data.report).toMatchObject({ updated: 1, priceChanges: 1 });
    const badMode = await upload(csv, { 'content-type': 'text/csv' }, 'admin', '?mode=hepsi');
    expect(badMode.statusCode).toBe(400);
  });

  it('holds a full feed that empties most of the store, and applies it with force=true', async () => {
    const one = JSON.stringify({
      mode: 'full',
      items: [{ sku: 'U-0', price: 99.5, availability: 'in-stock', url: 'https://magaza.example/u/0' }],
    });
    const held = await upload(one);
    expect(held.statusCode).toBe(200);
    expect(held.json<{ data: FeedImport }>().data).toMatchObject({
      status: 'held',
      errorCode: 'FEED_HELD',
      report: { held: { wouldDeactivate: 2, activeOffers: 3 } },
    });
    const forced = await upload(one, {}, 'admin', '?force=true');
    expect(forced.json<{ data: FeedImport }>().data).toMatchObject({
      status: 'succeeded',
      forced: true,
      report: { deactivated: 2 },
    });
  });

  it('refuses a malformed file with 422, a stable code and a Turkish message', async () => {
    const res = await upload('{"items": [ {"sku": "U-0", ');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'FEED_MALFORMED',
      message: expect.stringMatching(/bozuk/),
    });
    const csvAsJson = await upload('<rss></rss>', { 'content-type': 'application/json' });
    expect(csvAsJson.statusCode).toBe(422);
    expect(csvAsJson.json()).toMatchObject({ code: 'FEED_FORMAT_MISMATCH' });
  });

  it('refuses an empty feed with one status and one code, whether the body is empty or an empty list', async () => {
    const history = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/stores/${storeId}/imports`,
          headers: bearer(tokens.admin!),
        })
      ).json<{ pagination: { total: number } }>().pagination.total;
    for (const payload of ['', '[]', '{"items":[]}']) {
      const before = await history();
      const res = await upload(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'FEED_EMPTY',
        message: feedMessages.refusals.FEED_EMPTY,
      });
      // Refused like any other file: the attempt is in the history.
      expect(await history(), JSON.stringify(payload)).toBe(before + 1);
    }
  });

  it('says where a file is broken in Turkish, never in the parser’s English', async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['{"items": [ {"sku": "U-0", ', {}, /\(dosya yarıda bitiyor\)$/],
      ['{"items": [ {"sku": "U-0",, } ] }', {}, /içeriyor\.$/],
      [
        '<rss><channel>\n<item><g:id>1</g:id></item></channel></rss>',
        { 'content-type': 'application/xml' },
        /\(satır 2\)$/,
      ],
      ['<rss><channel><item>&bogus;</item></channel></rss>', { 'content-type': 'application/xml' }, /\(satır 1\)$/],
    ];
    for (const [body, headers, where] of cases) {
      const res = await upload(body, headers);
      expect(res.statusCode, body).toBe(422);
      const { code, message } = res.json<{ code: string; message: string }>();
      expect(code).toBe('FEED_MALFORMED');
      expect(message, body).toMatch(/^Dosya bozuk; sözdizimi hatası içeriyor\./);
      expect(message, body).toMatch(where);
      expect(message).not.toMatch(/Unexpected|state|prefix|entity|chunk/i);
    }
  });

  it('rejects an item whose text the database cannot store (NUL, a broken surrogate), and imports the rest', async () => {
    const items = (sku: (i: number) => string, title: (i: number) => string) =>
      productIds.map((productId, i) => ({
        sku: sku(i),
        productId,
        title: title(i),
        price: 500 + i,
        availability: 'in-stock',
        url: `https://magaza.example/c/${i}`,
      }));
    const json = JSON.stringify({
      items: items(
        (i) => (i === 0 ? 'C-\u0000' : `C-${i}`),
        (i) => (i === 1 ? 'Başlık \ud800' : 'Başlık'),
      ),
    });
    const res = await upload(json);
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json<{ data: FeedImport }>().data;
    expect(report).toMatchObject({ received: 3, rejected: 2 });
    const rejected = (report as unknown as { rejectedSamples: { reason: string }[] }).rejectedSamples;
    expect(rejected.map((r) => r.reason)).toEqual([
      expect.stringContaining(feedMessages.rejections.BAD_CHARACTER),
      expect.stringContaining(feedMessages.rejections.BAD_CHARACTER),
    ]);
    const csv = `sku,price,availability,url,title\nD-0,10,in-stock,https://magaza.example/d/0,A\u0000B\n`;
    const fromCsv = await upload(csv, { 'content-type': 'text/csv' });
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json<{ data: FeedImport }>().data.report).toMatchObject({ received: 1, rejected: 1 });
  });

  it('answers 413 over the size limit, declared or streamed, and for a gzip bomb', async () => {
    const big = 'x'.repeat(MAX_BYTES + 1);
    const declared = await upload(big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({
      success: false,
      code: 'FEED_TOO_LARGE',
      message: 'Akış dosyası en fazla 64 KB olabilir.',
    });
    // Streamed without a declared length.
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${storeId}/feed`,
      headers: { 'content-type': 'text/csv', 'transfer-encoding': 'chunked', ...bearer(tokens.admin!) },
      payload: Readable.from([Buffer.from(big.slice(0, MAX_BYTES / 2)), Buffer.from(big.slice(MAX_BYTES / 2))]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject({ code: 'FEED_TOO_LARGE' });
    // Small on the wire, large unpacked.
    const bomb = gzipSync(JSON.stringify({ items: [{ sku: 'a'.repeat(MAX_BYTES * 4) }] }));
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    const unpacked = await upload(bomb, { 'content-encoding': 'gzip' });
    expect(unpacked.statusCode).toBe(413);
    expect(unpacked.json()).toMatchObject({ code: 'FEED_TOO_LARGE' });
  });

  it('refuses other media types with 415', async () => {
    const res = await upload('a', { 'content-type': 'application/pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 409 while another import holds the store', async () => {
    await t.db.db.execute(
      sql`update stores set feed_leased_by = 'schedule:other', feed_lease_until = now() + interval '5 minutes' where id = ${storeId}::uuid`,
    );
    try {
      const res = await upload(feed(100));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'FEED_IMPORT_BUSY' });
    } finally {
      await t.db.db.execute(
        sql`update stores set feed_leased_by = null, feed_lease_until = null where id = ${storeId}::uuid`,
      );
    }
    // The upload's own lease is given back.
    expect((await upload(feed(100))).statusCode).toBe(200);
    const [row] = sqlRows<{ feed_leased_by: string | null }>(
      await t.db.db.execute(sql`select feed_leased_by from stores where id = ${storeId}::uuid`),
    );
    expect(row!.feed_leased_by).toBeNull();
  });

  it('is for admins and moderators only', async () => {
    expect((await upload(feed(1), {}, null)).statusCode).toBe(401);
    expect((await upload(feed(1), {}, 'user')).statusCode).toBe(403);
    expect((await upload(feed(1), {}, 'premium')).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores/00000000-0000-4000-8000-000000000000/feed',
      headers: { 'content-type': 'application/json', ...bearer(tokens.admin!) },
      payload: feed(1),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'STORE_NOT_FOUND' });
  });
});
