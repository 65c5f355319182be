import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStoreMessages,
  type AdminStore,
  type FeedImport,
  type FeedUnmatchedItem,
} from '@kiyasla/contracts/admin-stores';
import { feedFetchMessages } from '@kiyasla/contracts/feed-fetch-messages';
import { openDatabase } from '../../../db/client';
import { defaultMigrationsFolder, runMigrations } from '../../../db/migrate';
import { feedImports } from '../../../db/schema/feed-imports';
import { feedUnmatchedItems } from '../../../db/schema/feed-unmatched-items';
import { products } from '../../../db/schema/products';
import { storeOffers } from '../../../db/schema/store-offers';
import { stores } from '../../../db/schema/stores';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();

type Role = 'anonymous' | 'user' | 'premium' | 'moderator' | 'admin';
const tokens: Partial<Record<Role, string>> = {};
let storeWithOffers: { id: string; slug: string; name: string };
let productIds: string[];

beforeAll(async () => {
  for (const role of ['user', 'premium', 'moderator', 'admin'] as const) {
    const account = DEMO_ACCOUNTS[role];
    tokens[role] = (await loginAs(t.app, account.email, account.password)).token;
  }
  const [row] = await t.db.db
    .select({ id: stores.id, slug: stores.slug, name: stores.name })
    .from(stores)
    .where(sql`exists (select 1 from store_offers o where o.store_id = ${stores.id})`)
    .orderBy(stores.name)
    .limit(1);
  storeWithOffers = row!;
  productIds = (await t.db.db.select({ id: products.id }).from(products).orderBy(products.id).limit(20)).map(
    (r) => r.id,
  );
});

const auth = (role: Role) => (role === 'anonymous' ? {} : bearer(tokens[role]!));
const admin = () => auth('admin');

let counter = 0;
async function createStore(fields: Record<string, unknown> = {}): Promise<AdminStore> {
  counter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stores',
    headers: admin(),
    payload: { name: `Deneme Mağaza ${counter}`, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: AdminStore }>(res).data;
}

async function addUnmatched(storeId: string, sku = `SKU-${++counter}`, lastSeenAt?: Date) {
  const [row] = await t.db.db
    .insert(feedUnmatchedItems)
    .values({ storeId, sku, brand: 'Marka', model: 'Model X', title: 'Bilinmeyen ürün', price: 129_990, lastSeenAt })
    .returning({ id: feedUnmatchedItems.id });
  return row!.id;
}

describe('role matrix: every admin store route', () => {
  const routes: { name: string; expectOk: number; request: () => Promise<InjectOptions> }[] = [
    { name: 'GET list', expectOk: 200, request: async () => ({ method: 'GET', url: '/api/admin/stores' }) },
    {
      name: 'POST create',
      expectOk: 201,
      request: async () => ({ method: 'POST', url: '/api/admin/stores', payload: { name: `Matris ${++counter}` } }),
    },
    {
      name: 'GET one',
      expectOk: 200,
      request: async () => ({ method: 'GET', url: `/api/admin/stores/${storeWithOffers.id}` }),
    },
    {
      name: 'PUT update',
      expectOk: 200,
      request: async () => ({
        method: 'PUT',
        url: `/api/admin/stores/${(await createStore())._id}`,
        payload: { freshnessHours: 48 },
      }),
    },
    {
      name: 'DELETE',
      expectOk: 200,
      request: async () => ({ method: 'DELETE', url: `/api/admin/stores/${(await createStore())._id}` }),
    },
    {
      name: 'GET imports',
      expectOk: 200,
      request: async () => ({ method: 'GET', url: `/api/admin/stores/${storeWithOffers.id}/imports` }),
    },
    {
      name: 'GET unmatched',
      expectOk: 200,
      request: async () => ({ method: 'GET', url: `/api/admin/stores/${storeWithOffers.id}/unmatched` }),
    },
    {
      name: 'POST match',
      expectOk: 200,
      request: async () => {
        const store = await createStore();
        const itemId = await addUnmatched(store._id);
        return {
          method: 'POST',
          url: `/api/admin/stores/${store._id}/unmatched/${itemId}/match`,
          payload: { productId: productIds[0] },
        };
      },
    },
  ];
  const expected: Record<Role, number | 'ok'> = {
    anonymous: 401,
    user: 403,
    premium: 403,
    moderator: 'ok',
    admin: 'ok',
  };
  for (const route of routes) {
    for (const role of Object.keys(expected) as Role[]) {
      const status = expected[role] === 'ok' ? route.expectOk : expected[role];
      it(`${route.name} as ${role} → ${status}`, async () => {
        const options = await route.request();
        const res = await t.app.inject({ ...options, headers: auth(role) });
        expect(res.statusCode, res.body).toBe(status);
        if (status === 403) expect(body(res)).toMatchObject({ success: false, code: 'FORBIDDEN' });
        if (status === 401) expect(body(res)).toMatchObject({ success: false });
        if (status < 300) expect(res.headers['cache-control']).toBe('no-store');
      });
    }
  }
});

