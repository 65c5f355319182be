import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PaymentHistoryItem, PaymentOrder } from '@kiyasla/contracts/payments';
import { jsonResponse, mockFetch, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { PremiumCallbackPage } from './premium-callback-page';

const fetchMock = mockFetch();
isolateEachTest();

const order = (status: PaymentOrder['status']): PaymentOrder => ({
  _id: 'order-1',
  plan: 'yearly-premium',
  provider: 'demo',
  amount: 337.5,
  currency: 'TRY',
  status,
  createdAt: '2026-11-23T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-23T10:01:00.000Z' : null,
});

const historyItem = (refund: PaymentHistoryItem['refund']): PaymentHistoryItem => ({
  ...order('completed'),
  kind: 'checkout',
  tax: 56.25,
  refundRequestedAt: refund === 'requested' ? '2026-11-23T10:01:00.000Z' : null,
  refundedAt: null,
  refund,
  refundDeadline: '2026-12-07T10:01:00.000Z',
  attempts: 0,
  nextAttemptAt: null,
  declineReason: null,
});

/** The order answers with `statuses` in turn (the last one from then on); the history with `refund` for it. */
function serve(statuses: PaymentOrder['status'][], refund: PaymentHistoryItem['refund'] = 'eligible') {
  const premium = testUser({ isPremium: true, subscription: { ...testUser().subscription, plan: 'yearly-premium' } });
  let reads = 0;
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path === '/api/payments/orders/order-1') {
      const status = statuses[Math.min(reads, statuses.length - 1)]!;
      reads += 1;
      return jsonResponse(200, { success: true, data: order(status) });
    }
    if (path === '/api/payments/history') return jsonResponse(200, { success: true, data: [historyItem(refund)] });
    if (path === '/api/auth/me') return jsonResponse(200, { success: true, data: premium });
    return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
}

describe('/premium/callback', () => {
  it('follows a pending order to success and re-reads the profile (the Premium badge)', async () => {
    storeSession(testUser());
    serve(['pending', 'completed']);
    renderWithProviders(<PremiumCallbackPage />, { path: '/premium/callback?order=order-1&status=success' });
    expect(await screen.findByRole('heading', { name: 'Ödemeniz işleniyor' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Ödemeniz alındı' })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').isPremium).toBe(true));
    expect(screen.getByRole('link', { name: 'Profilime Git' }).getAttribute('href')).toBe('/profile?tab=premium');
  });

  it('believes the server over the address: a failed order is a failure whatever the status says', async () => {
    storeSession(testUser());
    serve(['failed']);
    renderWithProviders(<PremiumCallbackPage />, { path: '/premium/callback?order=order-1&status=success' });
    expect(await screen.findByRole('heading', { name: 'Ödeme tamamlanamadı' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Planlara Dön' }).getAttribute('href')).toBe('/premium');
  });

  it('a refunded order says the money was returned, not that nothing was charged', async () => {
    storeSession(testUser());
    serve(['refunded']);
    renderWithProviders(<PremiumCallbackPage />, { path: '/premium/callback?order=order-1&status=refunded' });
    expect(await screen.findByRole('heading', { name: 'Ödemeniz iade edildi' })).toBeTruthy();
    expect(screen.getByText(/alınan tutar iade edildi/)).toBeTruthy();
    expect(screen.queryByText(/ücret çekilmedi/)).toBeNull();
  });

  it('a paid order waiting for its refund is not shown as a success', async () => {
    storeSession(testUser());
    serve(['completed'], 'requested');
    renderWithProviders(<PremiumCallbackPage />, { path: '/premium/callback?order=order-1&status=refund_pending' });
    expect(await screen.findByRole('heading', { name: 'Ödemeniz iade edilecek' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ödemeniz alındı' })).toBeNull();
  });
});
