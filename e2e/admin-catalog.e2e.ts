import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { usePrivateServer } from './support/private-server';
import { signInWithForm } from './support/session';

// The journey adds a category, a product and an offer: a server (and database) of its own. The
// product's picture is on "another site", a stand-in on loopback that the allow-list opens.
const server = usePrivateServer({ FEED_FETCH_ALLOW: '127.0.0.1' });
// A 1×1 PNG: the server downloads it at save and serves its own copy (ADR 021).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pictureSite = http.createServer((req, res) => {
  if (req.url === '/saat.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  else res.writeHead(404).end();
});
let pictureOrigin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => pictureSite.listen(0, '127.0.0.1', resolve));
  pictureOrigin = `http://127.0.0.1:${(pictureSite.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pictureSite.close(() => resolve())));
const browser = useBrowser();

async function open(page: Page, path: string) {
  await page.goto(server().baseURL + path, { waitUntil: 'networkidle' });
}

async function adminSession(): Promise<{ token: string }> {
  const res = await fetch(`${server().baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@kiyasla.test', password: 'Admin123!' }),
  });
  return ((await res.json()) as { data: { token: string } }).data;
}

describe('admin catalog journey', () => {
  it('an operator creates a category and a product from Turkish names, maps a feed item to it and the product gets its price from the offer', async () => {
    const page = await newPage(browser());
    // Anonymous: the gate sends to the login page with the way back.
    await open(page, '/admin/categories');
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fcategories/);
    await signInWithForm(page, 'admin@kiyasla.test', 'Admin123!');
    await page.waitForURL(/\/admin\/categories$/);

    // A category: the slug comes from the Turkish name.
    await page.getByRole('button', { name: 'Yeni Kategori' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Yeni Kategori' });
    await categoryDialog.getByLabel('Kategori adı *').fill('Akıllı Ev Ürünleri');
    expect(await categoryDialog.getByLabel('Slug').inputValue()).toBe('akilli-ev-urunleri');
    await categoryDialog.getByRole('button', { name: 'Kaydet' }).click();
    await categoryDialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Ara', exact: true }).fill('akilli ev');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    await page.getByRole('cell', { name: /akilli-ev-urunleri/ }).waitFor();

    // A product in it, from the dashboard's quick action.
    await page.getByRole('link', { name: 'Genel Bakış' }).click();
    await page.getByRole('link', { name: 'Yeni Ürün' }).click();
    const productDialog = page.getByRole('dialog', { name: 'Yeni Ürün' });
    await productDialog.getByLabel('Ürün adı *').fill('Işıklı Çalar Saat Pro');
    expect(await productDialog.getByLabel('Slug').inputValue()).toBe('isikli-calar-saat-pro');
    await productDialog.getByLabel('Marka *').fill('Uyanış');
    await productDialog.getByLabel('Model', { exact: true }).fill('UY-77');
    await productDialog.getByLabel('Kategori *').selectOption({ label: 'Akıllı Ev Ürünleri' });
    // First an address that is not a picture: the message stands under its field.
    await productDialog.getByLabel('Görsel adresi 1').fill(`${pictureOrigin}/yok.png`);
    await productDialog.getByRole('button', { name: 'Kaydet' }).click();
    const imageField = productDialog.getByLabel('Görsel adresi 1');
    await productDialog.getByText('Görsel bu adresten indirilemedi (HTTP 404).').first().waitFor();
    expect(await imageField.getAttribute('aria-invalid')).toBe('true');
    await imageField.fill(`${pictureOrigin}/saat.png`);
    await productDialog.getByRole('button', { name: 'Kaydet' }).click();
    await productDialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Ara', exact: true }).fill('isikli calar');
    await page.getByRole('button', { name: 'Filtrele' }).click();
    const row = page.getByRole('row', { name: /Işıklı Çalar Saat Pro/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 teklif');

    // A store's feed names it in a way nothing matches: it waits in the unmatched queue.
    await page.getByRole('link', { name: 'Mağazalar ve Akışlar' }).click();
    await page.getByRole('heading', { name: 'Mağazalar', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Ara', exact: true }).fill('teknopazar');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    await page.getByRole('link', { name: 'TeknoPazar' }).click();
    await page.getByRole('heading', { name: 'TeknoPazar' }).waitFor();
    const feed = JSON.stringify({
      mode: 'partial',
      items: [
        {
          sku: 'E2E-SAAT-1',
          price: 1249.9,
          currency: 'TRY',
          title: 'Uyanış Işıklı Saat (kutulu)',
          brand: 'Uyanis',
          model: 'UY77-BOX',
          url: 'https://teknopazar.example/saat',
          availability: 'in-stock',
        },
      ],
    });
    await page.getByLabel('Akış dosyası').setInputFiles({
      name: 'saat.json',
      mimeType: 'application/json',
      buffer: Buffer.from(feed),
    });
    await page.getByRole('button', { name: 'Yükle', exact: true }).click();
    const report = page.getByRole('status').filter({ hasText: 'İçe aktarım raporu' }).first();
    await report.waitFor();
    // The banner is the live region; the figures follow it: one item, waiting unmatched.
    const unmatched = page.locator('dl div').filter({ has: page.getByText('Eşleşmeyen', { exact: true }) });
    expect(await unmatched.locator('dd').textContent()).toBe('1');

    // Mapped to the product found in the catalog.
    await page.getByRole('button', { name: 'Ürünle eşleştir' }).click();
    const matchDialog = page.getByRole('dialog', { name: 'Ürünle Eşleştir' });
    await matchDialog.getByLabel('Katalogda ara').fill('Işıklı Çalar Saat');
    await matchDialog.getByRole('button', { name: 'Işıklı Çalar Saat Pro ile eşleştir' }).click();
    await matchDialog.waitFor({ state: 'detached' });
    await page.getByText('Eşleştirildi', { exact: true }).waitFor();

    // The next import of the same feed makes the offer; the product's price comes from it.
    await page.getByLabel('Akış dosyası').setInputFiles({
      name: 'saat.json',
      mimeType: 'application/json',
      buffer: Buffer.from(feed),
    });
    await page.getByRole('button', { name: 'Yükle', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'İçe aktarım raporu' }).first().waitFor();

    const { token } = await adminSession();
    const res = await fetch(`${server().baseURL}/api/admin/products?search=isikli%20calar`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [product] = (
      (await res.json()) as { data: Array<{ _id: string; lowestPrice: number | null; offerCount: number }> }
    ).data;
    expect(product).toMatchObject({ lowestPrice: 1249.9, offerCount: 1 });

    // The shopper's product page shows the picture from our own origin, under our CSP.
    await open(page, `/product/${product!._id}`);
    const picture = page.locator('main img[src^="/api/media/files/"]').first();
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.context().close();
  });
});
