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
    const siteName = page.getByLabel('Site adı');
    await siteName.fill('Kıyasla Deneme');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Ayarlar başarıyla kaydedildi').waitFor();

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
});
