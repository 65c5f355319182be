import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { usePrivateServer } from './support/private-server';
import { signInWithForm } from './support/session';

// The journeys change a user's role and the settings (maintenance too): a server of their own.
const server = usePrivateServer();
const browser = useBrowser();

async function open(page: Page, path: string) {
  return page.goto(server().baseURL + path, { waitUntil: 'networkidle' });
}

async function register(email: string) {
  const res = await fetch(`${server().baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Rol', lastName: 'Değişecek', email, password: 'Güçlü.Şifre1' }),
  });
  expect(res.status).toBe(201);
}

async function signInAsAdmin(page: Page, path: string) {
  await open(page, path);
  await page.waitForURL(/\/login\?redirect=/);
  await signInWithForm(page, 'admin@kiyasla.test', 'Admin123!');
  await page.waitForURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?|$)`));
}

describe('admin journeys', () => {
  it('an anonymous visitor of /admin/analytics lands on the login page with the way back', async () => {
    const page = await newPage(browser());
    await open(page, '/admin/analytics');
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fanalytics$/);
    await page.context().close();
  });

  it('a plain user visiting /admin lands on the home page with “Yetkisiz Erişim”', async () => {
    const page = await newPage(browser());
    await open(page, '/login');
    await signInWithForm(page, 'user@kiyasla.test', 'User1234!');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await open(page, '/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Yetkisiz Erişim').first().waitFor();
    await page.context().close();
  });

  it('an admin edits a user’s role, finds the user from the header search, saves a setting and exports analytics', async () => {
    const email = `rol.${Date.now()}@example.com`;
    await register(email);
    const page = await newPage(browser());
    await signInAsAdmin(page, '/admin');

    // The header search lands on the users list with the search applied.
    const search = page.getByRole('search', { name: 'Yönetim araması' });
    await search.getByLabel('Aranacak liste').selectOption({ label: 'Kullanıcılar' });
    await search.getByLabel('Yönetimde ara').fill(email);
    await search.getByLabel('Yönetimde ara').press('Enter');
    await page.waitForURL(/\/admin\/users\?q=/);
    await page.getByRole('button', { name: 'Rol Değişecek düzenle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kullanıcıyı Düzenle' });
    await dialog.getByLabel('Rol').selectOption('moderator');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
      .getByText('Moderatör')
      .waitFor();

    // A setting: the success banner.
    await page.getByRole('link', { name: 'Sistem Ayarları' }).click();
    // The payment tab shows the provider in use (a fresh install's demo) and only the chosen one's fields.
    await page.getByRole('tab', { name: 'Ödeme' }).click();
    const provider = page.getByLabel('Ödeme sağlayıcısı');
    expect(await provider.inputValue()).toBe('demo');
    expect(await provider.locator('option:checked').textContent()).toBe('demo (test ödeme sayfası)');
    await page.getByText(/test modu açıksa yerleşik test ödeme sayfası kullanılır/).waitFor();
    expect(await page.getByLabel('Shopier API anahtarı').count()).toBe(0);
    await provider.selectOption('shopier');
    await page.getByLabel('Shopier API anahtarı').waitFor();
    expect(await page.getByLabel('Stripe gizli anahtarı').count()).toBe(0);
    await provider.selectOption('demo');
    await page.getByLabel('Shopier API anahtarı').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Genel' }).click();
    const siteName = page.getByLabel('Site adı');
    await siteName.fill('Kıyasla Deneme');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi').waitFor();

    // The e-mail tab's test button: without SMTP_URL the answer says the message only reached the log.
    await page.getByRole('tab', { name: 'E-posta' }).click();
    await page.getByRole('button', { name: 'Deneme e-postası gönder' }).click();
    await page
      .getByText(/admin@kiyasla\.test adresine gönderilecek deneme e-postası yalnızca sunucu günlüğüne yazıldı/)
      .waitFor();

    // Analytics: the export opens the signed CSV link.
    await page.getByRole('link', { name: 'Analitik' }).click();
    await page.getByRole('heading', { name: 'Analitik' }).waitFor();
    await page.getByText('Sistem Durumu').waitFor();
    const [exported, popup] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/analytics/export?')),
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Dışa Aktar' }).click(),
    ]);
    const { data } = (await exported.json()) as { data: { downloadUrl: string } };
    expect(data.downloadUrl).toMatch(/^\/api\/admin\/analytics\/export\/download\?/);
    await popup.close();
    const file = await fetch(server().baseURL + data.downloadUrl);
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Toplam kullanıcı');
    await page.context().close();
  });

  it('maintenance mode: shoppers get the maintenance page with a 503, the admin keeps the back office', async () => {
    const page = await newPage(browser());
    await signInAsAdmin(page, '/admin/settings');
    await page.getByRole('tab', { name: 'Bakım' }).click();
    await page.getByLabel('Bakım modu').check();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi').waitFor();

    const shopper = await newPage(browser());
    const res = await open(shopper, '/');
    expect(res?.status()).toBe(503);
    await shopper.getByRole('heading', { name: 'Bakımdayız' }).waitFor();
    await shopper.context().close();

    await page.getByRole('link', { name: 'Ürünler' }).click();
    await page.getByRole('heading', { name: 'Ürünler' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();

    await page.getByRole('link', { name: 'Sistem Ayarları' }).click();
    await page.getByRole('tab', { name: 'Bakım' }).click();
    await page.getByLabel('Bakım modu').uncheck();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi').waitFor();
    const after = await fetch(server().baseURL + '/');
    expect(after.status).toBe(200);
    await page.context().close();
  });

  it('an admin filters Abonelik Yönetimi, views a member’s payment history and cancels the subscription', async () => {
    // A member buys the monthly plan through the built-in demo provider (a real, signed fulfilment).
    const email = `abone.${Date.now()}@example.com`;
    const registered = await fetch(`${server().baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Sevgi', lastName: 'Aboneoğlu', email, password: 'Güçlü.Şifre1' }),
    });
    expect(registered.status).toBe(201);
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    const checkout = await fetch(`${server().baseURL}/api/payments/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ planId: 'monthly' }),
    });
    expect(checkout.ok, `checkout answered ${checkout.status}`).toBe(true);
    const { url } = ((await checkout.json()) as { data: { url: string } }).data;
    const payPage = await newPage(browser());
    await payPage.goto(url, { waitUntil: 'networkidle' });
    await payPage.getByRole('button', { name: /Test Ödemesini Onayla/ }).click();
    await payPage.waitForURL(/\/premium\/callback\?order=.+&status=success/);
    await payPage.context().close();

    const page = await newPage(browser());
    await signInAsAdmin(page, '/admin/subscriptions');
    await page.getByRole('heading', { name: /Abonelik Yönetimi/ }).waitFor();
    await page.getByText('Toplam Abonelik').waitFor();

    // The dialog of statistics.
    await page.getByRole('button', { name: 'İstatistikler' }).click();
    const stats = page.getByRole('dialog', { name: 'Abonelik İstatistikleri' });
    await stats.getByText('Aylık abonelik').waitFor();
    await page.keyboard.press('Escape');
    await stats.waitFor({ state: 'detached' });

    // Filters apply on Filtrele.
    const filters = page.getByRole('search', { name: 'Abonelik süzgeçleri' });
    await filters.getByLabel('Ara').fill('aboneoglu');
    await filters.getByLabel('Plan').selectOption('monthly');
    await filters.getByLabel('Durum').selectOption('active');
    await filters.getByRole('button', { name: 'Filtrele' }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.getByText('Aktif').waitFor();
    await row.getByText('Aylık').waitFor();
    // The member's row is also in the unfiltered table: polled until the filtered one replaces it.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    // The view button: the member's subscription and the payment the demo provider took.
    await row.getByRole('button', { name: 'Sevgi Aboneoğlu aboneliğini görüntüle' }).click();
    const history = page.getByRole('dialog', { name: 'Sevgi Aboneoğlu – Abonelik Geçmişi' });
    const payments = history.getByRole('list', { name: 'Ödemeler' });
    await payments.getByText('₺29,99').waitFor();
    await payments.getByText('Tamamlandı').waitFor();
    await history.getByRole('button', { name: '₺29,99 ödemesini iade et' }).waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // Cancel: the specification's question, then the row reads cancelled and the cancel button goes.
    await row.getByRole('button', { name: 'Sevgi Aboneoğlu aboneliğini iptal et' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aboneliği İptal Et' });
    await confirm.getByText('Bu kullanıcının aboneliğini iptal etmek istediğinizden emin misiniz?').waitFor();
    await confirm.getByRole('button', { name: 'İptal Et' }).click();
    await page.getByText(/Abonelik iptal edildi: otomatik yenileme kapatıldı/).waitFor();
    await filters.getByLabel('Durum').selectOption('cancelled');
    await filters.getByRole('button', { name: 'Filtrele' }).click();
    await row.getByText('İptal Edildi').waitFor();
    expect(await row.getByRole('button', { name: /aboneliğini iptal et/ }).count()).toBe(0);

    // Clear brings every subscription back from page 1.
    await filters.getByRole('button', { name: 'Temizle' }).click();
    await expect.poll(() => filters.getByLabel('Ara').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Denetim Kaydı' }).click();
    await page.getByRole('cell', { name: 'Abonelik iptal edildi', exact: true }).first().waitFor();
    await page.context().close();
  });

  it('a moderator opens the review queue from the dashboard, approves a pending review and finds it among the approved', async () => {
    const page = await newPage(browser());
    await open(page, '/login');
    await signInWithForm(page, 'moderator@kiyasla.test', 'Moderator123!');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await open(page, '/admin');
    await page.getByRole('link', { name: /onay bekliyor/ }).click();
    await page.waitForURL(/\/admin\/reviews$/);
    await page.getByRole('heading', { name: 'Yorumlar' }).waitFor();
    const first = page.getByRole('row').nth(1);
    await first.waitFor();
    const approveButton = first.getByRole('button', { name: /yorumunu onayla$/ });
    const label = (await approveButton.getAttribute('aria-label'))!;
    const author = label.replace(/ yorumunu onayla$/, '');
    const product = (await first.getByRole('cell').first().textContent())!;
    await approveButton.click();
    await page.getByText('Yorum onaylandı; ürün sayfasında gösteriliyor').waitFor();

    const filters = page.getByRole('search', { name: 'Yorum süzgeçleri' });
    await filters.getByLabel('Ara').fill(`${product} ${author}`);
    await filters.getByLabel('Durum').selectOption('approved');
    await filters.getByRole('button', { name: 'Filtrele' }).click();
    await page
      .getByRole('button', { name: `${author} yorumunu onaydan kaldır` })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('no public page loads the back office’s code, and every admin page is noindex', async () => {
    const base = server().baseURL;
    const home = await (await fetch(base + '/')).text();
    const manifestUrl = /"(\/assets\/manifest-[^"]+\.js)"/.exec(home)?.[1];
    expect(manifestUrl, 'the route manifest of the home page').toBeTruthy();
    const manifestJs = await (await fetch(base + manifestUrl)).text();
    type Entry = { module: string; imports?: string[]; path?: string };
    const manifest = JSON.parse(manifestJs.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '')) as {
      entry: Entry;
      routes: Record<string, Entry>;
    };
    const files = (e: Entry) => [e.module, ...(e.imports ?? [])];
    const routes = Object.entries(manifest.routes);
    const isAdmin = (id: string) => id.startsWith('routes/admin');
    const shared = new Set([
      ...files(manifest.entry),
      ...routes.filter(([id]) => !isAdmin(id)).flatMap(([, e]) => files(e)),
    ]);
    const adminOnly = new Set(
      routes.filter(([id]) => isAdmin(id)).flatMap(([, e]) => files(e).filter((f) => !shared.has(f))),
    );
    expect(adminOnly.has(manifest.routes['routes/admin-layout']!.module)).toBe(true);
    expect(adminOnly.size).toBeGreaterThan(10);

    // Public pages: what their HTML makes the browser fetch before it paints (scripts, preloads, imports).
    const category = /href="(\/category\/[^"/]+)"/.exec(home)?.[1];
    const product = /href="(\/product\/[^"]+)"/.exec(home)?.[1];
    expect(category && product, 'category and product links on the home page').toBeTruthy();
    for (const path of ['/', category!, product!, '/search?q=kulaklik', '/login', '/premium']) {
      const html = await (await fetch(base + path)).text();
      const refs = [
        ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
        ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
        ...html.matchAll(/import\(\s*"(\/assets\/[^"]+\.js)"/g),
      ].map((m) => m[1]!);
      expect(refs.length, `${path} references scripts`).toBeGreaterThan(0);
      expect(
        refs.filter((ref) => adminOnly.has(ref)),
        `${path} loads back-office code`,
      ).toEqual([]);
      // The sign-in form is a public page kept out of search results; the others are indexable.
      if (path === '/login') expect(html, `${path} is noindex`).toMatch(/<meta name="robots" content="noindex"/);
      else expect(html, `${path} is indexable`).not.toMatch(/<meta name="robots" content="noindex"/);
    }

    // Every admin page (the server renders the gate's loading state) tells robots to stay out.
    const adminPaths = routes
      .filter(([id, e]) => isAdmin(id) && e.path)
      .map(([, e]) => '/' + e.path!.replace(':id', '00000000-0000-0000-0000-000000000000'));
    expect(adminPaths.length).toBeGreaterThan(10);
    for (const path of adminPaths) {
      const html = await (await fetch(base + path)).text();
      expect(html, `${path} noindex`).toMatch(/<meta name="robots" content="noindex"\/?>/);
    }
  });
});
