import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';
import { signInWithForm } from './support/session';

const baseURL = inject('baseURL');
const browser = useBrowser();

const email = `e2e-${Date.now()}@example.com`;
const password = 'Kiyasla#2025';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Waits for hydration: clicks before it would be lost. */
async function open(page: Page, path: string) {
  await page.goto(baseURL + path, { waitUntil: 'networkidle' });
}

const field = (page: Page, name: string | RegExp) =>
  page.getByRole('textbox', { name, exact: typeof name === 'string' });
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function signInAs(user: string, pass: string, path = '/'): Promise<Page> {
  const page = await newPage(browser());
  await open(page, '/login');
  await signInWithForm(page, user, pass);
  await page.getByRole('button', { name: 'Çıkış Yap' }).waitFor();
  if (path !== '/') await open(page, path);
  return page;
}

describe('accounts: sign-up, sign-in and the account pages', () => {
  it('registers after fixing validation errors, with the typing filters of the specification', async () => {
    const page = await newPage(browser());
    await open(page, '/register');

    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await page.getByText('Ad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır', { exact: true }).waitFor();
    await page.getByText('Soyad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır', { exact: true }).waitFor();
    await page.getByText('Geçerli bir e-posta adresi girin').waitFor();
    await page.getByText('Kullanım şartlarını kabul etmelisiniz').waitFor();
    // The first invalid field gets the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');

    // Digits and symbols are dropped while typing; the phone gets +90 and its grouping.
    await field(page, 'Ad').pressSequentially('Çağ3rı!');
    expect(await field(page, 'Ad').inputValue()).toBe('Çağrı');
    await field(page, 'Soyad').fill('Öztürk');
    await field(page, /^Telefon/).pressSequentially('05321234567');
    expect(await field(page, /^Telefon/).inputValue()).toBe('+90 532 123 45 67');
    await field(page, 'E-posta').fill(`  ${email.toUpperCase()} `);

    await field(page, 'Şifre').fill('kisa');
    await field(page, 'Şifre Tekrar').fill('baska');
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await page
      .getByText('Şifre en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir')
      .waitFor();
    await page.getByText('Şifreler eşleşmiyor').waitFor();

    await field(page, 'Şifre').fill(password);
    await field(page, 'Şifre Tekrar').fill(password);
    await page.getByRole('checkbox', { name: /Kullanım Şartları/ }).check();
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();

    await page.waitForURL(baseURL + '/');
    await page.getByRole('link', { name: 'Profilim' }).first().waitFor();
    await page.getByText('Çağrı', { exact: true }).first().waitFor();
    expect(await stored(page, 'token')).toBeTruthy();
    expect(await stored(page, 'refreshToken')).toBeTruthy();
    expect(JSON.parse((await stored(page, 'user')) ?? '{}')).toMatchObject({ email, firstName: 'Çağrı' });

    // The phone (not part of the register request) was saved to the new account right after.
    await open(page, '/profile');
    await page.getByText('+90 532 123 45 67').waitFor();

    // Signed-in users are sent home from the sign-in pages.
    await open(page, '/register');
    await page.waitForURL(baseURL + '/');
    await page.context().close();
  });

  it('logs out and forgets the session', async () => {
    const page = await signInAs(email, password);
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.getByRole('link', { name: /Oturum Aç/ }).waitFor();
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'user')).toBeNull();
    expect(await stored(page, 'refreshToken')).toBeNull();
    await page.context().close();
  });

  it('asks visitors to sign in and comes back to the page afterwards', async () => {
    const page = await newPage(browser());
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Giriş Yapmanız Gerekiyor' }).waitFor();
    expect(await page.getByRole('link', { name: 'Kayıt Ol' }).getAttribute('href')).toBe('/register');
    await page.getByRole('link', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`${baseURL}/login?redirect=%2Fprofile`);
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();

    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.getByText('Şifre gereklidir').waitFor();

    await signInWithForm(page, email, 'Yanlis#Sifre1');
    await page.getByRole('alert').filter({ hasText: 'Giriş başarısız' }).waitFor();

    await field(page, 'Şifre').fill(password);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL(baseURL + '/profile');
    await page.getByRole('heading', { name: 'Profilim' }).waitFor();
    await page.context().close();
  });

  it('never follows a redirect to another site', async () => {
    const page = await newPage(browser());
    await open(page, '/login?redirect=%2F%2Fevil.example%2Fx');
    await signInWithForm(page, email, password);
    await page.waitForURL(baseURL + '/');
    await page.context().close();
  });

  it('renews an unusable access token transparently, and signs out silently when it cannot', async () => {
    const page = await signInAs(email, password);
    const before = { token: await stored(page, 'token'), refresh: await stored(page, 'refreshToken') };
    // As if the access token had expired: the next calls answer 401 and the client refreshes once.
    await page.evaluate(() => localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.e30.bm90LWEtdmFsaWQtdG9rZW4'));
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    await open(page, '/profile?tab=aktivite');
    await page.getByRole('heading', { name: 'Aktivite Özeti' }).waitFor();
    expect(refreshes).toHaveLength(1);
    const after = { token: await stored(page, 'token'), refresh: await stored(page, 'refreshToken') };
    // The unusable token was replaced. (A renewed access token can equal the one issued at sign-in
    // when both fall in the same second: same session, same claims. The refresh token always rotates.)
    expect(after.token).toMatch(/^eyJ/);
    expect(after.token).not.toBe('eyJhbGciOiJIUzI1NiJ9.e30.bm90LWEtdmFsaWQtdG9rZW4');
    expect(after.refresh).not.toBe(before.refresh);

    // A refresh token the server refuses ends the session without an error message.
    await page.evaluate(() => {
      localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.e30.bm90LWEtdmFsaWQtdG9rZW4');
      localStorage.setItem('refreshToken', 'this-refresh-token-was-never-issued');
    });
    await open(page, '/profile');
    await page.getByRole('heading', { name: 'Giriş Yapmanız Gerekiyor' }).waitFor();
    expect(await stored(page, 'token')).toBeNull();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('edits the profile and the header greets the new name', async () => {
    const page = await signInAs(email, password, '/profile');
    await page.getByRole('button', { name: 'Düzenle' }).click();
    expect(await field(page, 'E-posta').isDisabled()).toBe(true);
    await page.getByText('E-posta adresi değiştirilemez').waitFor();
    await field(page, 'Ad').fill('Deniz');
    await field(page, /^Şehir/).fill('İzmir');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Profil bilgileriniz güncellendi.').waitFor();
    await page.getByRole('button', { name: 'Düzenle' }).waitFor();
    await page.getByText('İzmir').waitFor();
    await page.getByRole('banner').getByText('Deniz', { exact: true }).waitFor();

    // Cancelling leaves everything as it was.
    await page.getByRole('button', { name: 'Düzenle' }).click();
    await field(page, 'Ad').fill('Vazgeçilen');
    await page.getByRole('button', { name: 'İptal' }).click();
    expect(await page.getByText('Vazgeçilen').count()).toBe(0);
    await page.context().close();
  });

  it('uploads a profile picture and refuses files that are not images', async () => {
    const page = await signInAs(email, password, '/profile');
    const input = page.getByLabel('Profil resmi dosyası');

    await input.setInputFiles({ name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('merhaba') });
    await page.getByText('Sadece resim dosyaları yüklenebilir').waitFor();

    await input.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Profil resminiz güncellendi.').waitFor();
    const avatar = page.getByRole('img', { name: /profil resmi/ });
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/auth\/avatars\//);
    expect(JSON.parse((await stored(page, 'user')) ?? '{}').avatar).toMatch(/^\/api\/auth\/avatars\//);
    await page.context().close();
  });

  it('toggles a setting at once and keeps it on the server', async () => {
    const page = await signInAs(email, password, '/profile?tab=ayarlar');
    const newsletter = page.getByRole('switch', { name: 'Bülten ve kampanyalar' });
    // The settings arrive after the page: wait for the server's value before toggling.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => newsletter.getAttribute('aria-checked')).toBe('false');
    await newsletter.click();
    await expect.poll(() => newsletter.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Kaydedildi').first().waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('switch', { name: 'Bülten ve kampanyalar' }).getAttribute('aria-checked'))
      .toBe('true');
    await page.context().close();
  });

  it('keeps demo cards in the browser with one default that cannot be deleted', async () => {
    const page = await signInAs(email, password, '/payment-methods');
    await page.getByRole('button', { name: 'Kart Ekle' }).click();
    await page.getByRole('button', { name: 'Kartı Kaydet' }).click();
    await page.getByText('Lütfen tüm alanları doldurun.').waitFor();
    await field(page, 'Kart Üzerindeki İsim').fill('Deniz Öztürk');
    await field(page, 'Kart Numarası').fill('4111 1111 1111 1111 99');
    expect(await field(page, 'Kart Numarası').inputValue()).toBe('4111111111111111');
    await field(page, 'Ay').fill('12');
    await field(page, 'Yıl').fill('29');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Kartı Kaydet' }).click();
    await page.getByRole('heading', { name: 'Visa •••• 1111' }).waitFor();
    await page.getByText('Varsayılan', { exact: true }).waitFor();

    const saved = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('kiyasla:paymentMethods:'))
        .map((k) => localStorage.getItem(k))
        .join(''),
    );
    expect(saved).toContain('"lastFour":"1111"');
    expect(saved).not.toContain('4111111111111111');
    expect(saved).not.toContain('123"');

    await page.getByRole('button', { name: 'Visa •••• 1111 kartını sil' }).click();
    await page.getByText('Varsayılan ödeme yöntemi silinemez. Önce başka bir kartı varsayılan yapın.').waitFor();
    await page.context().close();
  });

  it('checks a new password before asking the server', async () => {
    const page = await signInAs(email, password, '/account-settings');
    await page.getByRole('textbox', { name: 'Mevcut Şifre' }).fill(password);
    await page.getByRole('textbox', { name: 'Yeni Şifre', exact: true }).fill('kisa');
    await page.getByRole('textbox', { name: 'Yeni Şifre Tekrar' }).fill('kisa2');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await page.getByText('Şifre en az 8 karakter olmalıdır!').waitFor();
    await page.getByText('Yeni şifreler eşleşmiyor!').waitFor();

    await page.getByRole('textbox', { name: 'Mevcut Şifre' }).fill('Yanlis#Sifre1');
    await page.getByRole('textbox', { name: 'Yeni Şifre', exact: true }).fill('Yeni#Sifre2025');
    await page.getByRole('textbox', { name: 'Yeni Şifre Tekrar' }).fill('Yeni#Sifre2025');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await page.getByText('Mevcut şifreniz hatalı.').waitFor();
    await page.context().close();
  });

  it('offers Google sign-in only when the server has a client id, and signs in with its credential', async () => {
    const page = await newPage(browser());
    await open(page, '/login');
    expect(await page.getByText('veya', { exact: true }).count()).toBe(0);

    // The server of this run has no GOOGLE_CLIENT_ID: configure one and stand in for Google's script.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.auth.googleClientId = 'e2e-client.apps.googleusercontent.com';
      await route.fulfill({ response, json: body });
    });
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize: (config) => { window.__gis = config; },
          renderButton: (parent) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Google ile oturum açın';
            button.onclick = () => window.__gis.callback({ credential: 'google-id-token' });
            parent.appendChild(button);
          },
        } } };`,
      }),
    );
    const sent: unknown[] = [];
    await page.route('**/api/auth/google', async (route) => {
      sent.push(route.request().postDataJSON());
      // Google's token cannot be verified here: answer with a real session of a demo account.
      const login = await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@kiyasla.test', password: 'User1234!' }),
      });
      await route.fulfill({ status: 200, json: await login.json() });
    });

    await open(page, '/login?redirect=%2Faccount-settings');
    await page.getByText('veya', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Beni hatırla' }).check();
    await page.getByRole('button', { name: 'Google ile oturum açın' }).click();
    await page.waitForURL(baseURL + '/account-settings');
    expect(sent).toEqual([{ credential: 'google-id-token', rememberMe: true }]);
    expect(JSON.parse((await stored(page, 'user')) ?? '{}').email).toBe('user@kiyasla.test');
    await page.context().close();
  });

  it.each([
    ['admin@kiyasla.test', 'Admin123!', true],
    ['moderator@kiyasla.test', 'Moderator123!', true],
    ['user@kiyasla.test', 'User1234!', false],
  ])('shows the admin-panel button to %s: %s', async (user, pass, expected) => {
    const page = await signInAs(user, pass);
    const admin = page.getByRole('link', { name: 'Yönetim Paneli' });
    if (expected) expect(await admin.getAttribute('href')).toBe('/admin');
    else expect(await admin.count()).toBe(0);
    await page.context().close();
  });
});
