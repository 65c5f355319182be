import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { ResendVerificationButton } from './resend-verification-button';

const fetchMock = mockFetch();
const unverified = testUser({ emailVerified: false });
isolateEachTest({ signedIn: unverified });

const SENT = `Doğrulama e-postası ${unverified.email} adresine gönderildi. Lütfen gelen kutunuzu (ve istenmeyen e-posta klasörünü) kontrol edin.`;

/** Answers the resend with `resend` and the profile with `me`; records the calls. */
function serve(resend: () => Response, me = unverified) {
  const calls: string[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/auth/verify-email/resend') return resend();
    if (path === '/api/auth/me') return jsonResponse(200, { success: true, data: me });
    return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
  return calls;
}

const button = () => screen.getByRole('button', { name: /Doğrulama e-postasını tekrar gönder/ }) as HTMLButtonElement;

describe('ResendVerificationButton', () => {
  it('asks the server for a new link, says to check the inbox and waits a minute', async () => {
    const calls = serve(() =>
      jsonResponse(200, { success: true, message: SENT, data: { email: unverified.email, resendAfterSeconds: 60 } }),
    );
    renderWithProviders(<ResendVerificationButton />, { queries: { enabled: false } });
    fireEvent.click(button());

    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(calls).toContain('POST /api/auth/verify-email/resend');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toMatch(/\((60|59) sn\)/);
  });

  it("shows the server's Turkish refusal and waits out its Retry-After", async () => {
    const message = 'Yeni bir doğrulama e-postası istemeden önce lütfen 42 saniye bekleyin.';
    serve(
      () =>
        new Response(JSON.stringify({ success: false, code: 'EMAIL_VERIFICATION_RATE_LIMITED', message }), {
          status: 429,
          headers: { 'retry-after': '42' },
        }),
    );
    renderWithProviders(<ResendVerificationButton />, { queries: { enabled: false } });
    fireEvent.click(button());

    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toMatch(/\((42|41) sn\)/);
  });

  it('re-reads the profile when the address was verified meanwhile', async () => {
    const calls = serve(
      () =>
        jsonResponse(409, {
          success: false,
          code: 'EMAIL_ALREADY_VERIFIED',
          message: 'E-posta adresiniz zaten doğrulanmış.',
        }),
      testUser({ emailVerified: true }),
    );
    renderWithProviders(<ResendVerificationButton />, { queries: { enabled: false } });
    await waitFor(() => expect(calls).toContain('GET /api/auth/me'));
    const before = calls.length;
    fireEvent.click(button());

    expect((await screen.findByRole('status')).textContent).toBe('E-posta adresiniz zaten doğrulanmış.');
    await waitFor(() => expect(calls.slice(before)).toContain('GET /api/auth/me'));
    // No wait: nothing more to send (the card drops the button once the profile says verified).
    await waitFor(() => expect(button().disabled).toBe(false));
  });
});
