import { Readable, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { FeedEntry } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';
import { peek } from './feed-input';
import { rejectedEntry, toEntry, type RawFeedItem } from './normalise-item';

/** Column → field. Names compare case-insensitively, ignoring `_`, `-` and spaces. */
const COLUMNS = {
  sku: 'sku',
  productid: 'productId',
  gtin: 'gtin',
  brand: 'brand',
  model: 'model',
  title: 'title',
  price: 'price',
  originalprice: 'originalPrice',
  availability: 'availability',
  url: 'url',
  shippingfree: 'shipping_free',
  shippingcost: 'shipping_cost',
  shippingdays: 'shipping_days',
} as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];
const REQUIRED: Column[] = ['sku', 'price', 'availability', 'url'];
const SEPARATORS = [',', ';', '\t'] as const;
const MAX_RECORD_CHARS = 1_000_000;
const RAW_ROW_MAX = 200;

/** The separator of the header line: whichever of `,` `;` tab it holds most of (comma on a tie). */
export function detectSeparator(headerLine: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const sep of SEPARATORS) {
    const count = headerLine.split(sep).length - 1;
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

function mapHeader(header: string[]): (Column | undefined)[] {
  const mapped = header.map((name) => COLUMNS[columnKey(name) as keyof typeof COLUMNS]);
  if (mapped.every((c) => c === undefined)) throw new FeedRefusedError('FEED_UNKNOWN_FORMAT', undefined, 1);
  const seen = new Set<Column>();
  for (const column of mapped) {
    if (column === undefined) continue;
    if (seen.has(column)) throw new FeedRefusedError('FEED_BAD_HEADER', `${column} iki kez`, 1);
    seen.add(column);
  }
  const missing = REQUIRED.filter((c) => !seen.has(c));
  if (missing.length > 0) throw new FeedRefusedError('FEED_BAD_HEADER', `eksik: ${missing.join(', ')}`, 1);
  return mapped;
}

function rawItem(columns: (Column | undefined)[], cells: string[]): RawFeedItem {
  const row: Partial<Record<Column, string>> = {};
  columns.forEach((column, i) => {
    if (column !== undefined) row[column] = cells[i];
  });
  const hasShipping = row.shipping_free || row.shipping_cost || row.shipping_days;
  return {
    sku: row.sku,
    productId: row.productId,
    gtin: row.gtin,
    brand: row.brand,
    model: row.model,
    title: row.title,
    price: row.price,
    originalPrice: row.originalPrice,
    availability: row.availability,
    url: row.url,
    shipping: hasShipping
      ? { free: row.shipping_free, cost: row.shipping_cost, estimatedDays: row.shipping_days }
      : undefined,
  };
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * CSV with a header line naming the JSON fields (see docs/feeds.md). Rows whose cell count does
 * not match the header are rejected one by one; broken quoting is a syntax error of the file.
 */
export async function* parseCsvFeed(text: AsyncIterable<string>): AsyncGenerator<FeedEntry> {
  const { head, rest } = await peek(text, (h) => h.some((chunk) => /[\r\n]/.test(chunk)));
  const start = head.join('');
  const headerLine = start.slice(0, start.search(/[\r\n]|$/));
  const parser = parse({
    delimiter: detectSeparator(headerLine),
    info: true,
    trim: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  pipeline(Readable.from(rest), parser, () => {});

  let columns: (Column | undefined)[] | undefined;
  let index = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<CsvRecord>) {
      if (columns === undefined) {
        columns = mapHeader(record);
        continue;
      }
      index += 1;
      const position = { index, line: info.lines };
      const extra = record.slice(columns.length);
      if (record.length < columns.length || extra.some((cell) => cell !== '')) {
        yield rejectedEntry(position, 'BAD_ROW', record.join(' | ').slice(0, RAW_ROW_MAX));
        continue;
      }
      yield toEntry(position, rawItem(columns, record));
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new FeedRefusedError('FEED_MALFORMED', line ? `satır ${line}` : undefined, line);
    }
    throw error;
  } finally {
    parser.destroy();
  }
  if (columns === undefined) throw new FeedRefusedError('FEED_UNKNOWN_FORMAT');
}
