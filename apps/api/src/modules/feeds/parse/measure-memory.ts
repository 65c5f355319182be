/**
 * Peak resident memory while parsing generated feeds of 10,000 and 1,000,000 items, one format
 * per child process so each figure stands alone. Run: `npx tsx apps/api/src/modules/feeds/parse/measure-memory.ts`
 * (optionally with the formats to measure, e.g. `csv xml`).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FEED_FORMATS, type FeedFormat } from '@kiyasla/contracts/feeds';
import { generatedFeed } from './generate-feed';
import { parseFeed } from './parse-feed';

const SIZES = [10_000, 1_000_000];

async function measure(format: FeedFormat, count: number): Promise<string> {
  let peak = process.memoryUsage().rss;
  const started = performance.now();
  let items = 0;
  for await (const entry of parseFeed(generatedFeed(format, count))) {
    if (entry.item) items += 1;
    if (items % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const seconds = (performance.now() - started) / 1000;
  return `${format.padEnd(4)} ${count.toLocaleString('en-US').padStart(9)} items: peak RSS ${Math.round(peak / 1024 / 1024)} MB, ${seconds.toFixed(1)} s (${Math.round(items / seconds).toLocaleString('en-US')} items/s)`;
}

const [, , role, format, count] = process.argv;
if (role === '--child') {
  console.log(await measure(format as FeedFormat, Number(count)));
} else {
  const formats = (process.argv.slice(2) as FeedFormat[]).filter((f) => FEED_FORMATS.includes(f));
  for (const f of formats.length ? formats : FEED_FORMATS) {
    for (const size of SIZES) {
      const out = execFileSync(process.execPath, [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--child',
        f,
        String(size),
      ]);
      process.stdout.write(out);
    }
  }
}
