import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { refreshProductPriceAggregates } from '../../../db/product-price-aggregates';
import { sqlRows } from '../../../lib/sql-rows';
import { createTestDatabase } from '../../../test/db';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { FEED_MAX_PRICE, type FeedItem } from '@kiyasla/contracts/feeds';
import { importFeed, type ImportFeedInput } from './import-feed';
import { OfferDigest } from './offer-digest';
import { stagedItem } from './stage';
import { lowestInStockPrices, PRICE_CHANGED_KIND, type PriceChangedPayload } from './price-change-event';

let handle: DbHandle;
let storeId: string;
let seq = 0;

interface Product {
  id: string;
  gtin: string | null;
  brand: string;
  model: string | null;
  min_price: number | null;
}
let products: Product[];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return sqlRows<T>(await handle.db.execute(query));
}

function run(body: string | Buffer, input: Partial<ImportFeedInput> = {}) {
  return importFeed(handle.db, { storeId, source: 'cli', body: Readable.from([body]), ...input });
}

function jsonFeed(items: Record<string, unknown>[], mode?: 'full' | 'partial') {
  return JSON.stringify({ ...(mode ? { mode } : {}), items });
}

function item(sku: string, price: number, extra: Record<string, unknown> = {}) {
  return { sku, price, availability: 'in-stock', url: `https://magaza.example/${sku}`, ...extra };
}

async function offerOf(productId: string) {
  const [offer] = await rows<{
    id: string;
    price: number;
    is_active: boolean;
    external_id: string | null;
    availability: string;
  }>(
    sql`select id, price, is_active, external_id, availability::text as availability from store_offers
         where store_id = ${storeId}::uuid and product_id = ${productId}::uuid`,
  );
  return offer;
}

/** A `price.changed` row's product changes: one per row, or a batch's `changes` list. */
function flatten(payload: unknown): PriceChangedPayload[] {
  const changes = (payload as { changes?: unknown }).changes;
  return Array.isArray(changes) ? (changes as PriceChangedPayload[]) : [payload as PriceChangedPayload];
}

/** The import's announced product changes, each with the dedupe key of the row that carries it. */
async function events(importId: string) {
  const found = await rows<{ payload: unknown; dedupe_key: string }>(
    sql`select payload, dedupe_key from outbox where kind = ${PRICE_CHANGED_KIND} and payload->>'importId' = ${importId}`,
  );
  return found.flatMap((row) => flatten(row.payload).map((payload) => ({ payload, dedupe_key: row.dedupe_key })));
}

