/**
 * Lighthouse in its own process (it is heavy and must not share an event loop with the load
 * generator or the server): Debian's Chromium, headless, mobile emulation with simulated
 * throttling (Lighthouse's defaults). Prints one JSON line: scores per URL.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthousePageResult {
  url: string;
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  failedAudits: { category: string; id: string; title: string }[];
  error?: string;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

async function main() {
  const urls = process.argv.slice(2);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results: LighthousePageResult[] = [];
  try {
    for (const url of urls) {
      try {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          formFactor: 'mobile',
        });
        const lhr = runner?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no result');
        const failedAudits: LighthousePageResult['failedAudits'] = [];
        for (const id of CATEGORIES) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
              failedAudits.push({ category: id, id: ref.id, title: audit.title });
            }
          }
        }
        const problems = [lhr.runtimeError?.message, ...(lhr.runWarnings ?? [])].filter(Boolean).join(' | ');
        results.push({
          url,
          ...(problems ? { error: problems.slice(0, 300) } : {}),
          scores: Object.fromEntries(
            CATEGORIES.map((c) => {
              const score = lhr.categories[c]?.score;
              return [c, typeof score === 'number' ? Math.round(score * 100) : null];
            }),
          ),
          metrics: Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? null])),
          failedAudits,
        });
      } catch (err) {
        results.push({
          url,
          scores: {},
          metrics: {},
          failedAudits: [],
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
