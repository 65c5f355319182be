import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { FEED_FORMATS, type FeedEntry } from '@kiyasla/contracts/feeds';
import { parseFeed } from './parse-feed';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../../docs/feeds.md'), 'utf8');

/** The section of each format: its first code block of that language is its complete example. */
const SECTIONS: Record<string, string> = { json: '## JSON\n', csv: '## CSV\n', xml: '## Google Merchant XML\n' };

function example(format: string): string {
  const section = doc.indexOf(SECTIONS[format] ?? '');
  if (section < 0) throw new Error(`docs/feeds.md has no section for ${format}`);
  const match = new RegExp('```' + format + '\\n([\\s\\S]*?)```').exec(doc.slice(section));
  if (!match?.[1]) throw new Error(`docs/feeds.md has no ${format} example`);
  return match[1];
}

async function entriesOf(body: string) {
  const feed = parseFeed(Readable.from([Buffer.from(body)]));
  const entries: FeedEntry[] = [];
  for await (const entry of feed) entries.push(entry);
  return { entries, summary: feed.summary };
}

describe('docs/feeds.md', () => {
  it.each(FEED_FORMATS)('its %s example parses into the same two items', async (format) => {
    const { entries, summary } = await entriesOf(example(format));
    expect(summary).toMatchObject({ format, items: 2, rejected: 0, complete: true });
    expect(entries.map((e) => e.item)).toEqual([
      expect.objectContaining({
        sku: 'TS-1001',
        gtin: '4006381333931',
        brand: 'Apple',
        model: 'MTP03TU/A',
        title: 'iPhone 15 128 GB Siyah',
        price: 52999.9,
        originalPrice: 56999,
        availability: 'in-stock',
        url: 'https://magaza.example/iphone-15-128',
        shipping: { free: true, cost: 0, estimatedDays: 2 },
      }),
      expect.objectContaining({
        sku: 'TS-1002',
        brand: 'Philips',
        model: 'HD9252/90',
        price: 3299,
        url: 'https://magaza.example/airfryer',
        shipping: format === 'xml' ? { free: false, cost: 49.9 } : { free: false, cost: 49.9, estimatedDays: 3 },
      }),
    ]);
  });

  it('lists every rejection and refusal code with its message', () => {
    for (const [code, message] of [
      ...Object.entries(feedMessages.rejections),
      ...Object.entries(feedMessages.refusals),
    ]) {
      expect(doc).toMatch(new RegExp(`\\| \`${code}\` +\\| ${message.replace(/[.()]/g, '\\$&')} +\\|`));
    }
  });
});
