import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { signInThroughApi, signInWithForm } from './support/session';

// Issue 14's premium features in the browser (ADR 019): the advanced filters, the pros/cons tab
// and the house-ad slot, for the premium and the free demo members.
const baseURL = inject('baseURL');
const browser = useBrowser();

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filtreler' });
const adSlot = (page: Page) => page.getByRole('complementary', { name: 'Reklam' });
const count = async (page: Page) => Number((await page.getByText(/ürün bulundu$/).innerText()).replace(/\D/g, ''));

async function anyProductId(): Promise<string> {
  const list = (await (await fetch(`${baseURL}/api/products?limit=1&sort=rating`)).json()) as {
    data: { _id: string }[];
  };
  return list.data[0]!._id;
}

describe('premium features', () => {
  it('the premium demo member filters a category by a recent price drop and sees no house ad', async () => {
    const page = await newPage(browser());
    await signInThroughApi(page.context(), 'premium@kiyasla.test', 'Premium123!');
    await page.goto(`${baseURL}/category/telefon`, { waitUntil: 'networkidle' });
    const all = await count(page);
    const box = filters(page).getByRole('checkbox', { name: /Stokta Olanlar/ });
    await expect.poll(() => box.isEnabled()).toBe(true);
    await filters(page)
      .getByRole('checkbox', { name: /Son 30 Günde Fiyatı Düşenler/ })
      .check();
    await page.waitForURL(/priceDropped=true/);
    await expect.poll(() => count(page)).toBeLessThan(all);
    expect(await count(page)).toBeGreaterThan(0);
    // The chip says what is on; the slot is gone for a premium member.
    await page.getByRole('button', { name: /Gelişmiş: Son 30 Günde Fiyatı Düşenler filtresini kaldır/ }).waitFor();
    expect(await adSlot(page).count()).toBe(0);

    // The address alone (a reload) brings the same filtered list, loaded with the member's session;
    // and now the server leaves the slot out of the HTML.
    const filtered = await count(page);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => count(page).catch(() => -1)).toBe(filtered);
    const html = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { accept: 'text/html' } });
      return res.text();
    }, `${baseURL}/category/telefon`);
    expect(html).not.toContain('aria-label="Reklam"');
  });

  it('a premium member signed in through the form gets the next page without the slot from the server; a sign-out brings it back', async () => {
    const page = await newPage(browser());
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await signInWithForm(page, 'premium@kiyasla.test', 'Premium123!');
    await page.getByRole('banner').getByRole('button', { name: 'Çıkış Yap' }).first().waitFor();
    const product = `${baseURL}/product/${await anyProductId()}`;
    const signedIn = await page.goto(product);
    expect(await signedIn?.text()).not.toContain('aria-label="Reklam"');
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('button', { name: 'Çıkış Yap' }).first().click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Oturum Aç/ })
      .first()
      .waitFor();
    const signedOut = await page.goto(product);
    expect(await signedOut?.text()).toContain('aria-label="Reklam"');
    await page.context().close();
  });

  it('the premium member reads the pros/cons tab of a product', async () => {
    const page = await newPage(browser());
    await signInThroughApi(page.context(), 'premium@kiyasla.test', 'Premium123!');
    await page.goto(`${baseURL}/product/${await anyProductId()}`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Avantaj/Dezavantaj' }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Avantajlar', exact: true }).waitFor();
    await page.getByText('Fiyatı en yakın benzer ürünlerle karşılaştırıldı:').waitFor();
    expect(await adSlot(page).count()).toBe(0);
  });

  it('a free member sees the advanced filters locked, the house ad, the refusal and the upsell', async () => {
    const page = await newPage(browser());
    await signInThroughApi(page.context(), 'user@kiyasla.test', 'User1234!');
    await page.goto(`${baseURL}/category/telefon`, { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('button', { name: 'Çıkış Yap' }).first().waitFor();
    const group = filters(page);
    expect(await group.getByText('PREMIUM', { exact: true }).count()).toBe(1);
    expect(await group.getByRole('checkbox', { name: /Ücretsiz Kargo/ }).isDisabled()).toBe(true);
    expect(await group.getByRole('link', { name: /Premium/ }).getAttribute('href')).toBe('/premium-plans');
    await adSlot(page).waitFor();
    expect(await adSlot(page).getByRole('link').getAttribute('href')).toBe('/premium-plans');

    // A shared premium address: the API refuses, the page says why and offers the way out.
    await page.goto(`${baseURL}/category/telefon?freeShipping=true`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Premium Gerekli' }).waitFor();
    await page.getByRole('button', { name: 'Gelişmiş filtreleri kaldır' }).click();
    await page.waitForURL((url) => !url.search.includes('freeShipping'));
    expect(await count(page)).toBeGreaterThan(0);

    await page.goto(`${baseURL}/product/${await anyProductId()}`, { waitUntil: 'networkidle' });
    await adSlot(page).waitFor();
    await page.getByRole('tab', { name: 'Avantaj/Dezavantaj' }).click();
    await page.getByRole('heading', { name: 'Premium Gerekli' }).waitFor();
    expect(await page.getByRole('link', { name: 'Premium Planları İncele' }).getAttribute('href')).toBe(
      '/premium-plans',
    );
  });

  it("a visitor's server-rendered listing carries the slot; the pros/cons tab asks to sign in", async () => {
    const html = await (await fetch(`${baseURL}/category/telefon`)).text();
    expect(html).toContain('aria-label="Reklam"');
    expect(html).toContain('Gelişmiş Filtreler');
    const page = await newPage(browser(), { width: 390, height: 844 });
    await page.goto(`${baseURL}/product/${await anyProductId()}`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Avantaj/Dezavantaj' }).click();
    await page.getByRole('heading', { name: 'Giriş Gerekli' }).waitFor();
  });
});
