import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testProductCard, testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { FavoritesPage } from './favorites-page';

const user = testUser();

const card = (n: number, name: string, price: number) =>
  testProductCard(n, { name, slug: `urun-${n}`, image_url: '/x.svg', currentPrice: price, ratingsCount: 2 });

const favorites = [
  { product: card(1, 'Kablosuz Kulaklık', 900), createdAt: '2026-02-02T10:00:00Z' },
  { product: card(2, 'Akıllı Saat', 2500), createdAt: '2026-02-01T10:00:00Z' },
].map((f) => ({ ...f, productId: f.product._id }));

const fetchMock = mockFetch();

function serve({ list = 200, del = 500, clear = 500 }: { list?: number; del?: number; clear?: number }) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/me') return json(200, { success: true, data: user });
    if (path === '/api/favorites' && method === 'GET') {
      return list === 200
        ? json(200, { success: true, data: favorites, pagination: { page: 1, pages: 1, total: 2, limit: 500 } })
        : json(list, { success: false, message: 'Sunucu hatası', code: 'INTERNAL' });
    }
    if (path === '/api/favorites' && method === 'DELETE')
      return json(clear, { success: false, message: 'x', code: 'INTERNAL' });
    if (path.startsWith('/api/favorites/') && method === 'DELETE')
      return json(del, { success: false, message: 'x', code: 'INTERNAL' });
    return json(404, { success: false, message: 'yok' });
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <FavoritesPage user={user} />
      <Toaster />
    </>,
    { path: '/favorites' },
  );
}

isolateEachTest({ signedIn: user });

describe('FavoritesPage', () => {
  it('lists favorites newest first, searches with Turkish folding and sorts by price', async () => {
    serve({});
    renderPage();
    const list = await screen.findByRole('list', { name: 'Favori ürünler' });
    const names = () =>
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent);
    expect(names()).toEqual(['Kablosuz Kulaklık', 'Akıllı Saat']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Favorilerde ara' }), { target: { value: 'akilli' } });
    await waitFor(() => expect(names()).toEqual(['Akıllı Saat']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Favorilerde ara' }), { target: { value: '' } });

    fireEvent.change(screen.getByRole('combobox', { name: /Sırala/ }), { target: { value: 'price-desc' } });
    await waitFor(() => expect(names()).toEqual(['Akıllı Saat', 'Kablosuz Kulaklık']));
  });

  it('says so when the favorites cannot be loaded', async () => {
    serve({ list: 500 });
    renderPage();
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('Favoriler yüklenirken bir hata oluştu');
    expect(toastText()).toContain('Favoriler yüklenirken bir hata oluştu');
  });

  it('reports a failed remove and a failed clear, and keeps the items', async () => {
    serve({});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Akıllı Saat ürününü favorilerden kaldır' }));
    await waitFor(() => expect(toastText()).toContain('Favori kaldırılırken bir hata oluştu'));

    fireEvent.click(screen.getByRole('button', { name: 'Tümünü Temizle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tüm favoriler temizlensin mi?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tümünü Temizle' }));
    await waitFor(() => expect(toastText()).toContain('Favoriler temizlenirken bir hata oluştu'));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});
