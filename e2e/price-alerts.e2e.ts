import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetail, Store } from '@kiyasla/contracts/catalog';
import type { FeedItem } from '@kiyasla/contracts/feeds';
import { newPage, useBrowser } from './support/browser';
import { usePrivateServer } from './support/private-server';

/*
 * The journey of issue 13: the premium demo shopper sets an alert on a product; an admin imports
 * a store feed that drops its price below the target; without a reload the shopper's notification
 * badge rises (server-sent events), the notification is on /notifications and the alert shows
 * Tetiklendi on /price-alerts. The import changes demo prices: a server of the file's own.
 */
const server = usePrivateServer();
const browser = useBrowser();
const root = path.resolve(import.meta.dirname, '..');
const STORE_SLUG = 'teknopazar';

async function login(email: string, password: string) {
  const res = await fetch(`${server().baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string; refreshToken: string; user: { _id: string } } }).data;
}

async function api<T>(pathAndQuery: string): Promise<T> {
  const res = await fetch(`${server().baseURL}/api${pathAndQuery}`);
  expect(res.status, pathAndQuery).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A product the sample feed makes cheaper than its lowest price now, through this store's offer. */
async function productTheFeedDrops(items: FeedItem[]): Promise<{ product: ProductDetail; item: FeedItem }> {
  const cards: ProductCard[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${server().baseURL}/api/products?store=${STORE_SLUG}&limit=100&page=${page}`);
    const body = (await res.json()) as { data: ProductCard[]; pagination: { pages: number } };
    cards.push(...body.data);
    if (page >= body.pagination.pages) break;
  }
  const byName = new Map(cards.map((c) => [c.name, c]));
  for (const item of items) {
    const card = item.title ? byName.get(item.title) : undefined;
    if (item.availability === 'out-of-stock' || !card || card.currentPrice === null) continue;
    if (item.price >= card.currentPrice - 1) continue;
    const product = await api<ProductDetail>(`/products/${card._id}`);
    const offer = product.prices.find((o) => o.store.slug === STORE_SLUG);
    if (offer?.productUrl === item.url && product.currentPrice !== null && item.price < product.currentPrice - 1) {
      return { product, item };
    }
  }
  throw new Error('The sample feed lowers no product by more than ₺1');
}

describe('price alert journey', () => {
  it('an import that drops the price triggers the alert; the badge rises without a reload', async () => {
    const { baseURL } = server();
    const feedText = readFileSync(path.join(root, 'feeds/teknopazar.json'), 'utf8');
    const feed = JSON.parse(feedText) as { items: FeedItem[] };
    const { product, item } = await productTheFeedDrops(feed.items);
    // Between the feed's price and today's lowest: crossed by the import.
    const target = Math.floor(((item.price + product.currentPrice!) / 2) * 100) / 100;

    const shopper = await login('premium@kiyasla.test', 'Premium123!');
    const admin = await login('admin@kiyasla.test', 'Admin123!');
    const page = await newPage(browser());
    await page.context().addInitScript((s) => {
      if (window.localStorage.getItem('token')) return;
      window.localStorage.setItem('token', s.token);
      window.localStorage.setItem('refreshToken', s.refreshToken);
      window.localStorage.setItem('user', JSON.stringify(s.user));
    }, shopper);

    await page.goto(`${baseURL}/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('textbox', { name: 'Hedef fiyat (₺)' }).fill(target.toFixed(2).replace('.', ','));
    await page.getByRole('button', { name: 'Alarm Kur' }).click();
    await page.getByRole('link', { name: 'Fiyat Alarmları (1)' }).first().waitFor({ timeout: 15_000 });
    const bell = page.getByRole('link', { name: /^Bildirimler( \(\d+\))?$/ }).first();
    const before = /\((\d+)\)/.exec((await bell.getAttribute('aria-label')) ?? (await bell.innerText()))?.[1] ?? '0';

    const store = await api<Store>(`/stores/${STORE_SLUG}`);
    const upload = await fetch(`${baseURL}/api/admin/stores/${store._id}/feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: feedText,
    });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);

    // No reload: the badge rises from the live stream (the consumer runs every second).
    await page
      .getByRole('link', { name: `Bildirimler (${Number(before) + 1})` })
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Fiyat Alarmları', exact: true }).first().waitFor();

    await page
      .getByRole('link', { name: `Bildirimler (${Number(before) + 1})` })
      .first()
      .click();
    await page.waitForURL('**/notifications');
    await page.getByText('Fiyat alarmınız tetiklendi').first().waitFor();
    await page.getByText(product.name).first().waitFor();

    await page.goto(`${baseURL}/price-alerts`);
    const alertRow = page.getByRole('listitem').filter({ hasText: product.name });
    await alertRow.getByText('Tetiklendi', { exact: true }).waitFor();
    await page.context().close();
  });
});
