import { expect } from 'vitest';
import { call, data, login, register, type Outcome } from './http';
import { count, type Postgres } from './postgres';

export const ADMIN = { email: 'admin@kiyasla.test', password: 'Admin123!' };

export interface FeedItem {
  sku: string;
  productId: string;
  price: number;
}

export function feedJson(items: FeedItem[]): string {
  return JSON.stringify({
    mode: 'partial',
    items: items.map((i) => ({
      sku: i.sku,
      productId: i.productId,
      title: `Hata deneme ${i.sku}`,
      price: i.price,
      availability: 'in-stock',
      url: `https://magaza.example/${i.sku.toLowerCase()}`,
      shipping: { free: true, estimatedDays: 2 },
    })),
  });
}

/** Uploads a feed as the admin; `slowMs` streams it item by item over about that long. */
export function uploadFeed(
  baseURL: string,
  adminToken: string,
  storeId: string,
  items: FeedItem[],
  slowMs = 0,
): Promise<Outcome> {
  const path = `/api/admin/stores/${storeId}/feed`;
  const headers = { 'content-type': 'application/json' };
  if (!slowMs) return call(baseURL, path, { method: 'POST', token: adminToken, headers, body: feedJson(items) });
  const text = feedJson(items);
  const parts = 20;
  const size = Math.ceil(text.length / parts);
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i >= parts) return controller.close();
      await new Promise((r) => setTimeout(r, slowMs / parts));
      controller.enqueue(encoder.encode(text.slice(i * size, (i + 1) * size)));
      i += 1;
    },
  });
  return call(baseURL, path, { method: 'POST', token: adminToken, headers, body, timeoutMs: 60_000 });
}

/** Uploads a feed as the admin (at once) and expects its import to have succeeded. */
export async function uploadFeedSucceeds(baseURL: string, adminToken: string, storeId: string, items: FeedItem[]) {
  const outcome = await uploadFeed(baseURL, adminToken, storeId, items);
  expect(data<{ status: string }>(outcome).status).toBe('succeeded');
}

/** A new store (the admin API) and `n` products of the demo catalog (its listing's `page`). */
export async function storeAndProducts(baseURL: string, adminToken: string, n: number, page = 1) {
  const store = data<{ _id: string }>(
    await call(baseURL, '/api/admin/stores', {
      token: adminToken,
      json: { name: `Hata Mağazası ${Date.now()}` },
    }),
  );
  const products = data<{ _id: string }[]>(await call(baseURL, `/api/products?limit=${n}&page=${page}`));
  expect(products.length).toBe(n);
  return { storeId: store._id, productIds: products.map((p) => p._id) };
}

/**
 * A user whose notifications go out at once (no quiet hours) by e-mail; with `premium` on an
 * active monthly plan (as a completed payment leaves it: price alerts are a premium feature).
 */
export async function shopper(baseURL: string, name: string, premium?: Postgres) {
  const user = await register(baseURL, name);
  if (premium) {
    await premium.pool.query(
      `update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
              subscription_start = now(), subscription_end = now() + interval '30 days'
        where id = $1`,
      [user.userId],
    );
    // The server's session cache may hold the account as it registered (5 s).
    await new Promise((r) => setTimeout(r, 5_500));
  }
  data(
    await call(baseURL, '/api/auth/notification-settings', {
      method: 'PUT',
      token: user.token,
      json: { quietHours: { start: '00:00', end: '00:00' } },
    }),
  );
  return user;
}

export async function adminSession(baseURL: string) {
  return login(baseURL, ADMIN.email, ADMIN.password);
}

/** The hidden fields of the demo payment page's form with the given button. */
export function formOf(html: string, button: string): Record<string, string> {
  const form = html
    .split('<form')
    .slice(1)
    .find((f) => f.includes(button));
  if (!form) throw new Error(`no form with ${button}`);
  const out: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = m[2]!;
  return out;
}

/** Checkout of the monthly plan through the demo provider: the signed "pay" form, not posted yet. */
export async function demoCheckout(baseURL: string, token: string) {
  const checkout = data<{ orderId: string; url: string }>(
    await call(baseURL, '/api/payments/checkout', { token, json: { planId: 'monthly' } }),
  );
  const page = await call(baseURL, new URL(checkout.url).pathname);
  expect(page.status).toBe(200);
  return { orderId: checkout.orderId, pay: formOf(String(page.body), 'Onayla') };
}

/** Rows a user's alert notifications, deliveries and e-mails left, for exactly-once checks. */
export async function alertCounts(db: Postgres, userId: string) {
  const [triggered, notifications, emailDeliveries, sent, pending] = await Promise.all([
    count(db, 'select count(*) as n from price_alerts where user_id = $1 and triggered', [userId]),
    count(db, `select count(*) as n from notifications where user_id = $1 and type = 'price_alert'`, [userId]),
    count(db, `select count(*) as n from notification_deliveries where user_id = $1 and channel = 'email'`, [userId]),
    count(
      db,
      `select count(*) as n from notification_deliveries where user_id = $1 and channel = 'email' and status = 'sent'`,
      [userId],
    ),
    count(
      db,
      `select count(*) as n from notification_deliveries where user_id = $1 and status in ('pending', 'processing')`,
      [userId],
    ),
  ]);
  return { triggered, notifications, emailDeliveries, sent, pending };
}
