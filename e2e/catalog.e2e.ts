import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { hydrated, newPage, useBrowser } from './support/browser';
import { resultCount } from './support/listing';

const baseURL = inject('baseURL');
const browser = useBrowser();

const price = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

async function waitForUrl(page: Page, test: (url: URL) => boolean) {
  await page.waitForURL((url) => test(url));
}

async function productNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: /ürünleri$/ })
    .getByRole('heading', { level: 2 })
    .allInnerTexts();
}

/** The lowest prices the listing's cards show, in their order ("En düşük fiyat: 1.234,56 ₺" → 1234.56). */
async function listedPrices(page: Page): Promise<number[]> {
  const text = await page.getByRole('list', { name: /ürünleri$/ }).innerText();
  return [...text.matchAll(/En düşük fiyat:\s*([^\n]*\d)/g)].map((match) =>
    Number(match[1]!.replace(/[^\d,]/g, '').replace(',', '.')),
  );
}

const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);

/** The numbers of one column of the compact table, row by row (cells: 7 data columns + actions). */
async function columnNumbers(table: Locator, columnIndex: number): Promise<Array<number | null>> {
  const cells = await table.getByRole('cell').allInnerTexts();
  const values: Array<number | null> = [];
  for (let i = columnIndex; i < cells.length; i += 8) {
    const match = /(\d+(?:\.\d+)?)/.exec(cells[i] ?? '');
    values.push(match ? Number(match[1]) : null);
  }
  return values;
}

