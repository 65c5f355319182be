import { Readable } from 'node:stream';
import type { FeedFormat } from '@kiyasla/contracts/feeds';

/** Items per chunk: big enough to keep per-chunk overhead low, small enough to stream. */
const BATCH = 200;

function price(i: number): string {
  return (1000 + (i % 9000) + (i % 100) / 100).toFixed(2);
}

function jsonItem(i: number): string {
  return JSON.stringify({
    sku: `SKU-${i}`,
    gtin: '4006381333931',
    brand: 'Marka',
    model: `M-${i}`,
    title: `Örnek ürün ${i} — kulaklık, şarj aleti ve çanta`,
    price: Number(price(i)),
    availability: i % 10 === 0 ? 'out-of-stock' : 'in-stock',
    url: `https://magaza.example/urun/${i}`,
    shipping: { free: i % 2 === 0, cost: i % 2 === 0 ? 0 : 29.9, estimatedDays: 3 },
  });
}

function csvItem(i: number): string {
  const p = price(i).replace('.', ',');
  return `SKU-${i};4006381333931;Marka;M-${i};"Örnek ürün ${i}; kulaklık";${p};in-stock;https://magaza.example/urun/${i};hayır;29,90;3\n`;
}

function xmlItem(i: number): string {
  return `<item><g:id>SKU-${i}</g:id><g:gtin>4006381333931</g:gtin><g:brand>Marka</g:brand><g:mpn>M-${i}</g:mpn><g:title>Örnek ürün ${i} &amp; kulaklık</g:title><g:price>${price(i)} TRY</g:price><g:availability>in_stock</g:availability><g:link>https://magaza.example/urun/${i}</g:link><g:shipping><g:country>TR</g:country><g:price>29.90 TRY</g:price></g:shipping></item>\n`;
}

const SHAPES: Record<FeedFormat, { head: string; item: (i: number) => string; separator: string; tail: string }> = {
  json: { head: '{"mode":"full","items":[\n', item: jsonItem, separator: ',\n', tail: ']}\n' },
  csv: {
    head: 'sku;gtin;brand;model;title;price;availability;url;shipping_free;shipping_cost;shipping_days\n',
    item: csvItem,
    separator: '',
    tail: '',
  },
  xml: {
    head: '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n',
    item: xmlItem,
    separator: '',
    tail: '</channel></rss>\n',
  },
};

/**
 * A feed of `count` items produced on demand, chunk by chunk, for memory and speed checks: the
 * whole document never exists at once.
 */
export function generatedFeed(
  format: FeedFormat,
  count: number,
  onProduced: (items: number) => void = () => {},
): Readable {
  const shape = SHAPES[format];
  function* chunks(): Generator<Buffer> {
    yield Buffer.from(shape.head);
    for (let start = 0; start < count; start += BATCH) {
      let text = '';
      for (let i = start; i < Math.min(start + BATCH, count); i++) {
        text += (i > 0 ? shape.separator : '') + shape.item(i);
      }
      onProduced(Math.min(start + BATCH, count));
      yield Buffer.from(text);
    }
    yield Buffer.from(shape.tail);
  }
  return Readable.from(chunks(), { objectMode: false });
}
