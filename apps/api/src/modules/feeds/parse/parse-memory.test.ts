import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { FEED_FORMATS } from '@kiyasla/contracts/feeds';
import { generatedFeed } from './generate-feed';
import { parseFeed } from './parse-feed';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

const MB = 1024 * 1024;

describe('memory', () => {
  it.each(FEED_FORMATS)('parses a 200,000-item %s feed with flat heap, never reading far ahead', async (format) => {
    const count = 200_000;
    let produced = 0;
    let consumed = 0;
    let furthestAhead = 0;
    const baseline = heapAfterGc();
    let peakGrowth = 0;
    // 30–70 MB of text: holding it, or the items, would exceed the bound many times over.
    const feed = parseFeed(generatedFeed(format, count, (n) => (produced = n)));
    for await (const entry of feed) {
      if (!entry.item) throw new Error(JSON.stringify(entry.rejected));
      consumed += 1;
      furthestAhead = Math.max(furthestAhead, produced - consumed);
      if (consumed % 25_000 === 0) peakGrowth = Math.max(peakGrowth, heapAfterGc() - baseline);
    }
    expect(consumed).toBe(count);
    expect(feed.summary.complete).toBe(true);
    // Back-pressure: the source is read only a few chunks ahead of the consumer.
    expect(furthestAhead).toBeLessThan(5_000);
    expect(peakGrowth).toBeLessThan(16 * MB);
  });

  it.each(FEED_FORMATS)('reads %s only a few chunks ahead of the consumer', async (format) => {
    let produced = 0;
    let consumed = 0;
    let furthestAhead = 0;
    for await (const entry of parseFeed(generatedFeed(format, 20_000, (n) => (produced = n)))) {
      if (!entry.item) throw new Error(JSON.stringify(entry.rejected));
      consumed += 1;
      furthestAhead = Math.max(furthestAhead, produced - consumed);
    }
    expect(consumed).toBe(20_000);
    expect(furthestAhead).toBeLessThan(5_000);
  });
});
