import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductCard, ProductDetail, Store } from '@kiyasla/contracts/catalog';
import type { FeedItem } from '@kiyasla/contracts/feeds';
import { newPage, useBrowser } from './support/browser';
import { usePrivateServer } from './support/private-server';

const root = path.resolve(import.meta.dirname, '..');
const STORE_SLUG = 'teknopazar';
/** As a user types it, relative to the repository root (where `npm run` is started). */
const FEED_FILE = 'feeds/teknopazar.json';

// The import rewrites a fifth of the store's prices: other files read demo prices from the shared
// server, so this one imports into a server (and database) of its own.
const server = usePrivateServer();
const browser = useBrowser();

const price = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const longDay = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });

/** Today as the price history counts days (Turkish time, UTC+3 all year), as the chart shows it. */
function todayOnChartLabel(): string {
  const day = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return longDay.format(new Date(`${day}T12:00:00Z`));
}

async function api<T>(pathAndQuery: string): Promise<T> {
  const res = await fetch(`${server().baseURL}/api${pathAndQuery}`);
  expect(res.status, pathAndQuery).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function storeProducts(slug: string): Promise<ProductCard[]> {
  const cards: ProductCard[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${server().baseURL}/api/products?store=${slug}&limit=100&page=${page}`);
    const body = (await res.json()) as { data: ProductCard[]; pagination: { pages: number } };
    cards.push(...body.data);
    if (page >= body.pagination.pages) return cards;
  }
}

/**
 * A product whose offer from the store gets cheaper in the feed than the product's lowest price
 * now: the feed names the product by title and the offer by its page at the store.
 */
async function productTheFeedMakesCheapest(
  slug: string,
  items: FeedItem[],
): Promise<{ product: ProductDetail; item: FeedItem }> {
  const byName = new Map((await storeProducts(slug)).map((card) => [card.name, card]));
  for (const item of items) {
    const card = item.title ? byName.get(item.title) : undefined;
    if (item.availability === 'out-of-stock' || !card || card.currentPrice === null) continue;
    if (item.price >= card.currentPrice) continue;
    const product = await api<ProductDetail>(`/products/${card._id}`);
    const offer = product.prices.find((o) => o.store.slug === slug);
    if (offer?.productUrl === item.url && product.currentPrice !== null && item.price < product.currentPrice) {
      return { product, item };
    }
  }
  throw new Error(`The sample feed lowers no product's lowest price: make it again (make-sample-feeds.ts).`);
}

function runFeedImport(env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', 'feed:import', '--', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The big price under "En düşük fiyat" in the product summary. */
function shownLowestPrice(page: Page) {
  return page
    .getByText('En düşük fiyat', { exact: true })
    .first()
    .locator('xpath=..')
    .getByText(/^₺[\d.]+,\d{2}$/)
    .first()
    .innerText();
}

/** Opens the price history tab and points at the chart's last day; returns the tooltip's text. */
async function chartTooltipOfLastDay(page: Page, day: string): Promise<string> {
  await page.getByRole('tab', { name: 'Fiyat Geçmişi' }).click();
  const chart = page.getByRole('img', { name: /^Fiyat geçmişi grafiği/ });
  await chart.locator('.recharts-line').first().waitFor();
  const box = await chart.boundingBox();
  if (!box) throw new Error('The price history chart has no box.');
  // The plot, and its last day, end 8 px before the chart's right edge (the chart's margin).
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2);
  const date = chart.getByText(day, { exact: true });
  await date.waitFor();
  return date.locator('xpath=..').innerText();
}

describe('store feeds: a sample feed imported with the CLI', () => {
  it('shows the new lowest price and the chart point of today on the product page', async () => {
    const { env, baseURL } = server();
    const feed = JSON.parse(readFileSync(path.join(root, FEED_FILE), 'utf8')) as { items: FeedItem[] };
    const store = await api<Store>(`/stores/${STORE_SLUG}`);
    const { product, item } = await productTheFeedMakesCheapest(STORE_SLUG, feed.items);
    const today = todayOnChartLabel();

    const page = await newPage(browser());
    await page.goto(`${baseURL}/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const before = await shownLowestPrice(page);
    expect(before).toBe(price.format(product.currentPrice!));
    expect(before).not.toBe(price.format(item.price));
    const chartBefore = await chartTooltipOfLastDay(page, today);
    expect(chartBefore).toContain(before);

    const run = await runFeedImport(env, STORE_SLUG, FEED_FILE);
    expect(run.code, run.stderr).toBe(0);
    // The server holds the embedded database: the CLI hands it the feed.
    expect(run.stderr).toContain('Sunucu çalışıyor: akış sunucu üzerinden içe aktarılıyor.');
    expect(run.stdout).toContain(`${store.name}: içe aktarım tamamlandı (json, full)`);
    const offers = store.offerCount.toLocaleString('tr-TR');
    expect(run.stdout).toContain(`alınan ${offers} · eşleşen ${offers} · yeni teklif 0`);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const after = price.format(item.price);
    expect(await shownLowestPrice(page)).toBe(after);

    const storeRow = page
      .getByRole('region', { name: 'Mağaza Fiyatları' })
      .getByRole('listitem')
      .filter({ hasText: store.name });
    expect(await storeRow.count()).toBe(1);
    await storeRow.getByText(after, { exact: true }).waitFor();
    await storeRow.getByText('En Ucuz', { exact: true }).waitFor();

    const chartAfter = await chartTooltipOfLastDay(page, today);
    expect(chartAfter).toContain(after);
    expect(chartAfter).not.toContain(before);
    await page.context().close();
  });
});
