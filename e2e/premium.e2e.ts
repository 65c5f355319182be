import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { usePrivateServer } from './support/private-server';

// The demo member becomes premium here: other files read the demo accounts from the shared
// server, so this one buys on a server (and database) of its own.
const server = usePrivateServer();
const browser = useBrowser();

// Dates as the site shows them: in Istanbul, whatever the machine's time zone.
const longDay = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
});

/** Signs the free demo member in through the API and stores the session as the web app keeps it. */
async function signInAsFreeMember(context: BrowserContext) {
  const res = await fetch(`${server().baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@kiyasla.test', password: 'User1234!' }),
  });
  expect(res.status).toBe(200);
  const session = ((await res.json()) as { data: { token: string; refreshToken: string; user: unknown } }).data;
  await context.addInitScript((s: typeof session) => {
    if (window.localStorage.getItem('token')) return;
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('refreshToken', s.refreshToken);
    window.localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

describe('premium: a visitor and a purchase', () => {
  it("a visitor's server-rendered home page carries 'Oturum Aç' and 'Kaydol'", async () => {
    const res = await fetch(`${server().baseURL}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Oturum Aç');
    expect(html).toContain('Kaydol');
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/register"');
  });

  it('the free demo member buys the yearly plan through the demo provider and sees the badge and the dates', async () => {
    const page = await newPage(browser());
    await signInAsFreeMember(page.context());
    await page.goto(`${server().baseURL}/premium`, { waitUntil: 'networkidle' });
    const header = page.getByRole('banner');
    await header
      .getByText('Ayşe', { exact: false })
      .or(header.getByRole('button', { name: 'Çıkış Yap' }))
      .first()
      .waitFor();
    expect(await page.getByTitle('Premium üye').count()).toBe(0);

    const yearly = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yıllık Premium' }) });
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      yearly.getByRole('button', { name: /Satın Al/ }).click(),
    ]);

    // The provider's page (the built-in demo) opened in a new tab, marked as a test payment.
    await tab.waitForURL(/\/api\/payments\/demo\//);
    await tab.getByText('TEST ÖDEMESİ', { exact: false }).waitFor();
    expect(await tab.getByText('Yıllık Premium').count()).toBeGreaterThan(0);
    expect(await tab.getByText('₺337,50').count()).toBeGreaterThan(0);
    await tab.getByRole('button', { name: /Test Ödemesini Onayla/ }).click();
    await tab.waitForURL(/\/premium\/callback\?order=.+&status=success/);
    await tab.getByRole('heading', { name: 'Ödemeniz alındı' }).waitFor();

    // The first tab follows the order to its result and shows the Premium badge.
    await page.waitForURL(/\/premium\/callback\?order=/);
    await page.getByRole('heading', { name: 'Ödemeniz alındı' }).waitFor({ timeout: 15_000 });
    await page.getByTitle('Premium üye').first().waitFor();

    await page.getByRole('link', { name: 'Profilime Git' }).click();
    await page.waitForURL(/\/profile\?tab=premium/);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Yıllık Premium' }).waitFor();
    const start = new Date();
    const renewal = new Date(start);
    renewal.setUTCFullYear(start.getUTCFullYear() + 1);
    const facts = (await panel.locator('dl').textContent()) ?? '';
    expect(facts).toContain('Başlangıç Tarihi');
    expect(facts).toContain(longDay.format(start));
    expect(facts).toContain('Yenileme Tarihi');
    expect(facts).toContain(longDay.format(renewal));
    expect(facts).toContain('Açık');

    // Within 14 days the payment can be refunded: the member asks, confirms, and the request waits.
    await panel.getByText('Son ödemeniz').waitFor();
    await panel.getByRole('button', { name: 'İade Talep Et' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Yıllık Premium için ödediğiniz ₺337,50 tutarının iadesini/).waitFor();
    await dialog.getByRole('button', { name: 'İade Talep Et' }).click();
    await page.getByText('İade talebiniz alındı', { exact: false }).first().waitFor();
    await panel.getByText('İade talebi bekliyor').waitFor();
    expect(await panel.getByRole('button', { name: 'İade Talep Et' }).count()).toBe(0);
    await page.context().close();
  });
});