async function historyCount() {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from price_history where store_id = ${storeId}::uuid`,
  );
  return Number(row!.n);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  // Products with a GTIN and a model whose match key is unique in the catalog.
  products = await rows<Product>(sql`
    select p.id, p.gtin, p.brand, p.model, pp.min_price from products p join product_prices pp on pp.product_id = p.id
     where p.gtin is not null and p.model is not null
       and (select count(*) from products q
             where public.kiyasla_match_key(q.brand, q.model) = public.kiyasla_match_key(p.brand, p.model)) = 1
     order by p.id limit 12`);
  expect(products.length).toBe(12);
}, 60_000);
afterAll(() => handle.close());

beforeEach(async () => {
  seq += 1;
  const [store] = await rows<{ id: string }>(
    sql`insert into stores (name, slug, feed_url) values (${`Akış Mağazası ${seq}`}, ${`akis-magazasi-${seq}`}, 'https://magaza.example/feed.json')
        returning id`,
  );
  storeId = store!.id;
});

describe('importFeed: matching', () => {
  it('matches by product id, GTIN and brand + model, and keeps the rest as unmatched items', async () => {
    const [a, b, c] = products;
    const result = await run(
      jsonFeed([
        item('A-1', 100, { productId: a!.id }),
        item('B-1', 200, { gtin: `0${b!.gtin}` }),
        // Turkish case, spacing and punctuation do not matter.
        item('C-1', 300, { brand: c!.brand.toLocaleUpperCase('tr-TR'), model: ` ${c!.model!.replace(/ /g, '-')} ` }),
        item('X-1', 400, { brand: 'Olmayan Marka', model: 'Yok 1', title: 'Bilinmeyen ürün' }),
      ]),
    );
    expect(result.status).toBe('succeeded');
    expect(result.report).toMatchObject({ received: 4, matched: 3, created: 3, unmatched: 1, rejected: 0 });
    expect((await offerOf(a!.id))?.price).toBe(10_000);
    expect((await offerOf(b!.id))?.external_id).toBe('B-1');
    expect((await offerOf(c!.id))?.price).toBe(30_000);
    const unmatched = await rows<{ sku: string; title: string; price: number }>(
      sql`select sku, title, price from feed_unmatched_items where store_id = ${storeId}::uuid`,
    );
    expect(unmatched).toEqual([{ sku: 'X-1', title: 'Bilinmeyen ürün', price: 40_000 }]);
    // Staging rows are gone.
    const [staged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from feed_import_items where import_id = ${result.importId}::uuid`,
    );
    expect(Number(staged!.n)).toBe(0);
  });

  it('matches by the remembered SKU next time, and by an operator mapping of an unmatched item', async () => {
    const [a, b] = products;
    await run(jsonFeed([item('A-1', 100, { productId: a!.id }), item('M-1', 50, { title: 'Eşleşmeyen' })]));
    // The SKU alone now finds the offer.
    const second = await run(jsonFeed([item('A-1', 110)]));
    expect(second.report).toMatchObject({ matched: 1, updated: 1, priceChanges: 1 });
    await handle.db.execute(
      sql`update feed_unmatched_items set resolved_product_id = ${b!.id}::uuid, resolved_at = now()
           where store_id = ${storeId}::uuid and sku = 'M-1'`,
    );
    const third = await run(jsonFeed([item('M-1', 55)]));
    expect(third.report).toMatchObject({ matched: 1, created: 1, unmatched: 0 });
    expect(await offerOf(b!.id)).toMatchObject({ price: 5_500, external_id: 'M-1' });
  });

  it('rejects a second item with the same SKU or for the same product', async () => {
    const [a, b] = products;
    const result = await run(
      jsonFeed([
        item('A-1', 100, { productId: a!.id }),
        item('A-1', 120, { productId: b!.id }),
        item('A-2', 130, { productId: a!.id }),
      ]),
    );
    expect(result.report).toMatchObject({ received: 3, created: 1, rejected: 2 });
    expect(result.report.rejectedSamples.map((r) => [r.line, r.sku])).toEqual([
      [2, 'A-1'],
      [3, 'A-2'],
    ]);
    expect((await offerOf(a!.id))?.price).toBe(10_000);
    expect(await offerOf(b!.id)).toBeUndefined();
  });
});

describe('importFeed: formats', () => {
  it('imports a semicolon CSV with decimal commas and a byte-order mark', async () => {
    const [a, b] = products;
    const csv =
      '\uFEFFsku;productId;price;availability;url;shipping_free;shipping_cost\n' +
      `S-1;${a!.id};"1.299,90";in-stock;https://magaza.example/s1;false;"29,90"\n` +
      `S-2;${b!.id};15,5;stokta yok;https://magaza.example/s2;true;\n`;
    const result = await run(csv, { contentType: 'text/csv' });
    expect(result).toMatchObject({ status: 'succeeded', format: 'csv', mode: 'partial' });
    expect(result.report).toMatchObject({ created: 2, rejected: 0 });
    expect((await offerOf(a!.id))?.price).toBe(129_990);
    expect(await offerOf(b!.id)).toMatchObject({ price: 1_550, availability: 'out-of-stock' });
  });

  it('imports Google-Merchant XML with the g: namespace, gzip-compressed', async () => {
    const [a] = products;
    const xml = `<?xml version="1.0"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>G-1</g:id><g:gtin>${a!.gtin}</g:gtin><g:title>Ürün</g:title><g:price>1299.90 TRY</g:price>
<g:availability>in_stock</g:availability><g:link>https://magaza.example/g1</g:link></item>
</channel></rss>`;
    const result = await run(gzipSync(xml), { contentType: 'application/xml' });
    expect(result).toMatchObject({ status: 'succeeded', format: 'xml' });
    expect(await offerOf(a!.id)).toMatchObject({ price: 129_990, external_id: 'G-1' });
  });
});

