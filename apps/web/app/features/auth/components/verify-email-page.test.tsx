import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import type { VerifyEmailOutcome } from '../api/verify-email';
import { VerifyEmailPage } from './verify-email-page';

const fetchMock = mockFetch();
isolateEachTest();

const EXPIRED: VerifyEmailOutcome = {
  kind: 'expired',
  message: 'E-posta doğrulama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
};

function serveMe(user = testUser()) {
  const calls: string[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
    if (String(url) === '/api/auth/me') return jsonResponse(200, { success: true, data: user });
    return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
  return calls;
}

describe('/verify-email page', () => {
  it('says the address is verified, with a way onward', () => {
    serveMe();
    renderWithProviders(<VerifyEmailPage outcome={{ kind: 'verified', message: 'E-posta adresiniz doğrulandı.' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'E-posta adresiniz doğrulandı' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('E-posta adresiniz doğrulandı.');
    expect(screen.getByRole('link', { name: 'Alışverişe Başla' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Hesap Ayarları' }).getAttribute('href')).toBe('/account-settings');
  });

  it('a second click says it is already verified, not an error', () => {
    serveMe();
    renderWithProviders(
      <VerifyEmailPage outcome={{ kind: 'already-verified', message: 'E-posta adresiniz zaten doğrulanmış.' }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'E-posta adresiniz zaten doğrulanmış' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('re-reads the signed-in profile after verifying, so the badges follow', async () => {
    storeSession(testUser({ emailVerified: false }));
    const calls = serveMe(testUser({ emailVerified: true }));
    renderWithProviders(<VerifyEmailPage outcome={{ kind: 'verified', message: 'E-posta adresiniz doğrulandı.' }} />);
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/me').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ emailVerified: true }),
    );
  });

  it('a refused link asks a visitor to sign in for a new one', async () => {
    serveMe();
    renderWithProviders(<VerifyEmailPage outcome={EXPIRED} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bağlantının süresi dolmuş' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(EXPIRED.message);
    const signIn = await screen.findByRole('link', { name: 'Giriş Yap' });
    expect(signIn.getAttribute('href')).toBe('/login?redirect=%2Faccount-settings');
    expect(screen.queryByRole('button', { name: /tekrar gönder/ })).toBeNull();
  });

  it('a refused link offers a signed-in member a new verification e-mail', async () => {
    const user = testUser({ emailVerified: false });
    storeSession(user);
    serveMe(user);
    renderWithProviders(
      <VerifyEmailPage
        outcome={{ kind: 'superseded', message: 'Bu bağlantının yerine daha yeni bir doğrulama e-postası gönderildi.' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Daha yeni bir bağlantı gönderildi' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Doğrulama e-postasını tekrar gönder' })).toBeTruthy();
    expect(screen.getByText(user.email)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Giriş Yap' })).toBeNull();
  });
});
