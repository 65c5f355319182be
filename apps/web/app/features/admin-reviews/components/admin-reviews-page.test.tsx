import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminReviewMessages as m, type AdminReview } from '@kiyasla/contracts/admin-reviews';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { AdminReviewsPage } from './admin-reviews-page';

const review = (n: number, overrides: Partial<AdminReview> = {}): AdminReview => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  product: { _id: '00000000-0000-4000-8000-000000000100', name: `Ürün ${n}` },
  authorName: `Yazar ${n}`,
  rating: 4,
  title: 'Güzel',
  comment: 'Beğendim',
  isApproved: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const fetchMock = mockFetch();
isolateEachTest();

const list = (data: AdminReview[]) =>
  jsonResponse(200, { success: true, data, pagination: { page: 1, pages: 1, total: data.length, limit: 10 } });
const urls = () => fetchMock.mock.calls.map(([u]) => String(u));

describe('AdminReviewsPage', () => {
  it('opens on the pending queue and applies the filters only on submit', async () => {
    fetchMock.mockImplementation(async (url) => (String(url).includes('search=') ? list([]) : list([review(1)])));
    renderWithProviders(<AdminReviewsPage />, { auth: false });
    expect(await screen.findByText('Ürün 1')).toBeTruthy();
    expect(urls()).toContain('/api/admin/reviews?page=1&limit=10&status=pending');
    fireEvent.change(screen.getByLabelText('Ara'), { target: { value: 'şarj' } });
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'all' } });
    expect(urls().some((u) => u.includes('search='))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Filtrele' }));
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(urls()).toContain('/api/admin/reviews?page=1&limit=10&status=all&search=%C5%9Farj');
  });

  it('approves at once and deletes only after the confirmation', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT')
        return jsonResponse(200, { success: true, message: m.approved, data: review(1, { isApproved: true }) });
      if (init?.method === 'DELETE') return jsonResponse(200, { success: true, message: m.deleted, data: null });
      return list([review(1)]);
    });
    renderWithProviders(
      <>
        <AdminReviewsPage />
        <Toaster />
      </>,
      { auth: false },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Yazar 1 yorumunu onayla' }));
    await waitFor(() => expect(toastText()).toContain(m.approved));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/admin/reviews/00000000-0000-4000-8000-000000000001');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ isApproved: true });

    fireEvent.click(screen.getByRole('button', { name: 'Yazar 1 yorumunu sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yorumu Sil' });
    expect(within(dialog).getByText(m.deleteConfirm)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
  });
});