describe('importFeed: changes, history and events', () => {
  it('writes history and one event per real change, and nothing the second time', async () => {
    const [a, b] = products;
    const feed = jsonFeed([item('A-1', 100, { productId: a!.id }), item('B-1', 200, { productId: b!.id })]);
    const first = await run(feed);
    expect(first.report).toMatchObject({ created: 2, priceChanges: 0 });
    expect(await historyCount()).toBe(2);
    expect(await events(first.importId)).toHaveLength(2);

    const again = await run(feed);
    expect(again.report).toMatchObject({ matched: 2, created: 0, updated: 0, unchanged: 2, priceChanges: 0 });
    expect(await historyCount()).toBe(2);
    expect(await events(again.importId)).toHaveLength(0);

    const cheaper = await run(jsonFeed([item('A-1', 90), item('B-1', 200)]));
    expect(cheaper.report).toMatchObject({ updated: 1, unchanged: 1, priceChanges: 1 });
    expect(cheaper.report.priceChangeSamples).toEqual([{ sku: 'A-1', productId: a!.id, oldPrice: 100, newPrice: 90 }]);
    expect(await historyCount()).toBe(3);
    const [event] = await events(cheaper.importId);
    expect(event!.dedupe_key).toBe(`price-changed:${cheaper.importId}:${a!.id}`);
    expect(event!.payload.offers).toEqual([
      expect.objectContaining({ storeId, priceBefore: 10_000, priceAfter: 9_000, availabilityAfter: 'in-stock' }),
    ]);
    // The demo catalog's prices are far above 90 TRY: this store is now the lowest.
    expect(event!.payload.lowestAfter).toBe(9_000);
    const [product] = await rows<{ min_price: number }>(
      sql`select min_price from product_prices where product_id = ${a!.id}::uuid`,
    );
    expect(product!.min_price).toBe(9_000);

    // An availability change alone is a change too.
    const soldOut = await run(jsonFeed([item('A-1', 90, { availability: 'out-of-stock' })]));
    expect(soldOut.report).toMatchObject({ updated: 1, priceChanges: 0 });
    expect(await historyCount()).toBe(4);
    expect(await events(soldOut.importId)).toHaveLength(1);
  });

  it("gives each event the lowest in-stock price before and after, whether the store's offer lowered it or not", async () => {
    const used = products.slice(0, 10);
    // A rival store at 20 TRY on every product: below some of this store's prices, above others.
    const [rival] = await rows<{ id: string }>(
      sql`insert into stores (name, slug) values (${`Rakip ${seq}`}, ${`rakip-${seq}`}) returning id`,
    );
    for (const p of used) {
      await handle.db.execute(sql`
        insert into store_offers (product_id, store_id, price, product_url, external_id)
        values (${p.id}::uuid, ${rival!.id}::uuid, 2000, 'https://rakip.example/u', ${`R-${p.id}`})`);
    }
    await refreshProductPriceAggregates(
      handle.db,
      used.map((p) => p.id),
    );
    const first = [10, 30, 15, 30, 10, 30, 30, 30, 10].map((price, i) =>
      item(`L-${i}`, price, { productId: used[i]!.id }),
    );
    await run(jsonFeed(first));
    // L-6 stale, L-7 deactivated: neither counts before the next import.
    await handle.db.execute(sql`
      update store_offers set last_seen_at = now() - interval '100 hours'
       where store_id = ${storeId}::uuid and external_id = 'L-6'`);
    await handle.db.execute(sql`
      update store_offers set is_active = false where store_id = ${storeId}::uuid and external_id = 'L-7'`);
    await refreshProductPriceAggregates(
      handle.db,
      used.map((p) => p.id),
    );
    const truthBefore = await lowestInStockPrices(
      handle.db,
      used.map((p) => p.id),
    );
    const second = await run(
      jsonFeed([
        item('L-0', 9), // the lowest, lower still
        item('L-1', 25), // above the rival, lower: the rival stays the lowest
        item('L-2', 18), // the lowest, dearer but still below the rival
        item('L-3', 12), // below the rival now
        item('L-4', 40), // the lowest, now above the rival
        item('L-5', 30, { availability: 'out-of-stock' }), // above the rival, sold out
        item('L-6', 15), // stale, confirmed again (unchanged): the lowest again
        item('L-7', 31), // reactivated above the rival
        item('L-8', 10, { availability: 'out-of-stock' }), // the lowest, sold out
        item('L-9', 5, { productId: used[9]!.id }), // a new offer, the lowest
      ]),
    );
    expect(second.status).toBe('succeeded');
    const truthAfter = await lowestInStockPrices(
      handle.db,
      used.map((p) => p.id),
    );
    const announced = new Map((await events(second.importId)).map((e) => [e.payload.productId, e.payload]));
    for (const p of used) {
      const before = truthBefore.get(p.id) ?? null;
      const after = truthAfter.get(p.id) ?? null;
      const event = announced.get(p.id);
      expect(event, p.id).toBeDefined();
      expect([event!.lowestBefore, event!.lowestAfter], p.id).toEqual([before, after]);
    }
    // The cases above do move the lowest price, and in both directions.
    expect(announced.get(used[0]!.id)).toMatchObject({ lowestBefore: 1_000, lowestAfter: 900 });
    expect(announced.get(used[4]!.id)).toMatchObject({ lowestBefore: 1_000, lowestAfter: 2_000 });
    expect(announced.get(used[6]!.id)).toMatchObject({ lowestBefore: 2_000, lowestAfter: 1_500 });
    expect(announced.get(used[9]!.id)).toMatchObject({ lowestBefore: 2_000, lowestAfter: 500 });
  });

  it('writes a confirmation of an unchanged offer only when the recorded one is older than window/8', async () => {
    const [a, b] = products;
    const feed = jsonFeed([item('A-1', 100, { productId: a!.id }), item('B-1', 200, { productId: b!.id })]);
    await run(feed);
    // The store's window is 72 hours: 9 hours is its eighth. A confirmed 8 hours ago (not due),
    // B 10 hours ago (due).
    await handle.db.execute(sql`
      update store_offers set last_seen_at = now() - interval '8 hours' - (case when product_id = ${b!.id}::uuid
                                                                       then interval '2 hours' else interval '0' end)
       where store_id = ${storeId}::uuid`);
    const seen = async () =>
      new Map(
        (
          await rows<{ product_id: string; age_minutes: number }>(sql`
            select product_id, round(extract(epoch from now() - last_seen_at) / 60)::int as age_minutes
              from store_offers where store_id = ${storeId}::uuid`)
        ).map((r) => [r.product_id, Number(r.age_minutes)]),
      );
    const again = await run(feed);
    expect(again.report).toMatchObject({ unchanged: 2 });
    const ages = await seen();
    expect(ages.get(a!.id)).toBe(8 * 60);
    expect(ages.get(b!.id)).toBe(0);
  });

  it('keeps the last price for every bad price', async () => {
    const [a] = products;
    await run(jsonFeed([item('A-1', 100, { productId: a!.id })]));
    const result = await run(
      JSON.stringify({
        items: [
          item('A-1', 1001),
          { ...item('A-1', 0), price: 0 },
          item('A-1', -5),
          { sku: 'A-1', availability: 'in-stock', url: 'https://magaza.example/a' },
          item('A-1', 9.99),
          { ...item('A-1', 1), price: '120 USD' },
        ],
      }),
    );
    // The zero, negative, missing and USD prices are refused by the parser; 1001 and 9.99 are
    // more than ten times / less than a tenth of 100 (and the first of them makes the rest duplicates).
    expect(result.report.rejected).toBe(6);
    expect(result.report.rejectedSamples.map((r) => r.reason)).toEqual(
      expect.arrayContaining([expect.stringContaining('10 katından')]),
    );
    expect((await offerOf(a!.id))?.price).toBe(10_000);
    expect(await events(result.importId)).toHaveLength(0);

    const jump = await run(jsonFeed([item('A-1', 9.99)]));
    expect(jump.report).toMatchObject({ rejected: 1, updated: 0 });
    expect((await offerOf(a!.id))?.price).toBe(10_000);
    const fine = await run(jsonFeed([item('A-1', 999)]));
    expect(fine.report).toMatchObject({ updated: 1, priceChanges: 1 });
  });

  it('writes the highest believable price and rejects one above it, the rest of the feed applied', async () => {
    const [a, b, c] = products;
    const result = await run(
      jsonFeed([
        item('MAX-1', FEED_MAX_PRICE, { productId: a!.id }),
        item('MAX-2', FEED_MAX_PRICE + 0.01, { productId: b!.id }),
        item('MAX-3', 100, { productId: c!.id, originalPrice: FEED_MAX_PRICE + 1 }),
      ]),
    );
    expect(result.status).toBe('succeeded');
    expect(result.report).toMatchObject({ received: 3, created: 1, rejected: 2 });
    expect((await offerOf(a!.id))?.price).toBe(FEED_MAX_PRICE * 100);
    expect(await offerOf(b!.id)).toBeUndefined();
  });

  it('changes nothing when the file turns out malformed after its first items', async () => {
    const [a] = products;
    await run(jsonFeed([item('A-1', 100, { productId: a!.id })]));
    const items = Array.from({ length: 3000 }, (_, i) => item(`A-${i + 1}`, 90, i === 0 ? { productId: a!.id } : {}));
    const truncated = jsonFeed(items).slice(0, -40);
    const before = await historyCount();
    const result = await run(truncated);
    expect(result).toMatchObject({ status: 'refused', error: { code: 'FEED_MALFORMED' } });
    expect((await offerOf(a!.id))?.price).toBe(10_000);
    expect(await historyCount()).toBe(before);
    const [staged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from feed_import_items where import_id = ${result.importId}::uuid`,
    );
    expect(Number(staged!.n)).toBe(0);
    const [row] = await rows<{ status: string; error_code: string }>(
      sql`select status, error_code from feed_imports where id = ${result.importId}::uuid`,
    );
    expect(row).toEqual({ status: 'refused', error_code: 'FEED_MALFORMED' });
  });

  it('applies each batch exactly once when an import dies halfway and is run again', async () => {
    const many = products.slice(0, 12).map((p, i) => item(`P-${i}`, 100 + i, { productId: p.id }));
    await run(jsonFeed(many));
    const changed = jsonFeed(many.map((it) => ({ ...it, price: Number(it.price) + 1 })));
    const historyBefore = await historyCount();
    // Batches of 5: the first commits, then the connection "drops".
    await expect(
      importFeed(
        handle.db,
        { storeId, source: 'cli', body: Readable.from([changed]) },
        {
          batchSize: 5,
          applyConcurrency: 1,
          afterBatch: () => {
            throw new Error('bağlantı koptu');
          },
        },
      ),
    ).rejects.toThrow('bağlantı koptu');
    const [failed] = await rows<{ status: string; error_code: string }>(
      sql`select status, error_code from feed_imports where store_id = ${storeId}::uuid order by started_at desc limit 1`,
    );
    expect(failed).toEqual({ status: 'failed', error_code: 'FEED_IMPORT_FAILED' });
    expect(await historyCount()).toBe(historyBefore + 5);
    // The same feed again applies the rest, and only the rest.
    const rerun = await run(changed);
    expect(rerun.report).toMatchObject({ updated: 7, unchanged: 5, priceChanges: 7 });
    expect(await historyCount()).toBe(historyBefore + 12);
    const announced = (
      await rows<{ payload: unknown }>(sql`select payload from outbox where kind = ${PRICE_CHANGED_KIND}`)
    ).flatMap((row) => flatten(row.payload).filter((change) => change.offers[0]?.storeId === storeId));
    // 12 creations, then each of the 12 price changes once.
    expect(announced).toHaveLength(24);
  });
});

describe('importFeed: items identical to their offer (offer digest)', () => {
  it('confirms an identical item without rewriting the offer, and still sees every kind of change', async () => {
    const [a, b, c, d] = products;
    const base = [
      item('D-1', 100, { productId: a!.id, shipping: { free: false, cost: 9.9, estimatedDays: 2 } }),
      item('D-2', 200, { productId: b!.id, originalPrice: 250 }),
      item('D-3', 300, { productId: c!.id }),
      item('D-4', 400, { productId: d!.id, availability: 'limited' }),
    ];
    await run(jsonFeed(base));
    const updatedAt = async () =>
      rows<{ external_id: string; updated_at: string }>(
        sql`select external_id, updated_at::text from store_offers where store_id = ${storeId}::uuid order by external_id`,
      );
    const before = await updatedAt();
    // Shipping left out keeps the offer's; everything else the same: four confirmations.
    const same = await run(jsonFeed([{ ...base[0]!, shipping: undefined }, ...base.slice(1)]));
    expect(same.report).toMatchObject({ matched: 4, unchanged: 4, updated: 0, priceChanges: 0 });
    expect(await updatedAt()).toEqual(before);
    // A list price, a URL, a shipping fee and an availability are each a change.
    const changed = await run(
      jsonFeed([
        { ...base[0]!, shipping: { free: false, cost: 12.5, estimatedDays: 2 } },
        { ...base[1]!, originalPrice: 260 },
        { ...base[2]!, url: 'https://magaza.example/D-3-yeni' },
        { ...base[3]!, availability: 'in-stock' },
      ]),
    );
    expect(changed.report).toMatchObject({ matched: 4, unchanged: 0, updated: 4, priceChanges: 0 });
    expect((await events(changed.importId)).map((e) => e.payload.productId)).toEqual([d!.id]);
  });

  it('reads the whole store into the digest a page at a time, the first offer of a SKU winning', async () => {
    const five = products.slice(0, 5).map((p, i) => item(`D-${i}`, 100 + i, { productId: p.id }));
    await run(jsonFeed(five));
    // A second offer of the store carrying D-0, created later: the first one stays D-0's offer.
    await handle.db.execute(sql`
      insert into store_offers (product_id, store_id, price, product_url, external_id, created_at)
      values (${products[5]!.id}::uuid, ${storeId}::uuid, 5000, 'https://magaza.example/D-0', 'D-0', now() + interval '1 second')`);
    // Pages of two offers, and two slots to start with: the digest grows as the offers arrive.
    const digest = await OfferDigest.load(handle.db, storeId, undefined, 2, 2);
    expect(digest!.size).toBe(5);
    for (const [i, it] of five.entries()) {
      const staged = stagedItem(i + 1, i + 1, { ...it, productId: undefined } as FeedItem);
      expect(digest!.unchanged(staged), it.sku).toEqual({ confirmDue: false });
      expect(digest!.unchanged({ ...staged, price: staged.price + 1 }), it.sku).toBeUndefined();
    }
    // Five SKUs: a store with more than four has no digest.
    expect(await OfferDigest.load(handle.db, storeId, 5)).not.toBeNull();
    expect(await OfferDigest.load(handle.db, storeId, 4)).toBeNull();
    expect(await OfferDigest.load(handle.db, storeId, 4, 2)).toBeNull();
  });

  it('keeps the first of two items with one SKU when the first only confirms its offer', async () => {
    const [a] = products;
    await run(jsonFeed([item('S-1', 100, { productId: a!.id })]));
    const result = await run(jsonFeed([item('S-1', 100), item('S-1', 80)]));
    expect(result.report).toMatchObject({ received: 2, unchanged: 1, updated: 0, rejected: 1 });
    expect(result.report.rejectedSamples.map((r) => [r.line, r.sku])).toEqual([[2, 'S-1']]);
    expect((await offerOf(a!.id))?.price).toBe(10_000);
  });

  it('refuses a confirmation whose product an earlier item of the feed already took', async () => {
    const [a] = products;
    await run(jsonFeed([item('OLD-1', 100, { productId: a!.id })]));
    // A new SKU for the same product (by GTIN) comes first: it wins, the old SKU is a duplicate.
    const result = await run(jsonFeed([item('NEW-1', 90, { gtin: a!.gtin }), item('OLD-1', 100)]));
    expect(result.report).toMatchObject({ received: 2, updated: 1, unchanged: 0, rejected: 1, priceChanges: 1 });
    expect(result.report.rejectedSamples.map((r) => [r.line, r.sku])).toEqual([[2, 'OLD-1']]);
    expect(await offerOf(a!.id)).toMatchObject({ price: 9_000, external_id: 'NEW-1' });
  });

  it('confirms identical items without staging them: a due confirmation written, none when the feed is refused', async () => {
    const [a, b, c] = products;
    const base = [item('C-1', 100), item('C-2', 200), item('C-3', 300)];
    await run(jsonFeed(base.map((it, i) => ({ ...it, productId: [a, b, c][i]!.id }))));
    // C-1 confirmed 8 hours ago (not due at a 72-hour window), C-2 10 hours ago (due), C-3 12.
    await handle.db.execute(sql`
      update store_offers set last_seen_at = now() - make_interval(hours => case external_id when 'C-1' then 8
                                                                      when 'C-2' then 10 else 12 end)
       where store_id = ${storeId}::uuid`);
    const ages = async () =>
      Object.fromEntries(
        (
          await rows<{ external_id: string; hours: number }>(sql`
            select external_id, round(extract(epoch from now() - last_seen_at) / 3600)::int as hours
              from store_offers where store_id = ${storeId}::uuid`)
        ).map((r) => [r.external_id, Number(r.hours)]),
      );
    // Refused after its items were read: nothing confirmed.
    const refused = await run(`{"items": [${base.map((it) => JSON.stringify(it)).join(',')}, {"sku": `);
    expect(refused.status).toBe('refused');
    expect(await ages()).toEqual({ 'C-1': 8, 'C-2': 10, 'C-3': 12 });
    const result = await run(jsonFeed(base.slice(0, 2)));
    expect(result.report).toMatchObject({ received: 2, matched: 2, unchanged: 2, updated: 0, rejected: 0 });
    expect(await ages()).toEqual({ 'C-1': 8, 'C-2': 0, 'C-3': 12 });
    expect(await events(result.importId)).toHaveLength(0);
  });

  it("refuses a later item that takes a confirmed offer's product under another SKU", async () => {
    const [a] = products;
    await run(jsonFeed([item('OLD-2', 100, { productId: a!.id })]));
    const result = await run(jsonFeed([item('OLD-2', 100), item('NEW-2', 90, { gtin: a!.gtin })]));
    expect(result.report).toMatchObject({ received: 2, matched: 1, unchanged: 1, updated: 0, rejected: 1 });
    expect(result.report.rejectedSamples.map((r) => [r.line, r.sku, r.reason])).toEqual([
      [2, 'NEW-2', feedMessages.rejections.DUPLICATE_PRODUCT],
    ]);
    expect(await offerOf(a!.id)).toMatchObject({ price: 10_000, external_id: 'OLD-2' });
  });

  it('gives the same report whether items wait for the digest or the digest is there first', async () => {
    const four = products.slice(0, 4).map((p, i) => item(`W-${i}`, 100 + i, { productId: p.id }));
    await run(jsonFeed(four));
    const feed = jsonFeed([...four.map((it) => ({ ...it, productId: undefined })), item('W-3', 50)]);
    for (const digestWaitItems of [0, 1, 100]) {
      const result = await importFeed(
        handle.db,
        { storeId, source: 'cli', body: Readable.from([feed]) },
        { digestWaitItems },
      );
      expect(result.report, String(digestWaitItems)).toMatchObject({
        received: 5,
        matched: 4,
        unchanged: 4,
        updated: 0,
        rejected: 1,
      });
      expect(
        result.report.rejectedSamples.map((r) => [r.line, r.sku]),
        String(digestWaitItems),
      ).toEqual([[5, 'W-3']]);
    }
  });

  it('refuses an identical item whose SKU an earlier changed item already listed', async () => {
    const [a] = products;
    await run(jsonFeed([item('S-2', 100, { productId: a!.id })]));
    const result = await run(jsonFeed([item('S-2', 80), item('S-2', 100)]));
    expect(result.report).toMatchObject({ received: 2, updated: 1, unchanged: 0, rejected: 1, priceChanges: 1 });
    expect(result.report.rejectedSamples.map((r) => [r.line, r.sku, r.reason])).toEqual([
      [2, 'S-2', feedMessages.rejections.DUPLICATE_SKU],
    ]);
    expect((await offerOf(a!.id))?.price).toBe(8_000);
  });

  it('keeps every offer a full feed confirmed, or listed under a SKU it confirmed, and deactivates the rest', async () => {
    const four = products.slice(0, 4).map((p, i) => item(`FC-${i}`, 100, { productId: p.id }));
    await run(jsonFeed(four));
    // A second offer of the store carrying FC-0 (created later): listed by FC-0's item too.
    await handle.db.execute(sql`
      insert into store_offers (product_id, store_id, price, product_url, external_id, created_at)
      values (${products[4]!.id}::uuid, ${storeId}::uuid, 5000, 'https://magaza.example/FC-0', 'FC-0', now() + interval '1 second')`);
    // FC-0 and FC-1 identical (confirmations), FC-2 changed, FC-3 left out.
    const result = await run(jsonFeed([item('FC-0', 100), item('FC-1', 100), item('FC-2', 110)], 'full'));
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(result.report).toMatchObject({ unchanged: 2, updated: 1, deactivated: 1 });
    expect(await offerOf(products[3]!.id)).toMatchObject({ is_active: false });
    for (const p of [0, 1, 2, 4]) expect(await offerOf(products[p]!.id), String(p)).toMatchObject({ is_active: true });
  });

  it('counts a stale offer again when an identical item confirms it', async () => {
    const [a] = products;
    await run(jsonFeed([item('ST-1', 100, { productId: a!.id })]));
    const offerCount = async () => {
      const [row] = await rows<{ offer_count: number }>(
        sql`select offer_count from product_prices where product_id = ${a!.id}::uuid`,
      );
      return Number(row!.offer_count);
    };
    const counted = await offerCount();
    await handle.db.execute(
      sql`update store_offers set last_seen_at = now() - interval '100 hours'
           where store_id = ${storeId}::uuid and external_id = 'ST-1'`,
    );
    await refreshProductPriceAggregates(handle.db, [a!.id]);
    expect(await offerCount()).toBe(counted - 1);
    const result = await run(jsonFeed([item('ST-1', 100)]));
    expect(result.report).toMatchObject({ matched: 1, unchanged: 1, updated: 0 });
    expect(await offerCount()).toBe(counted);
  });

  it('applies exactly the rest when an import with two apply transactions at a time dies', async () => {
    const many = products.slice(0, 12).map((p, i) => item(`W-${i}`, 100 + i, { productId: p.id }));
    await run(jsonFeed(many));
    const changed = jsonFeed(many.map((it) => ({ ...it, price: Number(it.price) + 1 })));
    const historyBefore = await historyCount();
    let batches = 0;
    await expect(
      importFeed(
        handle.db,
        { storeId, source: 'cli', body: Readable.from([changed]) },
        {
          batchSize: 3,
          applyConcurrency: 2,
          afterBatch: () => {
            batches += 1;
            if (batches === 2) throw new Error('bağlantı koptu');
          },
        },
      ),
    ).rejects.toThrow('bağlantı koptu');
    const appliedFirst = (await historyCount()) - historyBefore;
    expect(appliedFirst % 3).toBe(0);
    expect(appliedFirst).toBeGreaterThanOrEqual(6);
    expect(appliedFirst).toBeLessThan(12);
    const rerun = await run(changed);
    expect(rerun.report).toMatchObject({ updated: 12 - appliedFirst, unchanged: appliedFirst });
    expect(await historyCount()).toBe(historyBefore + 12);
  });
});

describe('importFeed: races', () => {
  it('announces a change once when two imports of the same feed run at the same time', async () => {
    const four = products.slice(0, 4).map((p, i) => item(`R-${i}`, 100, { productId: p.id }));
    await run(jsonFeed(four));
    const historyBefore = await historyCount();
    const changed = jsonFeed(four.map((it) => ({ ...it, price: 80 })));
    const results = await Promise.all([run(changed), run(changed)]);
    // Row locks serialise the two: whichever applies second finds the new prices already there.
    expect(results.map((r) => r.report.priceChanges).sort()).toEqual([0, 4]);
    expect(await historyCount()).toBe(historyBefore + 4);
    const counts = await Promise.all(results.map((r) => events(r.importId)));
    expect(counts.map((e) => e.length).sort()).toEqual([0, 4]);
  });
});

describe('importFeed: full feeds', () => {
  it('deactivates the offers a full feed leaves out', async () => {
    const five = products.slice(0, 5).map((p, i) => item(`F-${i}`, 100, { productId: p.id }));
    await run(jsonFeed(five));
    const result = await run(jsonFeed(five.slice(0, 3), 'full'));
    expect(result).toMatchObject({ status: 'succeeded', mode: 'full' });
    expect(result.report).toMatchObject({ deactivated: 2, unchanged: 3 });
    expect(await offerOf(products[3]!.id)).toMatchObject({ is_active: false });
    const [history] = await rows<{ availability: string }>(
      sql`select availability::text as availability from price_history
           where store_id = ${storeId}::uuid and product_id = ${products[4]!.id}::uuid order by id desc limit 1`,
    );
    expect(history!.availability).toBe('discontinued');
    expect(await events(result.importId)).toHaveLength(2);
    // Listed again: active again, a change.
    const back = await run(jsonFeed(five.slice(3, 4)));
    expect(back.report).toMatchObject({ updated: 1 });
    expect(await offerOf(products[3]!.id)).toMatchObject({ is_active: true });
  });

  it('holds a full feed that would deactivate more than half of the store, unless forced', async () => {
    const five = products.slice(0, 5).map((p, i) => item(`H-${i}`, 100, { productId: p.id }));
    await run(jsonFeed(five));
    const truncated = jsonFeed(
      five.slice(0, 2).map((it) => ({ ...it, price: 95 })),
      'full',
    );
    const held = await run(truncated);
    expect(held).toMatchObject({ status: 'held', error: { code: 'FEED_HELD' } });
    expect(held.report).toMatchObject({ deactivated: 0, held: { wouldDeactivate: 3, activeOffers: 5 } });
    // The listed offers were updated; none was deactivated.
    expect((await offerOf(products[0]!.id))?.price).toBe(9_500);
    const [active] = await rows<{ n: number }>(
      sql`select count(*)::int as n from store_offers where store_id = ${storeId}::uuid and is_active`,
    );
    expect(Number(active!.n)).toBe(5);

    const forced = await run(truncated, { force: true });
    expect(forced).toMatchObject({ status: 'succeeded' });
    expect(forced.report).toMatchObject({ deactivated: 3, unchanged: 2 });
  });
});