describe('GET /api/admin/stores', () => {
  it('lists 10 per page with the pagination block, counts and the seeded stores', async () => {
    const total = (await t.db.db.select({ n: sql<number>`count(*)::int` }).from(stores))[0]!.n;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stores', headers: admin() });
    expect(res.statusCode).toBe(200);
    const { data, pagination } = body<{ data: AdminStore[]; pagination: Record<string, number> }>(res);
    expect(pagination).toEqual({ page: 1, limit: 10, total, pages: Math.ceil(total / 10) });
    expect(data).toHaveLength(Math.min(10, total));
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stores?q=${encodeURIComponent(storeWithOffers.name)}`,
      headers: admin(),
    });
    const seeded = body<{ data: AdminStore[] }>(found).data.find((s) => s._id === storeWithOffers.id)!;
    expect(seeded.offerCount).toBeGreaterThan(0);
    expect(seeded.freshnessHours).toBe(72);
    expect(seeded.feedUrl).toBeNull();

    const page2 = await t.app.inject({ method: 'GET', url: '/api/admin/stores?page=2', headers: admin() });
    const ids2 = body<{ data: AdminStore[] }>(page2).data.map((s) => s._id);
    expect(ids2.some((id) => data.some((s) => s._id === id))).toBe(false);
  });

  it('searches names Turkish-insensitively with q', async () => {
    const store = await createStore({ name: 'Işıklı Çarşı Elektronik' });
    for (const q of ['isikli', 'IŞIKLI çarşı', 'carsi elek']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/stores?q=${encodeURIComponent(q)}`,
        headers: admin(),
      });
      expect(body<{ data: AdminStore[] }>(res).data.map((s) => s._id)).toContain(store._id);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/admin/stores?q=%25%25yok', headers: admin() });
    expect(body<{ data: AdminStore[]; pagination: { total: number } }>(none).pagination.total).toBe(0);
  });

  it('finds a store by its slug, website or feed address as well', async () => {
    const store = await createStore({
      name: 'Adres Arama Mağazası',
      website: 'https://www.ornekdukkan.example',
      feedUrl: 'https://akis.baskaalan.example/urunler.xml',
    });
    for (const q of ['adres-arama', 'ornekdukkan', 'baskaalan.example/urunler']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/stores?q=${encodeURIComponent(q)}`,
        headers: admin(),
      });
      expect(
        body<{ data: AdminStore[] }>(res).data.map((s) => s._id),
        q,
      ).toEqual([store._id]);
    }
  });
});

describe('POST and PUT /api/admin/stores', () => {
  it('makes the slug from the Turkish name and keeps every field', async () => {
    const store = await createStore({
      name: 'Beyaz Eşya Dünyası',
      logo: '/images/magazalar/beyaz-esya.png',
      website: 'https://beyaz.example.com',
      feedUrl: 'https://beyaz.example.com/feed.xml',
      feedIntervalMinutes: 60,
      freshnessHours: 24,
    });
    expect(store).toMatchObject({
      slug: 'beyaz-esya-dunyasi',
      logo: '/images/magazalar/beyaz-esya.png',
      feedUrl: 'https://beyaz.example.com/feed.xml',
      feedIntervalMinutes: 60,
      freshnessHours: 24,
      isActive: true,
      offerCount: 0,
      lastImport: null,
    });
    // A scheduled feed is due at once.
    expect(store.feedNextPullAt).not.toBeNull();
  });

  it('refuses a slug used by another store with 409 STORE_SLUG_TAKEN', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores',
      headers: admin(),
      payload: { name: 'Başka', slug: storeWithOffers.slug },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'STORE_SLUG_TAKEN', message: adminStoreMessages.slugTaken });

    const other = await createStore();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${other._id}`,
      headers: admin(),
      payload: { slug: storeWithOffers.slug },
    });
    expect(put.statusCode).toBe(409);
    expect(body(put)).toMatchObject({ code: 'STORE_SLUG_TAKEN' });
  });

  it.each([
    [{ name: '' }, adminStoreMessages.nameRequired],
    [{ name: 'A', slug: 'Büyük Harf' }, adminStoreMessages.slugInvalid],
    [{ name: 'A', feedUrl: 'ftp://example.com/feed.csv' }, adminStoreMessages.urlInvalid],
    [{ name: 'A', website: 'javascript:alert(1)' }, adminStoreMessages.urlInvalid],
    [{ name: 'A', feedIntervalMinutes: 14 }, adminStoreMessages.feedIntervalMin],
    [{ name: 'A', feedIntervalMinutes: 15.5 }, adminStoreMessages.feedIntervalInteger],
    [{ name: 'A', freshnessHours: 0 }, adminStoreMessages.freshnessRange],
  ])('400 VALIDATION_ERROR with the Turkish rule message: %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/stores', headers: admin(), payload });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:8080/feed.json',
    'http://10.1.2.3/feed.xml',
    'http://[::1]/feed.csv',
    'http://[::ffff:192.168.1.5]/feed.csv',
    'http://localhost/feed.json',
    'http://LOCALHOST./feed.json',
    'http://feeds.localhost/feed.json',
    'http://2130706433/feed.json',
  ])('refuses a feed URL the pull could never fetch (%s), on create and on update', async (feedUrl) => {
    const refusal = {
      success: false,
      code: 'FEED_URL_BLOCKED_ADDRESS',
      message: feedFetchMessages.FEED_FETCH_BLOCKED_ADDRESS,
      errors: [{ path: 'body.feedUrl', message: feedFetchMessages.FEED_FETCH_BLOCKED_ADDRESS }],
    };
    const name = `Özel Ağ ${++counter}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores',
      headers: admin(),
      payload: { name, feedUrl, feedIntervalMinutes: 60 },
    });
    expect(created.statusCode).toBe(400);
    expect(body(created)).toEqual(refusal);
    const [none] = await t.db.db.select().from(stores).where(eq(stores.name, name));
    expect(none).toBeUndefined();

    const store = await createStore({ feedUrl: 'https://beyaz.example.com/feed.xml' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${store._id}`,
      headers: admin(),
      payload: { feedUrl },
    });
    expect(updated.statusCode).toBe(400);
    expect(body(updated)).toEqual(refusal);
    const [row] = await t.db.db.select({ feedUrl: stores.feedUrl }).from(stores).where(eq(stores.id, store._id));
    expect(row?.feedUrl).toBe('https://beyaz.example.com/feed.xml');
  });

  it('takes a host name as it is: its address is judged when the pull connects', async () => {
    const store = await createStore({ feedUrl: 'https://feeds.magaza.example/urunler.json' });
    expect(store.feedUrl).toBe('https://feeds.magaza.example/urunler.json');
  });

  it('refuses a name without a letter or digit and no slug: 400 STORE_SLUG_INVALID', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stores',
      headers: admin(),
      payload: { name: '!!!' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'STORE_SLUG_INVALID', message: adminStoreMessages.slugEmpty });
  });

  it('accepts 15 minutes, renames, and clearing the feed unschedules it', async () => {
    const store = await createStore({ feedUrl: 'http://feeds.example.com/a.json', feedIntervalMinutes: 15 });
    expect(store.feedIntervalMinutes).toBe(15);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${store._id}`,
      headers: admin(),
      payload: { name: 'Yeni Ad', feedUrl: '' },
    });
    expect(res.statusCode).toBe(200);
    const updated = body<{ data: AdminStore }>(res).data;
    expect(updated).toMatchObject({ name: 'Yeni Ad', slug: store.slug, feedUrl: null, feedNextPullAt: null });
  });

  it('shows a rename on the public store page at once', async () => {
    const store = await createStore();
    const before = await t.app.inject({ method: 'GET', url: `/api/stores/${store.slug}` });
    expect(before.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${store._id}`,
      headers: admin(),
      payload: { name: 'Yeniden Adlandırılmış', isActive: false },
    });
    const after = await t.app.inject({ method: 'GET', url: `/api/stores/${store.slug}` });
    expect(after.statusCode).toBe(404);
  });

  it('404 STORE_NOT_FOUND for an unknown id, 400 for a malformed one', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stores/00000000-0000-4000-8000-000000000000',
      headers: admin(),
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: 'STORE_NOT_FOUND' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/admin/stores/abc', headers: admin() });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçersiz mağaza kimliği' });
  });
});

