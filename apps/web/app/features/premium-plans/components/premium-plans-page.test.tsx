import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, Where } from '~/test/render-with-providers';
import { PremiumPlansPage } from './premium-plans-page';

const fetchMock = mockFetch();
isolateEachTest();
afterEach(() => vi.restoreAllMocks());

const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

function renderPage() {
  return renderWithProviders(
    <>
      <PremiumPlansPage />
      <Where />
    </>,
    { path: '/premium' },
  );
}

describe('Premium plans page', () => {
  it('sends a visitor to sign in and back to the plans', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' }));
    renderPage();
    const link = await within(card('Yıllık Premium')).findByRole('link', { name: 'Satın Almak İçin Giriş Yapın' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fpremium');
  });

  it('buys a plan: the provider page opens in a new tab and this tab follows the order', async () => {
    const user = testUser();
    storeSession(user);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/auth/me') return jsonResponse(200, { success: true, data: user });
      if (path === '/api/payments/checkout' && init?.method === 'POST') {
        return jsonResponse(201, {
          success: true,
          data: {
            orderId: 'order-1',
            provider: 'demo',
            url: 'http://localhost/api/payments/demo/order-1',
            amount: 337.5,
            currency: 'TRY',
            credit: 0,
          },
        });
      }
      return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    const tab = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage();
    fireEvent.click(await within(card('Yıllık Premium')).findByRole('button', { name: /Satın Al/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/api/payments/demo/order-1'));
    expect(tab.opener).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/payments/checkout');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ planId: 'yearly-premium' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/premium/callback?order=order-1&status=pending'),
    );
  });

  it("labels a yearly member's plans: lifetime to buy, yearly 'Mevcut Planınız', monthly 'Daha Düşük Plan'", async () => {
    const user = testUser({
      isPremium: true,
      subscription: { ...testUser().subscription, plan: 'yearly-premium', endDate: '2099-01-01T00:00:00.000Z' },
    });
    storeSession(user);
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/auth/me'
        ? jsonResponse(200, { success: true, data: user })
        : jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' }),
    );
    renderPage();
    const current = await within(card('Yıllık Premium')).findByRole('button', { name: 'Mevcut Planınız' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Aylık Premium')).getByRole('button', { name: 'Daha Düşük Plan' })).toBeTruthy();
    expect(within(card('Ömür Boyu Premium')).getByRole('button', { name: /Satın Al/ })).toBeTruthy();
  });
});
