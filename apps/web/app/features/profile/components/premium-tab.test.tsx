import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@kiyasla/contracts/user';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch, serveData, storeSession } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { PremiumTab } from './premium-tab';

const fetchMock = mockFetch();
isolateEachTest();

const yearly = (autoRenew: boolean): User =>
  testUser({
    isPremium: true,
    subscription: {
      plan: 'yearly-premium',
      status: 'active',
      price: 337.5,
      startDate: '2026-11-23T10:00:00.000Z',
      endDate: '2027-11-23T10:00:00.000Z',
      nextRenewalDate: autoRenew ? '2027-11-23T10:00:00.000Z' : null,
      autoRenew,
    },
  });

describe('Profile → Premium tab', () => {
  it('cancels auto-renew through POST /payments/cancel after confirmation and re-reads the profile', async () => {
    const after = yearly(false);
    storeSession(yearly(true));
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/payments/cancel' && init?.method === 'POST') {
        return jsonResponse(200, {
          success: true,
          message: 'Otomatik yenileme kapatıldı. Premium üyeliğiniz 23 Kasım 2027 tarihine kadar devam edecek.',
          data: { autoRenew: false, endDate: after.subscription.endDate },
        });
      }
      if (path === '/api/auth/me') return jsonResponse(200, { success: true, data: after });
      return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderWithProviders(
      <>
        <PremiumTab user={yearly(true)} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('Yenileme Tarihi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aboneliği İptal Et' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/23 Kasım 2027 tarihine kadar devam eder/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aboneliği İptal Et' }));
    await waitFor(() => expect(toastText()).toContain('Premium üyeliğiniz 23 Kasım 2027 tarihine kadar devam edecek.'));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/payments/cancel')).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').subscription.autoRenew).toBe(false);
  });

  it('offers no cancel once auto-renew is off, and shows the end date', () => {
    renderWithProviders(<PremiumTab user={yearly(false)} />, { queries: { enabled: false } });
    expect(screen.queryByRole('button', { name: 'Aboneliği İptal Et' })).toBeNull();
    expect(screen.getByText('Bitiş Tarihi')).toBeTruthy();
    expect(screen.getByText('Kapalı')).toBeTruthy();
  });

  it('lists the plan facts as a valid description list: dl > div > dt + dd', () => {
    renderWithProviders(<PremiumTab user={yearly(false)} />, { queries: { enabled: false } });
    const list = document.querySelector('dl')!;
    expect(list.children.length).toBeGreaterThan(0);
    for (const group of Array.from(list.children)) {
      expect(group.tagName).toBe('DIV');
      expect(Array.from(group.children).map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
  });

  it('shows free members the upsell with the first six features marked PREMIUM', () => {
    renderWithProviders(<PremiumTab user={testUser()} />, { queries: { enabled: false } });
    expect(screen.getAllByText('PREMIUM')).toHaveLength(6);
    expect(screen.getByRole('link', { name: /Premium Planları İncele/ }).getAttribute('href')).toBe('/premium');
  });

  it('shows the payment behind the plan with İade Talep Et, and the pending request after confirming', async () => {
    let requested = false;
    const item = {
      _id: 'pay-yearly',
      provider: 'stripe',
      plan: 'yearly-premium',
      kind: 'checkout',
      amount: 337.5,
      currency: 'TRY',
      tax: 56.25,
      status: 'completed',
      createdAt: '2026-11-23T10:00:00.000Z',
      completedAt: '2026-11-23T10:00:00.000Z',
      refundRequestedAt: null,
      refundedAt: null,
      refundDeadline: '2026-12-07T10:00:00.000Z',
      attempts: 0,
      nextAttemptAt: null,
      declineReason: null,
    };
    storeSession(yearly(true));
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/payments/refund' && init?.method === 'POST') {
        requested = true;
        return jsonResponse(200, {
          success: true,
          message: 'İade talebiniz alındı. Ödemeniz incelendikten sonra iade edilecek.',
          data: { paymentId: 'pay-yearly', refundRequestedAt: '2026-11-24T10:00:00.000Z' },
        });
      }
      if (path === '/api/payments/history') {
        return jsonResponse(200, {
          success: true,
          data: [{ ...item, refund: requested ? 'requested' : 'eligible' }],
        });
      }
      return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderWithProviders(
      <>
        <PremiumTab user={yearly(true)} />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Son ödemeniz')).toBeTruthy();
    expect(screen.getByText(/7 Aralık 2026 tarihine kadar iade talep edilebilir/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'İade Talep Et' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'İade Talep Et' }));
    await waitFor(() => expect(toastText()).toContain('İade talebiniz alındı.'));
    expect(await screen.findByText('İade talebi bekliyor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'İade Talep Et' })).toBeNull();
  });

  it('tells a member whose renewal was declined when it is tried again and until when premium stays', async () => {
    serveData(fetchMock, {
      '/api/payments/history': [
        {
          _id: 'renewal-1',
          provider: 'stripe',
          plan: 'yearly-premium',
          kind: 'renewal',
          amount: 337.5,
          currency: 'TRY',
          tax: 56.25,
          status: 'pending',
          createdAt: '2027-11-20T10:00:00.000Z',
          completedAt: null,
          refundRequestedAt: null,
          refundedAt: null,
          refund: 'none',
          refundDeadline: null,
          attempts: 1,
          nextAttemptAt: '2027-11-24T10:00:00.000Z',
          declineReason: 'yetersiz bakiye',
        },
      ],
    });
    const user = yearly(true);
    user.subscription.endDate = '2027-11-30T10:00:00.000Z';
    renderWithProviders(<PremiumTab user={user} />);
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(
      'Yenileme ödemeniz alınamadı (yetersiz bakiye). Ödemeyi 24 Kasım 2027 tarihinde yeniden deneyeceğiz; Premium ayrıcalıklarınız 30 Kasım 2027 tarihine kadar devam ediyor.',
    );
  });
});
