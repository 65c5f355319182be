import { describe, expect, inject, it } from 'vitest';
import { newPage, useBrowser } from './support/browser';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('smoke: the shell in a real browser', () => {
  it('renders the home page with the seeded categories and products', async () => {
    const page = await newPage(browser());
    const response = await page.goto(baseURL + '/');
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Kıyasla');
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');

    const categoryBar = page.getByRole('navigation', { name: 'Kategori menüsü' });
    await categoryBar.getByRole('link', { name: 'Telefon', exact: true }).waitFor();
    expect(await categoryBar.getByRole('link', { name: 'Kamera', exact: true }).count()).toBeGreaterThanOrEqual(1);

    await page.getByRole('heading', { name: 'Son Eklenen Ürünler' }).waitFor();
    await page.getByRole('heading', { name: 'Popüler Ürünler' }).waitFor();
    const productLinks = page.locator('a[href^="/product/"]');
    expect(await productLinks.count()).toBeGreaterThanOrEqual(8);
    await page.context().close();
  });

  it('toggles the theme and keeps it after a reload', async () => {
    const page = await newPage(browser(), { theme: 'light' });
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });
    const html = page.locator('html');
    const classes = async () => (await html.getAttribute('class')) ?? '';
    expect(await classes()).not.toContain('dark');
    await page.getByRole('button', { name: 'Koyu temaya geç' }).first().click();
    await expect.poll(classes).toContain('dark');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await classes()).toContain('dark');
    await page.getByRole('button', { name: 'Açık temaya geç' }).first().click();
    await expect.poll(classes).not.toContain('dark');
    await page.context().close();
  });

  it('shows a toast when cookie preferences are saved', async () => {
    const page = await newPage(browser());
    // Wait for hydration: a click before it would be a no-op.
    await page.goto(baseURL + '/cookies', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Tercihleri Kaydet' }).click();
    await page.getByText('Çerez tercihleriniz kaydedildi').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('cookiePreferences'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ necessary: true, marketing: false });
    await page.context().close();
  });

  it('answers unknown pages with the Turkish 404 page', async () => {
    const page = await newPage(browser(), { width: 390, height: 844 });
    const response = await page.goto(baseURL + '/boyle-bir-sayfa-yok');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Sayfa Bulunamadı' }).waitFor();
    await page.context().close();
  });

  it("answers a browser's /favicon.ico with the site's SVG icon (pages the API draws name none)", async () => {
    const res = await fetch(baseURL + '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.redirected && new URL(res.url).pathname).toBe('/favicon.svg');
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});
