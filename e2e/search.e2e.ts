import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { resultCount } from './support/listing';

const baseURL = inject('baseURL');
const browser = useBrowser();

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Ürün, marka veya kategori ara' });

/** Types into the header's box and submits with Enter; waits for the results page. */
async function searchFor(page: Page, term: string) {
  const box = searchBox(page);
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === term);
}

describe('search: the header box, its suggestions and the results page', () => {
  it('picks a product suggestion with the keyboard and lands on the product', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('iph', { delay: 120 });

    const listbox = page.getByRole('listbox', { name: 'Arama önerileri' });
    const products = listbox.getByRole('group', { name: 'Ürünler' });
    await products.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // Down the list until a product is the active option.
    for (let i = 0; i < 12 && (await products.getByRole('option', { selected: true }).count()) === 0; i++) {
      await box.press('ArrowDown');
    }
    const active = products.getByRole('option', { selected: true });
    expect(await active.getAttribute('id')).toBe(await box.getAttribute('aria-activedescendant'));
    const name = (await active.innerText()).split('\n')[0]!.trim();
    expect(name).toMatch(/iphone/i);

    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // Leaving the search closes the dropdown and empties the box.
    expect(await searchBox(page).inputValue()).toBe('');
    await page.close();
  });

  it('searches on Enter, shows the results with filters and sort, and remembers recent searches', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });

    await searchFor(page, 'kulaklik');
    await page.getByRole('heading', { level: 1, name: /kulaklik/ }).waitFor();
    expect(await resultCount(page)).toBeGreaterThan(20);
    const results = page.getByRole('list', { name: '“kulaklik” arama sonuçları' });
    expect(await results.getByRole('heading', { level: 2 }).count()).toBe(20);
    expect(await page.title()).toBe('"kulaklik" araması | Kıyasla');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    expect(await axeViolations(page)).toEqual([]);

    // The listing controls keep the term.
    const total = await resultCount(page);
    await page.getByRole('combobox', { name: 'Sırala' }).selectOption('price-low');
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'price-low' && url.searchParams.get('q') === 'kulaklik',
    );
    await page
      .getByRole('complementary', { name: 'Filtreler' })
      .getByRole('group', { name: 'Marka' })
      .getByRole('checkbox', { name: /^JBL\b/ })
      .check();
    await page.waitForURL(
      (url) => url.searchParams.getAll('brand').includes('JBL') && url.searchParams.get('q') === 'kulaklik',
    );
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    await page.getByRole('button', { name: 'Marka: JBL filtresini kaldır' }).waitFor();

    // A second search, then the empty box lists both, newest first, and the trending terms.
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });
    await searchFor(page, 'airpods');
    await page.getByText(/ürün bulundu$/).waitFor();
    const box = searchBox(page);
    await box.fill('');
    await box.click();
    const recent = page.getByRole('group', { name: 'Son Aramalar' });
    await recent.waitFor();
    expect(await recent.getByRole('option').allInnerTexts()).toEqual(['airpods', 'kulaklik']);
    await page.getByRole('group', { name: 'Popüler Aramalar' }).getByRole('option').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes; a recent search is one arrow key and Enter away.
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'kulaklik');
    await page.close();
  });

  it("shows 'Sonuç Bulunamadı' with tips and a way home for a search without hits", async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });
    await searchFor(page, 'qqqzzzxxx');
    await page.getByRole('heading', { level: 2, name: 'Sonuç Bulunamadı' }).waitFor();
    await page.getByText('Yazımı kontrol edin').waitFor();
    await page.getByText('Daha az kelime kullanın').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ana Sayfaya Dön' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });

  it('corrects a misspelt term and links the corrected search', async () => {
    const page = await newPage(browser());
    await page.goto(baseURL + '/', { waitUntil: 'networkidle' });
    await searchFor(page, 'samsnug');
    expect(await resultCount(page)).toBeGreaterThan(0);
    await page.getByText('Bunu mu demek istediniz:').waitFor();
    await page.getByRole('link', { name: 'samsung', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'samsung');
    await page.getByRole('heading', { level: 1, name: /samsung/ }).waitFor();
    expect(await page.getByText('Bunu mu demek istediniz:').count()).toBe(0);
    await page.close();
  });

  it('works on a phone: a tapped suggestion opens, a blank search page prompts', async () => {
    const page = await newPage(browser(), { width: 390, height: 844 });
    await page.goto(baseURL + '/search', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Ne aramak istersiniz?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('kulak', { delay: 100 });
    const category = page.getByRole('group', { name: 'Kategoriler' }).getByRole('option', { name: /Kulaklık/ });
    await category.click();
    await page.waitForURL((url) => url.pathname === '/category/kulaklik');
    await page.close();
  });
});