describe('DELETE /api/admin/stores/{id}', () => {
  it('refuses a store with offers (409 naming the count) and keeps it', async () => {
    const offers = (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(storeOffers)
        .where(eq(storeOffers.storeId, storeWithOffers.id))
    )[0]!.n;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/stores/${storeWithOffers.id}`,
      headers: admin(),
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'STORE_HAS_OFFERS', message: adminStoreMessages.storeHasOffers(offers) });
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stores/${storeWithOffers.id}`,
      headers: admin(),
    });
    expect(still.statusCode).toBe(200);
  });

  it('deletes a store without offers, with its history and queue', async () => {
    const store = await createStore();
    await addUnmatched(store._id);
    await t.db.db.insert(feedImports).values({ storeId: store._id, source: 'cli', status: 'failed' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/stores/${store._id}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/stores/${store._id}`, headers: admin() });
    expect(again.statusCode).toBe(404);
    const left = await t.db.db.select().from(feedUnmatchedItems).where(eq(feedUnmatchedItems.storeId, store._id));
    expect(left).toHaveLength(0);
  });
});

describe('GET /api/admin/stores/{id}/imports', () => {
  it('pages the history newest first and shows the last import on the store', async () => {
    const store = await createStore();
    const report = {
      received: 3,
      matched: 2,
      created: 1,
      updated: 1,
      unchanged: 0,
      deactivated: 0,
      unmatched: 1,
      rejected: 1,
      priceChanges: 1,
      rejectedSamples: [{ line: 3, sku: 'X', reason: 'Fiyat eksik' }],
      priceChangeSamples: [],
      held: null,
      durationMs: 12,
    };
    for (let i = 0; i < 12; i++) {
      await t.db.db.insert(feedImports).values({
        storeId: store._id,
        source: i % 2 ? 'upload' : 'schedule',
        format: 'csv',
        mode: 'full',
        status: 'succeeded',
        startedAt: new Date(Date.UTC(2026, 0, 1 + i)),
        finishedAt: new Date(Date.UTC(2026, 0, 1 + i, 0, 1)),
        report: { ...report, received: i },
      });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store._id}/imports`, headers: admin() });
    const page1 = body<{ data: FeedImport[]; pagination: Record<string, number> }>(res);
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(page1.data.map((i) => i.report!.received)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(page1.data[0]).toMatchObject({ format: 'csv', mode: 'full', status: 'succeeded', forced: false });
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stores/${store._id}/imports?page=2`,
      headers: admin(),
    });
    expect(body<{ data: FeedImport[] }>(page2).data.map((i) => i.report!.received)).toEqual([1, 0]);

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store._id}`, headers: admin() });
    expect(body<{ data: AdminStore }>(one).data.lastImport).toMatchObject({
      status: 'succeeded',
      report: { received: 11 },
    });
  });
});

