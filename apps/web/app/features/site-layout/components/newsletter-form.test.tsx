import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@kiyasla/contracts/notification-settings';
import type { User } from '@kiyasla/contracts/user';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText, Where } from '~/test/render-with-providers';
import { NewsletterForm } from './newsletter-form';

const fetchMock = mockFetch();
const emailBox = () => screen.getByRole('textbox', { name: 'E-posta adresiniz' });

function render() {
  return renderWithProviders(
    <>
      <NewsletterForm />
      <Where />
      <Toaster />
    </>,
    { path: '/' },
  );
}

/** A signed-in member; the settings PUT answers with the given global e-mail switch. */
function signIn(user: User, emailOn = true) {
  storeSession(user);
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === '/api/auth/me') return jsonResponse(200, { success: true, data: user });
    if (String(url) === '/api/auth/notification-settings' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return jsonResponse(200, {
        success: true,
        data: {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          ...body,
          weeklySummaryChannels: { push: false, email: true, sms: false },
          email: emailOn,
        },
      });
    }
    return jsonResponse(404, { success: false });
  });
}

isolateEachTest();
beforeEach(() => {
  fetchMock.mockResolvedValue(jsonResponse(404, { success: false }));
});

describe('NewsletterForm', () => {
  it('refuses an address that is not one', async () => {
    render();
    fireEvent.change(emailBox(), { target: { value: 'ayse@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abone Ol' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/e-posta/i);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('takes a visitor to registration with the address filled in', async () => {
    render();
    fireEvent.change(emailBox(), { target: { value: ' Ayse@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abone Ol' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/register?email=ayse%40example.com'));
    await waitFor(() => expect(toastText()).toContain('Fiyat bülteni üyelerimize gönderilir'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('notification-settings'))).toBe(false);
  });

  it("turns a member's weekly summary and newsletter consent on, for the account's address", async () => {
    signIn(testUser({ email: 'uye@example.com' }));
    render();
    await waitFor(() => expect((emailBox() as HTMLInputElement).value).toBe('uye@example.com'));
    expect((emailBox() as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Abone Ol' }));
    await waitFor(() => expect(toastText()).toContain('Bülten aboneliğiniz alındı'));
    expect(toastText()).toContain('uye@example.com');
    const put = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/notification-settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      newsletter: true,
      weekly_summary: true,
      weeklySummaryChannels: { email: true },
    });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('says so when the member has every e-mail switched off', async () => {
    signIn(testUser({ email: 'uye@example.com' }), false);
    render();
    await waitFor(() => expect((emailBox() as HTMLInputElement).value).toBe('uye@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Abone Ol' }));
    await waitFor(() => expect(toastText()).toContain('E-posta bildirimleriniz kapalı'));
  });
});
