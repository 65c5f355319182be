import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProductCard, ProductDetail, Store } from '@kiyasla/contracts/catalog';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import type { FeedItem } from '@kiyasla/contracts/feeds';
import type { NotificationCounts } from '@kiyasla/contracts/notifications';
import type { Page } from 'playwright-core';
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

/** The shopper's header counts as the server has them. */
async function counts(token: string): Promise<NotificationCounts> {
  const res = await fetch(`${server().baseURL}/api/notifications/counts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: NotificationCounts }).data;
}

/** The shopper's alert of a product, if any. */
async function alertOf(token: string, productId: string): Promise<PriceAlert | null> {
  const res = await fetch(`${server().baseURL}/api/alerts/check/${productId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { alert: PriceAlert | null } }).data.alert;
}

/** A link of the header's 'Listelerim' navigation, by its label without the count. */
const headerLink = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Listelerim' })
    .getByRole('link', { name: new RegExp(`^${label}( \\(\\d+\\+?\\))?$`) });

/** The count a header badge shows (0 without a badge). */
async function headerCount(page: Page, label: string): Promise<number> {
  const name = (await headerLink(page, label).getAttribute('aria-label')) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1] ?? 0);
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
    const armedBefore = (await counts(shopper.token)).activeAlerts;
    const page = await newPage(browser());
    await page.context().addInitScript((s) => {
      if (window.localStorage.getItem('token')) return;
      window.localStorage.setItem('token', s.token);
      window.localStorage.setItem('refreshToken', s.refreshToken);
      window.localStorage.setItem('user', JSON.stringify(s.user));
    }, shopper);

    // What the page said, for the failure message: its console errors and its failed API calls.
    const trail: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') trail.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        trail.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
      }
    });

    await page.goto(`${baseURL}/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const targetField = page.getByRole('textbox', { name: 'Hedef fiyat (₺)' });
    const typed = target.toFixed(2).replace('.', ',');
    await targetField.fill(typed);
    expect(await targetField.inputValue()).toBe(typed);
    const created = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/alerts' && r.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Alarm Kur' }).click();
    const answer = await created.catch((error: unknown) => {
      throw new Error(`No POST /api/alerts after 'Alarm Kur' (${String(error)}); the page said: ${trail.join(' | ')}`);
    });
    expect(answer.status(), await answer.text()).toBe(201);
    // The form's own confirmation, then the header's count of armed alerts: one more than before.
    await page.getByRole('button', { name: 'Alarmı Güncelle' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => headerCount(page, 'Fiyat Alarmları'), { timeout: 15_000, message: trail.join(' | ') })
      .toBe(armedBefore + 1);
    const unreadBefore = (await counts(shopper.token)).unread;
    await expect.poll(() => headerCount(page, 'Bildirimler')).toBe(unreadBefore);

    const store = await api<Store>(`/stores/${STORE_SLUG}`);
    const upload = await fetch(`${baseURL}/api/admin/stores/${store._id}/feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: feedText,
    });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);

    // No reload: the badges follow from the live stream (the consumer runs every second). The
    // import may move other products the shopper follows too, so the figures to reach are the
    // server's once this alert has fired.
    await expect
      .poll(async () => (await alertOf(shopper.token, product._id))?.triggered, { timeout: 20_000 })
      .toBe(true);
    const after = await counts(shopper.token);
    expect(after.unread).toBeGreaterThan(unreadBefore);
    expect(after.activeAlerts).toBeLessThanOrEqual(armedBefore);
    await expect.poll(() => headerCount(page, 'Bildirimler'), { timeout: 20_000 }).toBe(after.unread);
    await expect.poll(() => headerCount(page, 'Fiyat Alarmları'), { timeout: 20_000 }).toBe(after.activeAlerts);

    await headerLink(page, 'Bildirimler').click();
    await page.waitForURL('**/notifications');
    await page.getByText('Fiyat alarmınız tetiklendi').first().waitFor();
    await page.getByText(product.name).first().waitFor();

    await page.goto(`${baseURL}/price-alerts`);
    const alertRow = page.getByRole('listitem').filter({ hasText: product.name });
    await alertRow.getByText('Tetiklendi', { exact: true }).waitFor();
    await page.context().close();
  });
});