describe('unmatched items', () => {
  it('lists unresolved first, maps one, and remembers the mapping', async () => {
    const store = await createStore();
    // Seen a minute apart: two inserts within the clock's resolution would tie on the time.
    const first = await addUnmatched(store._id, 'A-1', new Date(Date.now() - 60_000));
    const second = await addUnmatched(store._id, 'A-2', new Date());
    const list = async () =>
      body<{ data: FeedUnmatchedItem[]; pagination: { total: number } }>(
        await t.app.inject({ method: 'GET', url: `/api/admin/stores/${store._id}/unmatched`, headers: admin() }),
      );
    expect((await list()).data[0]).toMatchObject({ sku: 'A-2', price: 1299.9, timesSeen: 1, resolvedProductId: null });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${store._id}/unmatched/${second}/match`,
      headers: auth('moderator'),
      payload: { productId: productIds[1] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: FeedUnmatchedItem }>(res).data).toMatchObject({ sku: 'A-2', resolvedProductId: productIds[1] });
    const after = await list();
    expect(after.data.map((i) => i._id)).toEqual([first, second]);
    expect(after.data[1]!.resolvedAt).not.toBeNull();

    const [mapping] = await t.db.db
      .select({ productId: feedUnmatchedItems.resolvedProductId })
      .from(feedUnmatchedItems)
      .where(and(eq(feedUnmatchedItems.storeId, store._id), eq(feedUnmatchedItems.sku, 'A-2')));
    expect(mapping!.productId).toBe(productIds[1]);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${store._id}/unmatched/${second}/match`,
      headers: admin(),
      payload: { productId: productIds[2] },
    });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'UNMATCHED_ALREADY_MATCHED' });
  });

  it('404 for an unknown product, an unknown item, or an item of another store; 400 for a malformed product id', async () => {
    const store = await createStore();
    const other = await createStore();
    const item = await addUnmatched(store._id);
    const match = (storeId: string, itemId: string, productId: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/stores/${storeId}/unmatched/${itemId}/match`,
        headers: admin(),
        payload: { productId },
      });
    const noProduct = await match(store._id, item, '00000000-0000-4000-8000-000000000000');
    expect(noProduct.statusCode).toBe(404);
    expect(body(noProduct)).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    const wrongStore = await match(other._id, item, productIds[0]);
    expect(wrongStore.statusCode).toBe(404);
    expect(body(wrongStore)).toMatchObject({ code: 'UNMATCHED_ITEM_NOT_FOUND' });
    const malformed = await match(store._id, item, 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçerli bir ürün seçin' });
  });

  it('409 when the store already sells the product under another SKU', async () => {
    const [offer] = await t.db.db
      .select({ productId: storeOffers.productId })
      .from(storeOffers)
      .where(and(eq(storeOffers.storeId, storeWithOffers.id), sql`${storeOffers.externalId} is not null`))
      .limit(1);
    const item = await addUnmatched(storeWithOffers.id, 'BAŞKA-SKU');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stores/${storeWithOffers.id}/unmatched/${item}/match`,
      headers: admin(),
      payload: { productId: offer!.productId },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'STORE_PRODUCT_HAS_OFFER' });
  });

  it('pages 10 at a time', async () => {
    const store = await createStore();
    for (let i = 0; i < 11; i++) await addUnmatched(store._id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stores/${store._id}/unmatched?page=2`,
      headers: admin(),
    });
    const page = body<{ data: FeedUnmatchedItem[]; pagination: Record<string, number> }>(res);
    expect(page.pagination).toEqual({ page: 2, limit: 10, total: 11, pages: 2 });
    expect(page.data).toHaveLength(1);
  });
});

describe('migration 0008 on a database of the previous release', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps existing stores and offers, with the default freshness window and no feed', async () => {
    const full = defaultMigrationsFolder();
    dir = mkdtempSync(path.join(tmpdir(), 'kiyasla-migrations-'));
    const previous = path.join(dir, 'previous');
    cpSync(full, previous, { recursive: true });
    const journalPath = path.join(previous, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0008');
    writeFileSync(journalPath, JSON.stringify(journal));

    const handle = await openDatabase({ memory: true });
    try {
      await runMigrations(handle, previous);
      const seenAt = '2026-01-02T03:04:05.000Z';
      await handle.db.execute(sql`
        with s as (insert into stores (name, slug) values ('Eski Mağaza', 'eski-magaza') returning id),
             c as (insert into categories (name, slug) values ('Eski', 'eski') returning id),
             p as (insert into products (name, slug, brand, category_id)
                   select 'Eski Ürün', 'eski-urun', 'Marka', c.id from c returning id)
        insert into store_offers (product_id, store_id, price, product_url, external_id, last_seen_at)
        select p.id, s.id, 1000, 'https://example.com/p', 'E-1', ${seenAt}::timestamptz from p, s`);
      await runMigrations(handle, full);
      const [store] = await handle.db.select().from(stores).where(eq(stores.slug, 'eski-magaza'));
      expect(store).toMatchObject({ freshnessHours: 72, feedUrl: null, feedNextPullAt: null, feedLeaseUntil: null });
      const [offer] = await handle.db.select().from(storeOffers).where(eq(storeOffers.storeId, store!.id));
      expect(offer!.lastSeenAt.toISOString()).toBe(seenAt);
      await expect(
        handle.db.update(stores).set({ feedIntervalMinutes: 14 }).where(eq(stores.id, store!.id)),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
