import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminStats } from '@kiyasla/contracts/admin-stats';
import type { AdminUser } from '@kiyasla/contracts/admin-users';
import { jsonResponse, mockFetch, serveData } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { DashboardPage } from './dashboard-page';

const user = (n: number): AdminUser => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `Ad${n}`,
  lastName: 'Soyad',
  email: `u${n}@ornek.test`,
  role: 'user',
  isActive: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  lastLoginAt: null,
  security: { emailVerified: true },
  subscription: { plan: 'free', status: 'active' },
});

const stats: AdminStats = {
  users: { total: 1234, active: 1200, verified: 900, premium: 87, new: { thisMonth: 15, lastMonth: 10, trend: 50 } },
  products: { total: 420, active: 410, withOffers: 400, new: { thisMonth: 3, lastMonth: 0, trend: null } },
  reviews: { total: 50, pending: 4 },
  revenue: {
    monthly: 299.9,
    yearly: 675,
    lifetime: 0,
    total: 974.9,
    received: { thisMonth: 100, lastMonth: 200, trend: -50 },
  },
  recentUsers: [1, 2, 3, 4, 5].map(user),
};

const fetchMock = mockFetch();
isolateEachTest();

describe('DashboardPage', () => {
  it('shows the figures, the computed trends, the latest users and only the quick actions whose page exists', async () => {
    serveData(fetchMock, { '/api/admin/stats': stats });
    renderWithProviders(<DashboardPage firstName="Ayşe" sections={['/admin', '/admin/stores']} />, { auth: false });
    expect((await screen.findAllByText('1.234')).length).toBeGreaterThan(0);
    expect(screen.getByText('+50 %')).toBeTruthy();
    expect(screen.getByText('−50 %')).toBeTruthy();
    expect(screen.getByText('yeni')).toBeTruthy();
    expect(screen.getByText('Ad5 Soyad')).toBeTruthy();
    expect(screen.getAllByText(/974,90/)[0]).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ürün Akışı İçe Aktar' }).getAttribute('href')).toBe('/admin/stores');
    expect(screen.queryByRole('link', { name: 'Yeni Ürün' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Analitiği Görüntüle' })).toBeNull();
  });

  it('leaves the latest users out for a moderator (the API sends none)', async () => {
    serveData(fetchMock, { '/api/admin/stats': { ...stats, recentUsers: null } });
    renderWithProviders(<DashboardPage firstName="Zeynep" sections={['/admin', '/admin/stores']} />, { auth: false });
    expect((await screen.findAllByText('1.234')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Son Kullanıcılar')).toBeNull();
  });

  it("says 'Dashboard verileri yüklenirken hata oluştu' when the call fails", async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, message: 'Hata', code: 'INTERNAL' }));
    renderWithProviders(<DashboardPage firstName="Ayşe" sections={['/admin']} />, { auth: false });
    expect((await screen.findByRole('alert')).textContent).toBe('Dashboard verileri yüklenirken hata oluştu');
  });
});
