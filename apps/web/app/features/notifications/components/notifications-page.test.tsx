import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@kiyasla/contracts/notifications';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { NotificationsPage } from './notifications-page';

const user = testUser();

const notes: Notification[] = [
  {
    _id: '00000000-0000-4000-8000-000000000001',
    type: 'price_alert',
    title: 'Fiyat alarmınız tetiklendi',
    message: 'Ürün fiyatı düştü',
    isRead: false,
    createdAt: '2026-11-20T10:00:00Z',
    data: {
      product: { _id: '10000000-0000-4000-8000-000000000001', name: 'Ürün', slug: 'urun', images: [] },
      oldPrice: 1000,
      newPrice: 880,
    },
  },
  {
    _id: '00000000-0000-4000-8000-000000000002',
    type: 'system',
    title: 'Hoş geldiniz',
    message: 'Merhaba',
    isRead: true,
    createdAt: '2026-11-01T10:00:00Z',
    data: { product: null },
  },
];

const fetchMock = mockFetch();
const calls: string[] = [];

function serve(list = 200) {
  calls.length = 0;
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (path === '/api/auth/me') return json(200, { success: true, data: user });
    if (path.startsWith('/api/notifications?')) {
      if (list !== 200) return json(list, { success: false, message: 'x', code: 'INTERNAL' });
      const items = path.includes('type=price') ? notes.slice(0, 1) : notes;
      return json(200, {
        success: true,
        data: items,
        pagination: { page: 1, pages: 1, total: items.length, limit: 20 },
        unreadCount: 1,
      });
    }
    if (method === 'PATCH' || method === 'DELETE') return json(200, { success: true, data: { updated: 1 } });
    return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <NotificationsPage />
      <Toaster />
    </>,
    { path: '/notifications' },
  );
}

isolateEachTest({ signedIn: user });

describe('NotificationsPage', () => {
  it('shows the unread count, the prices, the price tab, and marks read, all read and deletes', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('1 okunmamış bildirim')).toBeTruthy();
    const item = screen.getByRole('heading', { name: /Fiyat alarmınız tetiklendi/ }).closest('li')!;
    expect(within(item).getByText(/880,00/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Okundu' }));
    await waitFor(() => expect(calls).toContain(`PATCH /api/notifications/${notes[0]!._id}/read`));
    fireEvent.click(screen.getByRole('button', { name: 'Tümünü Okundu İşaretle' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/notifications/read-all'));
    fireEvent.click(screen.getByRole('button', { name: 'Bildirimi sil: Hoş geldiniz' }));
    await waitFor(() => expect(calls).toContain(`DELETE /api/notifications/${notes[1]!._id}`));

    fireEvent.click(screen.getByRole('tab', { name: 'Fiyat' }));
    await waitFor(() => expect(calls.some((c) => c.includes('type=price'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Hoş geldiniz')).toBeNull());
  });

  it("tells the specification's message when the list cannot be loaded", async () => {
    serve(500);
    renderPage();
    await waitFor(() => expect(toastText()).toContain('Bildirimler yüklenirken bir hata oluştu'));
  });
});
