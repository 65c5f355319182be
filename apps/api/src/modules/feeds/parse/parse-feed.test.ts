import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FeedEntry, FeedRefusalCode } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';
import { parseFeed, type ParseFeedOptions } from './parse-feed';

/** The feed as a stream cut into small chunks, so no test passes only because it got one buffer. */
function stream(body: string | Buffer, chunkSize = 7): Readable {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

async function parse(body: string | Buffer, options: ParseFeedOptions = {}) {
  const feed = parseFeed(stream(body), options);
  const entries: FeedEntry[] = [];
  for await (const entry of feed) entries.push(entry);
  return { entries, summary: feed.summary };
}

async function refusal(body: string | Buffer, options: ParseFeedOptions = {}) {
  const feed = parseFeed(stream(body), options);
  const entries: FeedEntry[] = [];
  try {
    for await (const entry of feed) entries.push(entry);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedRefusedError);
    expect(feed.summary.complete).toBe(false);
    return { error: error as FeedRefusedError, entries };
  }
  throw new Error('the feed was not refused');
}

const items = (entries: FeedEntry[]) => entries.flatMap((e) => (e.item ? [e.item] : []));
const codes = (entries: FeedEntry[]) => entries.flatMap((e) => (e.rejected ? [e.rejected.code] : []));

