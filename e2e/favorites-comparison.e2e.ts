import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { signInThroughApi } from './support/session';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** Goes to `path` (once hydrated: `newPage`). */
async function open(page: Page, path: string) {
  await page.goto(baseURL + path, { waitUntil: 'networkidle' });
}

const headerLinks = (page: Page) => page.getByRole('navigation', { name: 'Listelerim' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Bildirim mesajları' });
const listing = (page: Page) => page.getByRole('list', { name: /ürünleri$/ });

/** Clicks the first 'Karşılaştır' of the listing that is not yet in the list, `count` times. */
async function addFromCards(page: Page, count: number) {
  for (let i = 0; i < count; i += 1) {
    const before = await listing(page)
      .getByRole('button', { name: /^Karşılaştırmadan Çıkar:/ })
      .count();
    await listing(page)
      .getByRole('button', { name: /^Karşılaştır:/ })
      .first()
      .click();
    await expect
      .poll(() =>
        listing(page)
          .getByRole('button', { name: /^Karşılaştırmadan Çıkar:/ })
          .count(),
      )
      .toBe(before + 1);
  }
}

describe('comparison: from the cards to the comparison page', () => {
  it('adds three products, shows the badge, compares them in every tab and refuses a sixth', async () => {
    const page = await newPage(browser());
    await open(page, '/category/telefon');

    await addFromCards(page, 3);
    await headerLinks(page).getByRole('link', { name: 'Karşılaştırma (3)' }).waitFor();
    expect(await toasts(page).getByText('Ürün karşılaştırma listesine eklendi').count()).toBeGreaterThan(0);

    // The list is kept for the browser session: a reload does not lose it.
    await page.reload({ waitUntil: 'networkidle' });
    await headerLinks(page).getByRole('link', { name: 'Karşılaştırma (3)' }).click();
    await page.waitForURL((url) => url.pathname === '/comparison');
    await page.getByRole('heading', { level: 1, name: 'Ürün Karşılaştırma' }).waitFor();
    await page.getByText('3 / 5 ürün').waitFor();

    // Summary cards and the overview.
    for (const label of ['Fiyat Aralığı', 'Ortalama Puan', 'Toplam Mağaza']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    const overview = page.getByRole('tabpanel', { name: 'Genel Bakış' });
    await overview.waitFor();
    expect(await overview.getByRole('article').count()).toBe(3);
    await overview.getByText('En Uygun Fiyat').waitFor();

    // Teknik Özellikler: differing rows are marked; identical rows can be hidden.
    await page.getByRole('tab', { name: 'Teknik Özellikler' }).click();
    const specs = page.getByRole('tabpanel', { name: 'Teknik Özellikler' });
    const allRows = await specs.getByRole('row').count();
    expect(allRows).toBeGreaterThan(3);
    expect(await specs.getByRole('rowheader', { name: /Farklı/ }).count()).toBeGreaterThan(0);
    await specs.getByRole('checkbox', { name: 'Aynı olan özellikleri gizle' }).check();
    await expect
      .poll(async () => (await specs.getByRole('row').count()) - 1)
      .toBe(await specs.getByRole('rowheader', { name: /Farklı/ }).count());

    // Fiyat Analizi: a store × product table with each product's cheapest offer.
    await page.getByRole('tab', { name: 'Fiyat Analizi' }).click();
    const prices = page.getByRole('tabpanel', { name: 'Fiyat Analizi' });
    await prices.getByRole('table').waitFor();
    expect(await prices.getByText('En ucuz', { exact: true }).count()).toBeGreaterThanOrEqual(3);

    // Avantaj/Dezavantaj is premium only: a visitor is asked to sign in.
    await page.getByRole('tab', { name: /Avantaj\/Dezavantaj/ }).click();
    const analysis = page.getByRole('tabpanel', { name: /Avantaj\/Dezavantaj/ });
    await analysis.getByRole('heading', { name: 'Giriş Yapmanız Gerekiyor' }).waitFor();
    expect(await analysis.getByRole('link', { name: 'Giriş Yap' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcomparison',
    );

    // Arrow keys move between the tabs.
    await page.getByRole('tab', { name: /Avantaj\/Dezavantaj/ }).press('Home');
    expect(await page.getByRole('tab', { name: 'Genel Bakış' }).getAttribute('aria-selected')).toBe('true');

    // Two more fill the list; the sixth is refused with the warning.
    await open(page, '/category/telefon');
    await addFromCards(page, 2);
    await headerLinks(page).getByRole('link', { name: 'Karşılaştırma (5)' }).waitFor();
    await listing(page)
      .getByRole('button', { name: /^Karşılaştır:/ })
      .first()
      .click();
    await toasts(page).getByText('En fazla 5 ürün karşılaştırabilirsiniz').waitFor();
    expect(await headerLinks(page).getByRole('link', { name: 'Karşılaştırma (5)' }).count()).toBe(1);

    // Saving needs an account.
    await open(page, '/comparison');
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await toasts(page).getByText('Karşılaştırma kaydetmek için giriş yapmalısınız').waitFor();
    await page.context().close();
  });

  it('shows the single-product state and the empty state', async () => {
    const page = await newPage(browser(), { width: 390 });
    await open(page, '/comparison');
    await page.getByRole('heading', { name: 'Karşılaştırma listeniz boş' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ürünleri Keşfet' }).getAttribute('href')).toBe('/');

    await open(page, '/category/telefon');
    await addFromCards(page, 1);
    await open(page, '/comparison');
    await page.getByRole('heading', { name: 'Karşılaştırma için en az 2 ürün gerekli' }).waitFor();
    await page.getByRole('button', { name: 'Listeyi Temizle' }).click();
    await page.getByRole('heading', { name: 'Karşılaştırma listeniz boş' }).waitFor();
    await page.context().close();
  });

  it('lets a premium member save, reload and delete a comparison, and see the analysis', async () => {
    const page = await newPage(browser());
    await signInThroughApi(page.context(), 'premium@kiyasla.test', 'Premium123!');
    await open(page, '/category/laptop');
    await addFromCards(page, 1);
    await open(page, '/comparison');
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await toasts(page).getByText('En az 2 ürün seçmelisiniz').waitFor();

    await open(page, '/category/laptop');
    await addFromCards(page, 1);
    await open(page, '/comparison');

    await page.getByRole('tab', { name: 'Avantaj/Dezavantaj' }).click();
    const analysis = page.getByRole('tabpanel', { name: 'Avantaj/Dezavantaj' });
    expect(await analysis.getByRole('heading', { name: 'Avantajlar', exact: true }).count()).toBe(2);

    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Karşılaştırmayı Kaydet' });
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Karşılaştırma adı gereklidir').waitFor();
    await dialog.getByRole('textbox', { name: /Karşılaştırma adı/ }).fill('E2E laptoplar');
    await dialog.getByRole('textbox', { name: /Etiketler/ }).fill(' laptop, ,iş , ');
    await dialog.getByRole('switch', { name: 'Herkese açık' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toasts(page).getByText('Karşılaştırma kaydedildi').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const sidebar = page.getByRole('complementary', { name: 'Kayıtlı Karşılaştırmalar' });
    const saved = sidebar.getByRole('listitem').filter({ hasText: 'E2E laptoplar' });
    await saved.getByText('#laptop').waitFor();
    await saved.getByText('#iş').waitFor();
    expect(await saved.getByRole('list', { name: 'Etiketler' }).getByRole('listitem').count()).toBe(2);

    // Loading replaces the session list.
    await page.getByRole('button', { name: 'Listeyi Temizle' }).click();
    await headerLinks(page).getByRole('link', { name: 'Karşılaştırma', exact: true }).waitFor();
    await saved.getByRole('button', { name: 'E2E laptoplar karşılaştırmasını yükle' }).click();
    await toasts(page).getByText('Karşılaştırma yüklendi').waitFor();
    await headerLinks(page).getByRole('link', { name: 'Karşılaştırma (2)' }).waitFor();

    await saved.getByRole('button', { name: 'E2E laptoplar karşılaştırmasını sil' }).click();
    await page.getByRole('dialog', { name: 'Karşılaştırma silinsin mi?' }).getByRole('button', { name: 'Sil' }).click();
    await toasts(page).getByText('Karşılaştırma silindi').waitFor();
    await saved.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('favorites: the heart, the header count in every tab, and the favorites page', () => {
  it('favorites a product, finds it on /favorites, removes it, and clears the rest', async () => {
    const page = await newPage(browser());
    const context = page.context();
    const session = await signInThroughApi(context, 'user@kiyasla.test', 'User1234!');

    // A product the demo user has not favorited yet.
    const auth = { authorization: `Bearer ${session.token}` };
    const favorites = (await (await fetch(`${baseURL}/api/favorites`, { headers: auth })).json()) as {
      data: Array<{ productId: string }>;
      pagination: { total: number };
    };
    const taken = new Set(favorites.data.map((f) => f.productId));
    const start = favorites.pagination.total;
    const products = (await (await fetch(`${baseURL}/api/products?limit=30`)).json()) as {
      data: Array<{ _id: string; name: string }>;
    };
    const product = products.data.find((p) => !taken.has(p._id))!;

    // A second tab of the same browser follows the count.
    const otherTab = await context.newPage();
    await open(otherTab, '/');
    await headerLinks(otherTab)
      .getByRole('link', { name: `Favoriler (${start})` })
      .waitFor();

    await open(page, `/product/${product._id}`);
    const heart = page.getByRole('button', { name: `${product.name} ürününü favorilere ekle` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await toasts(page).getByText('Ürün favorilere eklendi.').waitFor();
    await page.getByRole('button', { name: `${product.name} ürününü favorilerden çıkar`, pressed: true }).waitFor();
    await headerLinks(page)
      .getByRole('link', { name: `Favoriler (${start + 1})` })
      .waitFor();
    await headerLinks(otherTab)
      .getByRole('link', { name: `Favoriler (${start + 1})` })
      .waitFor();

    // The favorites page lists it first (newest first), with its added date.
    await headerLinks(page)
      .getByRole('link', { name: `Favoriler (${start + 1})` })
      .click();
    await page.waitForURL((url) => url.pathname === '/favorites');
    await page.getByRole('heading', { level: 1, name: 'Favorilerim' }).waitFor();
    const list = page.getByRole('list', { name: 'Favori ürünler' });
    await expect.poll(() => list.getByRole('heading', { level: 2 }).first().innerText()).toBe(product.name);
    expect(await list.getByText(/^Eklenme:/).count()).toBe(start + 1);

    // Search folds Turkish letters; a miss offers to clear the search.
    await page.getByRole('searchbox', { name: 'Favorilerde ara' }).fill('zzzz-yok');
    await page.getByRole('heading', { name: 'Eşleşen favori bulunamadı' }).waitFor();
    await page.getByRole('button', { name: 'Aramayı Temizle', exact: true }).click();

    // The compact view sorts by name.
    await page.getByRole('button', { name: 'Kompakt tablo görünümü' }).click();
    const table = page.getByRole('table');
    await table.getByRole('button', { name: 'Ürün', exact: true }).click();
    const names = await table.getByRole('rowheader').allInnerTexts();
    const collator = new Intl.Collator('tr-TR', { sensitivity: 'base', numeric: true });
    const productNames = names.map((n) => n.split('\n').pop() ?? n);
    expect(productNames).toEqual([...productNames].sort(collator.compare));

    // Remove it.
    await page.getByRole('button', { name: 'Izgara görünümü' }).click();
    await page.getByRole('button', { name: `${product.name} ürününü favorilerden kaldır` }).click();
    await toasts(page).getByText('Ürün favorilerden kaldırıldı.').waitFor();
    await list.getByRole('heading', { name: product.name }).waitFor({ state: 'detached' });
    await headerLinks(page)
      .getByRole('link', { name: `Favoriler (${start})` })
      .waitFor();
    await headerLinks(otherTab)
      .getByRole('link', { name: `Favoriler (${start})` })
      .waitFor();

    // Clear all, after confirmation: the empty state.
    await page.getByRole('button', { name: 'Tümünü Temizle' }).click();
    await page
      .getByRole('dialog', { name: 'Tüm favoriler temizlensin mi?' })
      .getByRole('button', { name: 'Tümünü Temizle' })
      .click();
    await page.getByRole('heading', { name: 'Favori listeniz boş' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ürünleri Keşfet' }).getAttribute('href')).toBe('/');
    await headerLinks(page).getByRole('link', { name: 'Favoriler', exact: true }).waitFor();
    await context.close();
  });

  it('asks visitors to sign in', async () => {
    const page = await newPage(browser());
    await open(page, '/favorites');
    await page.getByRole('heading', { name: 'Giriş Yapmanız Gerekiyor' }).waitFor();

    await open(page, '/category/telefon');
    await listing(page)
      .getByRole('button', { name: /ürününü favorilere ekle$/ })
      .first()
      .click();
    await toasts(page).getByText('Giriş Gerekli').waitFor();
    await toasts(page).getByText('Favorilere eklemek için giriş yapmanız gerekiyor.').waitFor();
    await page.context().close();
  });
});
