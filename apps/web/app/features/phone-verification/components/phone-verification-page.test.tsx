import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { smsMessages } from '@kiyasla/contracts/sms';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { PhoneVerificationPage } from './phone-verification-page';

const member = testUser({ phone: '+90 532 123 45 67' });
const fetchMock = mockFetch();

isolateEachTest({ signedIn: member });

function render() {
  renderWithProviders(
    <>
      <PhoneVerificationPage />
      <Toaster />
    </>,
    { path: '/phone-verification' },
  );
}

describe('PhoneVerificationPage', () => {
  it('sends a code to the number, refuses a wrong code, verifies the right one', async () => {
    const requests: { path: string; body: unknown }[] = [];
    let verified = false;
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (init?.method === 'POST') requests.push({ path, body });
      if (path === '/api/auth/me') return json(200, { success: true, data: member });
      if (path === '/api/sms/phone') {
        return json(200, { success: true, data: { phone: member.phone, verified } });
      }
      if (path === '/api/sms/phone-verification') {
        return json(200, { success: true, message: smsMessages.codeSent, data: { phone: '+90 532 123 45 67' } });
      }
      if (path === '/api/sms/phone-verification/confirm') {
        if ((body as { code: string }).code !== '123456') {
          return json(400, { success: false, message: smsMessages.codeInvalid, code: 'PHONE_CODE_INVALID' });
        }
        verified = true;
        return json(200, {
          success: true,
          message: smsMessages.verified,
          data: { phone: '+90 532 123 45 67', verified: true },
        });
      }
      return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    render();

    const phone = await screen.findByRole('textbox', { name: /Cep telefonu/ });
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+90 532 123 45 67'));
    // Not a mobile number: refused before asking the server.
    fireEvent.change(phone, { target: { value: '0212 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kod Gönder' }));
    expect(await screen.findByText(smsMessages.phoneInvalid)).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '05321234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kod Gönder' }));
    await waitFor(() => expect(toastText()).toContain(smsMessages.codeSent));
    expect(requests).toEqual([{ path: '/api/sms/phone-verification', body: { phone: '+90 532 123 45 67' } }]);
    // The resend waits out its minute.
    expect((screen.getByRole('button', { name: /Kodu yeniden gönder \(\d+ sn\)/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    const code = screen.getByRole('textbox', { name: /Doğrulama kodu/ });
    fireEvent.change(code, { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(smsMessages.codeInvalid)).toBeTruthy();
    expect(requests).toHaveLength(1);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    await waitFor(() => expect(screen.getByText(smsMessages.codeInvalid)).toBeTruthy());
    expect(requests.at(-1)).toEqual({ path: '/api/sms/phone-verification/confirm', body: { code: '654321' } });

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByRole('heading', { name: 'Telefonunuz doğrulandı' })).toBeTruthy();
    await waitFor(() => expect(toastText()).toContain(smsMessages.verified));
    expect(screen.getByRole('link', { name: 'Bildirim Ayarları' }).getAttribute('href')).toBe(
      '/notifications?tab=settings',
    );
  });

  it("shows the server's refusal of a resend that came too soon", async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === '/api/auth/me') return json(200, { success: true, data: member });
      if (path === '/api/sms/phone') return json(200, { success: true, data: { phone: null, verified: false } });
      if (path === '/api/sms/phone-verification') {
        return json(429, { success: false, message: smsMessages.codeTooSoon, code: 'PHONE_CODE_TOO_SOON' });
      }
      return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    render();
    const phone = await screen.findByRole('textbox', { name: /Cep telefonu/ });
    await act(async () => {
      fireEvent.change(phone, { target: { value: '5321234567' } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kod Gönder' }));
    expect(await screen.findByText(smsMessages.codeTooSoon)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Doğrulama kodu/ })).toBeNull();
  });
});
