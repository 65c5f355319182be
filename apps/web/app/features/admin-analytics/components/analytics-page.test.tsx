import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminAnalytics } from '@kiyasla/contracts/admin-analytics';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { AnalyticsPage } from './analytics-page';

const figures: AdminAnalytics = {
  period: 'month',
  from: '2026-05-31T21:00:00.000Z',
  to: '2026-06-15T12:00:00.000Z',
  overview: { totalUsers: 1234, totalProducts: 420 },
  userStats: {
    growthRate: -12.5,
    growthTrend: 'down',
    newUsersInPeriod: 14,
    premiumUsers: 87,
    premiumShare: 7.1,
    newUsersToday: 2,
    newUsersThisMonth: 14,
    activeUsers: 310,
  },
  productStats: {
    newProductsThisMonth: 3,
    mostViewedProducts: [
      { _id: '11111111-1111-4111-8111-111111111111', name: 'Reeder S19 Max', category: 'Telefon', viewCount: 1520 },
    ],
    topRatedProducts: [],
  },
  salesStats: {
    todayRevenue: 99.9,
    monthlyRevenue: 1499.5,
    revenueGrowth: null,
    yearlyRevenue: 9000,
    periodRevenue: 1499.5,
  },
  systemStats: { serverStatus: 'maintenance', responseTime: 12.5, uptime: 60, apiCalls: 4321, errorRate: 0.5 },
};

const fetchMock = mockFetch();
isolateEachTest();
afterEach(() => vi.restoreAllMocks());

const ok = (data: unknown) => jsonResponse(200, { success: true, data });

describe('AnalyticsPage', () => {
  it('shows the cards, lists and blocks, with each list’s own empty message', async () => {
    fetchMock.mockImplementation(async () => ok(figures));
    renderWithProviders(<AnalyticsPage />, { auth: false, path: '/admin/analytics' });
    expect(await screen.findByText('1.234')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/analytics?period=month');
    expect(screen.getByText('−12,5 %')).toBeTruthy();
    expect(screen.getByText('kullanıcıların 7,1 %')).toBeTruthy();
    expect(screen.getByText('Reeder S19 Max')).toBeTruthy();
    expect(screen.getByText('Değerlendirme verisi bulunamadı')).toBeTruthy();
    expect(screen.getByText('Bakımda')).toBeTruthy();
    expect(screen.getByText('2,5 gün')).toBeTruthy(); // 60 hours ÷ 24
    expect(screen.getByText('4.321')).toBeTruthy();
  });

  it('changes the period, refreshes and exports through the signed link', async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.startsWith('/api/admin/analytics/export'))
        return ok({
          downloadUrl: '/api/admin/analytics/export/download?period=year&expires=1&signature=x',
          expiresAt: '',
        });
      const period = new URL(path, 'http://x').searchParams.get('period');
      return ok({ ...figures, period, productStats: { ...figures.productStats, mostViewedProducts: [] } });
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<AnalyticsPage />, { auth: false, path: '/admin/analytics' });
    await screen.findByText('Görüntüleme verisi bulunamadı');
    fireEvent.change(screen.getByLabelText('Dönem'), { target: { value: 'year' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/admin/analytics?period=year')).toBe(true),
    );
    const refresh = screen.getByRole('button', { name: 'Yenile' }) as HTMLButtonElement;
    await waitFor(() => expect(refresh.disabled).toBe(false));
    const before = fetchMock.mock.calls.length;
    fireEvent.click(refresh);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(before + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Dışa Aktar' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/admin/analytics/export?period=year&format=csv')).toBe(
      true,
    );
    expect(open.mock.calls[0]![0]).toBe('/api/admin/analytics/export/download?period=year&expires=1&signature=x');
  });

  it('says so when the figures cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(500, { success: false, code: 'INTERNAL', message: 'x' }));
    renderWithProviders(<AnalyticsPage />, { auth: false, path: '/admin/analytics' });
    expect((await screen.findByRole('alert')).textContent).toBe('Analitik veriler yüklenirken hata oluştu');
  });
});