describe('catalog: from the home page to a product and its price history', () => {
  it('filters, sorts, pages and compares a listing, then opens a product', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/');

    // Home → the category bar.
    await page
      .getByRole('navigation', { name: 'Kategori menüsü' })
      .getByRole('link', { name: 'Telefon', exact: true })
      .click();
    await waitForUrl(page, (url) => url.pathname === '/category/telefon');
    await page.getByRole('heading', { level: 1, name: 'Telefon' }).waitFor();
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(20);

    const filters = page.getByRole('complementary', { name: 'Filtreler' });

    // A brand filter.
    const samsung = filters.getByRole('group', { name: 'Marka' }).getByRole('checkbox', { name: /^Samsung\b/ });
    await hydrated(samsung);
    await samsung.check();
    await waitForUrl(page, (url) => url.searchParams.getAll('brand').includes('Samsung'));
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const brandTotal = await resultCount(page);
    await page.getByRole('button', { name: 'Marka: Samsung filtresini kaldır' }).waitFor();

    // A spec filter from a collapsed group.
    await filters.getByRole('button', { name: /^Kamera/ }).click();
    await filters
      .getByRole('group', { name: 'Kamera' })
      .getByRole('checkbox', { name: /^50 MP\b/ })
      .check();
    await waitForUrl(page, (url) => url.searchParams.getAll('spec').includes('camera:50 MP'));
    await expect.poll(() => resultCount(page)).toBeLessThan(brandTotal);
    const filteredTotal = await resultCount(page);
    expect(filteredTotal).toBeGreaterThan(20);

    // Sort, then page 2.
    await page.getByRole('combobox', { name: 'Sırala' }).selectOption('price-low');
    await waitForUrl(page, (url) => url.searchParams.get('sort') === 'price-low');
    // The address changes before the new results are drawn (on a busy machine, a second or more
    // later): wait for the sorted page itself.
    await expect
      .poll(async () => {
        const prices = await listedPrices(page);
        return prices.length === 20 && ascending(prices);
      })
      .toBe(true);
    const firstPage = await productNames(page);
    const firstPrices = await listedPrices(page);
    expect(firstPage.length).toBe(20);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('navigation', { name: 'Sayfalama' }).getByRole('link', { name: 'Sayfa 2' }).click();
    await waitForUrl(page, (url) => url.searchParams.get('page') === '2');
    // Skeletons replace the cards while the page loads: wait for the new cards.
    await expect
      .poll(async () => {
        const names = await productNames(page);
        return names.length > 0 && names[0] !== firstPage[0];
      })
      .toBe(true);
    const secondPage = await productNames(page);
    expect(secondPage.length).toBe(filteredTotal - 20);
    const secondPrices = await listedPrices(page);
    expect(ascending(secondPrices)).toBe(true);
    expect(secondPrices[0]).toBeGreaterThanOrEqual(firstPrices[firstPrices.length - 1]!);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    expect(await resultCount(page)).toBe(filteredTotal);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(200);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('brand')).toEqual(['Samsung']);
    expect(url.searchParams.getAll('spec')).toEqual(['camera:50 MP']);

    // Back to page 1 and the compact table, sorted by a spec column twice.
    await page.getByRole('navigation', { name: 'Sayfalama' }).getByRole('link', { name: 'Sayfa 1' }).click();
    await waitForUrl(page, (u) => !u.searchParams.has('page'));
    // The view switch keeps the state on screen: click it once page 1 is drawn.
    await expect.poll(async () => (await productNames(page))[0]).toBe(firstPage[0]);
    await page.getByRole('button', { name: 'Kompakt tablo görünümü' }).click();
    await waitForUrl(page, (u) => u.searchParams.get('view') === 'compact');
    const table = page.getByRole('table');
    await table.waitFor();

    const battery = table.getByRole('button', { name: 'Batarya' });
    const header = table.getByRole('columnheader', { name: 'Batarya' });
    await battery.click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const asc = (await columnNumbers(table, 4)).filter((n): n is number => n !== null);
    expect(asc.length).toBeGreaterThan(5);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBeLessThan(asc[asc.length - 1]!);

    await battery.click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const desc = (await columnNumbers(table, 4)).filter((n): n is number => n !== null);
    expect(desc).toEqual([...asc].sort((a, b) => b - a));

    // Open the first rated product of the table.
    const productLink = table
      .getByRole('row')
      .filter({ hasText: /\d+ oy/ })
      .first()
      .getByRole('rowheader')
      .getByRole('link');
    const productName = (await productLink.innerText()).trim();
    await productLink.click();
    await waitForUrl(page, (u) => u.pathname.startsWith('/product/'));
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();

    // Store prices with outbound links.
    await page.getByRole('heading', { name: 'Mağaza Fiyatları' }).waitFor();
    const storeLinks = page.getByRole('link', { name: /^Mağazaya Git/ });
    expect(await storeLinks.count()).toBeGreaterThan(0);
    expect(await storeLinks.first().getAttribute('target')).toBe('_blank');
    expect(await storeLinks.first().getAttribute('rel')).toBe('nofollow noopener sponsored');

    // Price history: the chart renders, and changes with the range.
    await page.getByRole('tab', { name: 'Fiyat Geçmişi' }).click();
    expect(await page.getByRole('tab', { name: 'Fiyat Geçmişi' }).getAttribute('aria-selected')).toBe('true');
    const line = page.locator('.recharts-line path.recharts-curve').first();
    await line.waitFor();
    const before = await line.getAttribute('d');
    expect(before).toBeTruthy();
    const threeMonths = page.getByRole('button', { name: '3A', exact: true });
    const oneMonth = page.getByRole('button', { name: '1A', exact: true });
    expect(await threeMonths.getAttribute('aria-pressed')).toBe('true');
    await oneMonth.click();
    expect(await oneMonth.getAttribute('aria-pressed')).toBe('true');
    expect(await threeMonths.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => line.getAttribute('d')).not.toBe(before);

    // Per-store lines on demand.
    await page.getByRole('switch', { name: 'Mağaza bazında göster' }).click();
    await expect.poll(() => page.locator('.recharts-line').count()).toBeGreaterThan(1);

    // Reviews.
    await page.getByRole('tab', { name: /^Yorumlar/ }).click();
    await page.getByRole('combobox', { name: 'Sırala' }).waitFor();
    await page.getByRole('group', { name: 'Puana göre filtrele' }).getByRole('button', { name: '5 yıldız' }).click();
    expect(
      await page
        .getByRole('group', { name: 'Puana göre filtrele' })
        .getByRole('button', { name: '5 yıldız' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await page.context().close();
  });

  it('zooms product images in a lightbox and shares the link', async () => {
    const list = (await (await fetch(`${baseURL}/api/products?limit=1&sort=rating`)).json()) as {
      data: Array<{ _id: string; images: unknown[] }>;
    };
    const product = list.data[0]!;
    const page = await newPage(browser());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`${baseURL}/product/${product._id}`);

    await page.getByRole('button', { name: 'Görseli büyüt' }).click();
    const lightbox = page.getByRole('dialog');
    await lightbox.waitFor();
    const count = product.images.length;
    await lightbox.getByText(`1 / ${count}`).waitFor();
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText(`2 / ${count}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await lightbox.getByText(`1 / ${count}`).waitFor();
    await lightbox.getByRole('button', { name: 'Yakınlaştır' }).click();
    await lightbox.getByRole('button', { name: 'Uzaklaştır' }).waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // Desktop Chromium on Linux has no share sheet: the link is copied instead.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Paylaş' }).click();
    await page.getByRole('region', { name: 'Bildirim mesajları' }).getByText('Bağlantı kopyalandı').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/product/${product._id}`);
    await page.context().close();
  });

  it('filters by price with the number inputs and the slider keys', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/category/telefon');
    const total = await resultCount(page);
    const filters = page.getByRole('complementary', { name: 'Filtreler' });

    const min = filters.getByRole('spinbutton', { name: 'En az (₺)' });
    await hydrated(min);
    await min.fill('10000');
    await min.press('Enter');
    await waitForUrl(page, (url) => url.searchParams.get('minPrice') === '10000');
    await page.getByRole('button', { name: 'Fiyat: ₺10.000 ve üzeri filtresini kaldır' }).waitFor();
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const atLeast = await resultCount(page);

    // Arrow keys step the upper thumb; the range is applied once, and the thumb keeps focus.
    const upper = filters.getByRole('slider', { name: 'En yüksek fiyat' });
    await upper.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
    await waitForUrl(page, (url) => url.searchParams.has('maxPrice'));
    const maxPrice = Number(new URL(page.url()).searchParams.get('maxPrice'));
    expect(await upper.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(Number(await upper.inputValue())).toBe(maxPrice);
    await expect.poll(() => resultCount(page)).toBeLessThan(atLeast);

    // The chip removes the whole price range.
    await page.getByRole('button', { name: /^Fiyat: .* filtresini kaldır$/ }).click();
    await waitForUrl(page, (url) => !url.searchParams.has('minPrice') && !url.searchParams.has('maxPrice'));
    await expect.poll(() => resultCount(page)).toBe(total);
    expect(await min.inputValue()).toBe('');
    await page.context().close();
  });

  it('serves the product page with its data, price and JSON-LD without JavaScript', async () => {
    const list = (await (await fetch(`${baseURL}/api/products?limit=1&sort=popularity`)).json()) as {
      data: Array<{ _id: string; name: string; currentPrice: number }>;
    };
    const product = list.data[0]!;
    const response = await fetch(`${baseURL}/product/${product._id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = product.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(escaped);
    expect(html).toContain(price.format(product.currentPrice));
    expect(html).toContain('application/ld+json');
    expect(html).toContain('"@type":"AggregateOffer"');
    expect(html).toContain(`<title>${escaped} fiyatları | Kıyasla</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL}/product/${product._id}"`));
    expect(html).toContain('Mağazaya Git');
  });

  it('renders a filtered listing on the server with a canonical to the plain listing', async () => {
    const response = await fetch(`${baseURL}/category/telefon?brand=Apple&sort=price-low&page=1&view=list`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Telefon fiyatları ve modelleri | Kıyasla</title>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/category/telefon"`);
    expect(html).toMatch(/\d+ ürün bulundu/);
    expect(html).toContain('Aktif Filtreler');
  });

  it('answers unknown categories and products with 404 pages', async () => {
    const page = await newPage(browser(), { width: 390, height: 844 });
    const category = await page.goto(baseURL + '/category/boyle-bir-kategori-yok');
    expect(category?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Kategori bulunamadı' }).waitFor();

    const product = await page.goto(baseURL + '/product/00000000-0000-4000-8000-000000000000');
    expect(product?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Ürün bulunamadı' }).waitFor();
    await page.context().close();
  });

  it('opens the filter drawer on phones and applies it', async () => {
    const page = await newPage(browser(), { width: 390, height: 844 });
    await page.goto(baseURL + '/category/laptop');
    const total = await resultCount(page);
    await hydrated(page.getByRole('button', { name: /^Filtreler/ }));
    await page.getByRole('button', { name: /^Filtreler/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtreler' });
    await drawer.getByRole('checkbox', { name: /^Lenovo\b/ }).check();
    await waitForUrl(page, (url) => url.searchParams.get('brand') === 'Lenovo');
    await drawer.getByRole('button', { name: 'Filtreleri Uygula' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    await page.getByRole('button', { name: 'Tümünü Temizle' }).first().click();
    await waitForUrl(page, (url) => !url.searchParams.has('brand'));
    await expect.poll(() => resultCount(page)).toBe(total);
    await page.context().close();
  });

  it('publishes robots.txt and a sitemap of categories and products', async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /favorites');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const response = await fetch(`${baseURL}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    // An index of files: the site's pages, then the product pages in parts.
    const files = [...(await response.text()).matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(files[0]).toBe(`${baseURL}/sitemaps/pages.xml`);
    expect(files.slice(1).every((file) => /\/sitemaps\/products-\d+\.xml$/.test(file))).toBe(true);
    const xml = (await Promise.all(files.map(async (file) => (await fetch(file)).text()))).join('\n');
    expect(xml).toContain(`<loc>${baseURL}/category/telefon</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/category/telefon/premium</loc>`);
    expect((xml.match(/\/product\//g) ?? []).length).toBeGreaterThan(400);
  });

  it('builds absolute URLs from the configured origin, whatever Host a client sends, and refuses a malformed Host', async () => {
    const withHost = (path: string, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${baseURL}${path}`, { headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const robots = await withHost('/robots.txt', 'evil.example');
    expect(robots.body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots.body).not.toContain('evil.example');
    const page = await withHost('/category/telefon', 'evil.example');
    expect(page.body).toContain(`<link rel="canonical" href="${baseURL}/category/telefon"`);
    expect(page.body).not.toContain('evil.example');
    // The static pages' canonical links are absolute too (search engines ignore relative ones).
    for (const path of ['/contact', '/help', '/terms', '/privacy', '/privacy-policy', '/cookies']) {
      const staticPage = await withHost(path, 'evil.example');
      expect(staticPage.body, path).toContain(`<link rel="canonical" href="${baseURL}${path}"`);
      expect(staticPage.body, path).not.toContain('evil.example');
    }
    // The sign-in forms are kept out of the index, so they carry no canonical link.
    for (const path of ['/login', '/register']) {
      const form = await withHost(path, 'evil.example');
      expect(form.body, path).toContain('<meta name="robots" content="noindex"/>');
      expect(form.body, path).not.toContain('rel="canonical"');
    }
    for (const host of ['a b', 'evil"><x', ':99999', '[::1', 'user@host']) {
      const refused = await withHost('/', host);
      expect(refused.status, host).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'BAD_HOST' });
    }
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations on the listing and the product page (%s)',
    async (theme) => {
      const page = await newPage(browser(), { theme });
      if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await page.goto(baseURL + '/category/telefon?brand=Apple');
      expect(await axeViolations(page)).toEqual([]);
      await hydrated(page.getByRole('button', { name: 'Kompakt tablo görünümü' }));
      await page.getByRole('button', { name: 'Kompakt tablo görünümü' }).click();
      await page.getByRole('table').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: /\d+ oy/ })
        .first()
        .getByRole('rowheader')
        .getByRole('link')
        .click();
      await page.getByRole('heading', { name: 'Mağaza Fiyatları' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Fiyat Geçmişi' }).click();
      await page.locator('.recharts-line').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: /^Yorumlar/ }).click();
      await page.getByRole('group', { name: 'Puana göre filtrele' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