describe('JSON feeds', () => {
  const feed = {
    mode: 'full',
    items: [
      {
        sku: 'TS-1',
        productId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        gtin: '4006381333931',
        brand: 'Apple',
        model: 'A2890',
        title: 'iPhone 15 128 GB',
        price: 52999.9,
        originalPrice: 56999,
        availability: 'in-stock',
        url: 'https://magaza.example/iphone-15',
        shipping: { free: true, estimatedDays: 2 },
      },
      { sku: 'TS-2', price: 0, availability: 'in-stock', url: 'https://magaza.example/2' },
      { sku: 'TS-3', price: 1299.9, availability: 'limited', url: 'https://magaza.example/3' },
    ],
  };

  it('yields every item in order, with the declared mode', async () => {
    const { entries, summary } = await parse(JSON.stringify(feed, null, 2));
    expect(entries.map((e) => e.index)).toEqual([1, 2, 3]);
    expect(items(entries)).toEqual([
      { ...feed.items[0], shipping: { free: true, cost: 0, estimatedDays: 2 } },
      feed.items[2],
    ]);
    expect(entries[1]).toMatchObject({ sku: 'TS-2', rejected: { code: 'ZERO_PRICE' } });
    expect(summary).toEqual({
      format: 'json',
      mode: 'full',
      modeSource: 'feed',
      items: 2,
      rejected: 1,
      complete: true,
    });
  });

  it('reads the mode also when it follows the items', async () => {
    const { summary } = await parse(JSON.stringify({ items: feed.items, mode: 'partial' }), { mode: 'full' });
    expect(summary).toMatchObject({ mode: 'partial', modeSource: 'feed' });
  });

  it('takes the caller’s mode, else partial, when the feed declares none', async () => {
    const body = JSON.stringify({ items: feed.items });
    expect((await parse(body, { mode: 'full' })).summary).toMatchObject({ mode: 'full', modeSource: 'option' });
    expect((await parse(body)).summary).toMatchObject({ mode: 'partial', modeSource: 'default' });
  });

  it('accepts a bare array of items and ignores unknown keys', async () => {
    expect(items((await parse(JSON.stringify(feed.items))).entries)).toHaveLength(2);
    const withExtras = { generator: { name: 'x', tags: [1, [2]] }, items: feed.items, note: 'ok', mode: 'full' };
    const { entries, summary } = await parse(JSON.stringify(withExtras));
    expect(items(entries)).toHaveLength(2);
    expect(summary.mode).toBe('full');
  });

  it('rejects entries that are not objects, one by one', async () => {
    const body = JSON.stringify({ items: [5, 'x', null, [1], feed.items[2]] });
    const { entries } = await parse(body);
    expect(codes(entries)).toEqual(['NOT_AN_OBJECT', 'NOT_AN_OBJECT', 'NOT_AN_OBJECT', 'NOT_AN_OBJECT']);
    expect(entries.map((e) => e.index)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('CSV feeds', () => {
  const header =
    'sku;productId;gtin;brand;model;title;price;originalPrice;availability;url;shipping_free;shipping_cost;shipping_days';

  it('reads a Turkish spreadsheet: BOM, semicolons, decimal commas, quoted cells', async () => {
    const body =
      '\ufeff' +
      [
        header,
        ';;4006381333931;Samsung;SM-S921B;"Galaxy S24; 128 GB";1.299,90;1.499,90;Stokta;https://magaza.example/s24;hayır;29,90;3',
        'B-2;;;;;Kulaklık;899;;in-stock;https://magaza.example/b2;evet;;',
        'B-3;;;;;;0;;in-stock;https://magaza.example/b3;;;',
        ';;;;;;;;;;;;',
        '',
        'B-4;;;;;;12,5;;out-of-stock;https://magaza.example/b4;;;',
      ].join('\r\n');
    const { entries, summary } = await parse(body, { contentType: 'text/csv; charset=utf-8' });
    expect(summary).toMatchObject({ format: 'csv', mode: 'partial', items: 2, rejected: 2, complete: true });
    expect(entries[0]).toMatchObject({ index: 1, line: 2, rejected: { code: 'MISSING_SKU' } });
    expect(entries[1]).toEqual({
      index: 2,
      line: 3,
      item: {
        sku: 'B-2',
        title: 'Kulaklık',
        price: 899,
        availability: 'in-stock',
        url: 'https://magaza.example/b2',
        shipping: { free: true, cost: 0 },
      },
    });
    expect(entries[2]).toMatchObject({ index: 3, line: 4, sku: 'B-3', rejected: { code: 'ZERO_PRICE' } });
    expect(entries[3]).toMatchObject({ index: 4, line: 7, item: { sku: 'B-4', price: 12.5 } });
  });

  it('reads comma-separated files with English decimals and any column order', async () => {
    const body = [
      'URL,Price,SKU,Availability,Original_Price,Title,Extra',
      'https://magaza.example/a,"1,299.90",A-1,in_stock,1499.9,"Ütü, buharlı",x',
      'https://magaza.example/b,1299.90,A-2,limited,,,',
    ].join('\n');
    const { entries } = await parse(body);
    expect(items(entries)).toEqual([
      {
        sku: 'A-1',
        title: 'Ütü, buharlı',
        price: 1299.9,
        originalPrice: 1499.9,
        availability: 'in-stock',
        url: 'https://magaza.example/a',
      },
      { sku: 'A-2', price: 1299.9, availability: 'limited', url: 'https://magaza.example/b' },
    ]);
  });

  it('rejects a row whose cells do not match the header, with its line', async () => {
    const body = [
      'sku,price,availability,url',
      'A,1,in-stock',
      'B,2,in-stock,https://m.example/b,extra',
      'C,3,in-stock,https://m.example/c,',
    ].join('\n');
    const { entries } = await parse(body);
    expect(entries.map((e) => [e.line, e.rejected?.code ?? e.item?.sku])).toEqual([
      [2, 'BAD_ROW'],
      [3, 'BAD_ROW'],
      [4, 'C'],
    ]);
  });

  it('reads tab-separated files', async () => {
    const { entries } = await parse('sku\tprice\tavailability\turl\nT\t5,5\tin-stock\thttps://m.example/t\n');
    expect(items(entries)).toEqual([{ sku: 'T', price: 5.5, availability: 'in-stock', url: 'https://m.example/t' }]);
  });
});

const googleFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Örnek Mağaza</title>
    <link>https://magaza.example</link>
    <item>
      <g:id>G-1</g:id>
      <g:title><![CDATA[Dyson V15 Detect & Absolute]]></g:title>
      <g:link>https://magaza.example/dyson-v15</g:link>
      <g:gtin>4006381333931</g:gtin>
      <g:mpn>SV47</g:mpn>
      <g:brand>Dyson</g:brand>
      <g:price>32999.00 TRY</g:price>
      <g:sale_price>29999.90 TRY</g:sale_price>
      <g:availability>in_stock</g:availability>
      <g:shipping>
        <g:country>DE</g:country>
        <g:price>9.99 EUR</g:price>
      </g:shipping>
      <g:shipping>
        <g:country>TR</g:country>
        <g:service>Standart</g:service>
        <g:price>0 TRY</g:price>
        <g:max_transit_time>3</g:max_transit_time>
      </g:shipping>
    </item>
    <item>
      <title>Plain RSS title</title>
      <link>https://magaza.example/g2</link>
      <g:id>G-2</g:id>
      <g:price>49.90 USD</g:price>
      <g:availability>in_stock</g:availability>
    </item>
    <item>
      <g:id>G-3</g:id>
      <g:title>Kettle</g:title>
      <g:link>https://magaza.example/g3</g:link>
      <g:price>899.90 TRY</g:price>
      <g:availability>backorder</g:availability>
      <g:shipping><g:price>49.90 TRY</g:price></g:shipping>
    </item>
  </channel>
</rss>`;

describe('Google Merchant XML feeds', () => {
  it('maps the g: fields, sale price, shipping and availability', async () => {
    const { entries, summary } = await parse(googleFeed);
    expect(summary).toMatchObject({ format: 'xml', items: 2, rejected: 1, complete: true });
    expect(entries[0]).toEqual({
      index: 1,
      line: 6,
      item: {
        sku: 'G-1',
        gtin: '4006381333931',
        brand: 'Dyson',
        model: 'SV47',
        title: 'Dyson V15 Detect & Absolute',
        price: 29999.9,
        originalPrice: 32999,
        availability: 'in-stock',
        url: 'https://magaza.example/dyson-v15',
        shipping: { free: true, cost: 0, estimatedDays: 3 },
      },
    });
    expect(entries[1]).toMatchObject({ index: 2, line: 27, sku: 'G-2', rejected: { code: 'OTHER_CURRENCY' } });
    expect(entries[2]).toMatchObject({
      item: { sku: 'G-3', price: 899.9, availability: 'pre-order', shipping: { free: false, cost: 49.9 } },
    });
  });

  it('goes by the namespace, not the prefix', async () => {
    const body = googleFeed.replaceAll('g:', 'google:').replace('xmlns:g=', 'xmlns:google=');
    expect(items((await parse(body)).entries).map((i) => i.sku)).toEqual(['G-1', 'G-3']);
    const foreign = googleFeed.replace('http://base.google.com/ns/1.0', 'http://example.com/not-google');
    expect(codes((await parse(foreign)).entries)).toEqual(['MISSING_SKU', 'MISSING_SKU', 'MISSING_SKU']);
  });

  it('reads the Atom variant', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
      <entry><g:id>A</g:id><link href="https://magaza.example/a"/><g:price>10 TRY</g:price><g:availability>in stock</g:availability></entry>
    </feed>`;
    expect(items((await parse(atom)).entries)).toEqual([
      { sku: 'A', price: 10, availability: 'in-stock', url: 'https://magaza.example/a' },
    ]);
  });
});

describe('input handling', () => {
  const csv = 'sku,price,availability,url\nZ,1.299,in-stock,https://m.example/z\n';

  it('gunzips gzip input, recognised by its magic bytes or by option', async () => {
    const expected = [{ sku: 'Z', price: 1299, availability: 'in-stock', url: 'https://m.example/z' }];
    expect(items((await parse(gzipSync(csv))).entries)).toEqual(expected);
    expect(items((await parse(gzipSync(csv), { gzip: true })).entries)).toEqual(expected);
    expect(items((await parse(gzipSync(JSON.stringify({ items: expected })))).entries)).toEqual(expected);
  });

  it('detects the format from the content, and the content type must agree', async () => {
    expect((await parse(csv, { contentType: 'application/octet-stream' })).summary.format).toBe('csv');
    expect((await parse(`  \n ${googleFeed}`, { contentType: 'application/rss+xml' })).summary.format).toBe('xml');
    expect((await parse('\ufeff[]'.replace('[]', '[{"sku":"a"}]'))).summary.format).toBe('json');
    expect((await refusal(csv, { contentType: 'application/json' })).error.code).toBe('FEED_FORMAT_MISMATCH');
    expect((await refusal(googleFeed, { format: 'csv' })).error.code).toBe('FEED_FORMAT_MISMATCH');
  });

  it('accepts strings as chunks', async () => {
    const feed = parseFeed(Readable.from([csv.slice(0, 10), csv.slice(10)]));
    const entries: FeedEntry[] = [];
    for await (const entry of feed) entries.push(entry);
    expect(items(entries)).toHaveLength(1);
  });
});

describe('file-level refusals', () => {
  const cases: [string, string | Buffer, FeedRefusalCode][] = [
    ['an empty file', '', 'FEED_EMPTY'],
    ['only whitespace', ' \n\t ', 'FEED_EMPTY'],
    ['a JSON feed without items', '{"mode":"full","items":[]}', 'FEED_EMPTY'],
    ['an XML feed without items', '<rss><channel><title>x</title></channel></rss>', 'FEED_EMPTY'],
    ['a CSV header without rows', 'sku,price,availability,url\n', 'FEED_EMPTY'],
    ['invalid JSON', '{"items":[{"sku":"a",}]}', 'FEED_MALFORMED'],
    ['JSON cut short', '{"items":[{"sku":"a","price":1}', 'FEED_MALFORMED'],
    ['XML not well formed', '<rss><channel><item></channel></rss>', 'FEED_MALFORMED'],
    ['XML cut short', '<rss><channel><item><g:id>', 'FEED_MALFORMED'],
    ['an unbound g: prefix', '<rss><channel><item><g:id>1</g:id></item></channel></rss>', 'FEED_MALFORMED'],
    ['CSV with an unclosed quote', 'sku,price,availability,url\n"a,1,in-stock,https://m.example/a\n', 'FEED_MALFORMED'],
    ['a JSON root that is no object', '"items"', 'FEED_UNKNOWN_FORMAT'],
    ['a JSON object without items', '{"products":[{"sku":"a"}]}', 'FEED_WRONG_ROOT'],
    ['items that are no array', '{"items":{"sku":"a"}}', 'FEED_WRONG_ROOT'],
    ['an HTML page', '<!DOCTYPE html><html><body>Merhaba</body></html>', 'FEED_WRONG_ROOT'],
    ['an unknown mode', '{"mode":"all","items":[{"sku":"a"}]}', 'FEED_BAD_MODE'],
    ['plain prose', 'Merhaba, fiyat listemiz ektedir.\nSaygılar', 'FEED_UNKNOWN_FORMAT'],
    ['a CSV header missing required columns', 'sku;title\nA;B\n', 'FEED_BAD_HEADER'],
    ['a CSV header naming a column twice', 'sku,price,price,availability,url\n', 'FEED_BAD_HEADER'],
    ['a spreadsheet (xlsx)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'FEED_UNKNOWN_FORMAT'],
    ['a Windows-1254 file', Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xfd, 0xfe]), 'FEED_BAD_ENCODING'],
    [
      'broken gzip',
      Buffer.concat([
        gzipSync('sku,price,availability,url\n' + 'a,1,in-stock,https://m.example/a\n'.repeat(50)).subarray(0, 40),
      ]),
      'FEED_BAD_GZIP',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, body, code) => {
    const { error } = await refusal(body);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('refuses a file over the size cap, counted after decompression', async () => {
    const body = 'sku,price,availability,url\n' + 'a,1,in-stock,https://m.example/a\n'.repeat(1000);
    expect((await refusal(gzipSync(body), { maxBytes: 10_000 })).error.code).toBe('FEED_TOO_LARGE');
    expect((await parse(body, { maxBytes: 100_000 })).summary.complete).toBe(true);
  });

  it('may refuse after items were yielded: the caller must not apply them', async () => {
    const body = '{"items":[{"sku":"a","price":1,"availability":"in-stock","url":"https://m.example/a"},{"sku":';
    const { error, entries } = await refusal(body);
    expect(items(entries)).toHaveLength(1);
    expect(error.code).toBe('FEED_MALFORMED');
  });

  it('names the line of an XML syntax error', async () => {
    const { error } = await refusal(
      '<rss xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n<item>\n</channel></rss>',
    );
    expect(error).toMatchObject({ code: 'FEED_MALFORMED', line: 4 });
  });
});
