import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { Toaster } from '~/components/ui/toaster';
import { FAVORITES_CHANGED_EVENT } from '~/entities/favorites/utils/favorites-sync';
import { Header } from '~/features/site-layout/components/header';
import { mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { FavoriteButton } from './favorite-button';

const PRODUCT_ID = '00000000-0000-4000-8000-000000000001';

const user = testUser();

const favorite = { productId: PRODUCT_ID, product: { _id: PRODUCT_ID, name: 'Telefon 1' }, createdAt: '2026-01-01' };

type Reply = { status: number; body: unknown };
const json = ({ status, body }: Reply) => new Response(JSON.stringify(body), { status });

/** A tiny API: GET /favorites lists `favorites`; POST and DELETE answer as told. */
function serve(state: { favorites: unknown[]; post?: Reply; del?: Reply }) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/me') return json({ status: 200, body: { success: true, data: user } });
    if (path === '/api/favorites' && method === 'GET') {
      return json({
        status: 200,
        body: {
          success: true,
          data: state.favorites,
          pagination: { page: 1, pages: 1, total: state.favorites.length },
        },
      });
    }
    if (path === `/api/favorites/${PRODUCT_ID}` && method === 'POST' && state.post) return json(state.post);
    if (path === `/api/favorites/${PRODUCT_ID}` && method === 'DELETE' && state.del) return json(state.del);
    return json({ status: 404, body: { success: false, message: 'yok', code: 'NOT_FOUND' } });
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <Header categories={null} />
      <FavoriteButton productId={PRODUCT_ID} productName="Telefon 1" />
      <Toaster />
    </>,
  );
}

const fetchMock = mockFetch();
const heart = () => screen.getByRole('button', { name: /Telefon 1 ürününü favori/ });

isolateEachTest({ signedIn: user });

describe('FavoriteButton (signed in)', () => {
  it('adds a favorite, fills the heart, broadcasts, and the header recounts', async () => {
    const state = { favorites: [] as unknown[], post: { status: 201, body: { success: true, data: favorite } } };
    serve(state);
    const changed = vi.fn();
    window.addEventListener(FAVORITES_CHANGED_EVENT, changed);
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/favorites', expect.anything()));
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    state.favorites = [favorite];
    fireEvent.click(heart());

    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(toastText()).toContain('Ürün favorilere eklendi.'));
    expect(changed).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Favoriler (1)' })).toBeTruthy();
    window.removeEventListener(FAVORITES_CHANGED_EVENT, changed);
  });

  it('removes a favorite the list already holds', async () => {
    const state = {
      favorites: [favorite] as unknown[],
      del: { status: 200, body: { success: true, data: { productId: PRODUCT_ID, isFavorite: false } } },
    };
    serve(state);
    renderPage();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    state.favorites = [];
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(toastText()).toContain('Ürün favorilerden kaldırıldı.'));
  });

  it("treats 'Product is already in favorites' as a favorite", async () => {
    const state = {
      favorites: [] as unknown[],
      post: {
        status: 400,
        body: { success: false, message: 'Product is already in favorites', code: 'FAVORITE_EXISTS' },
      },
    };
    serve(state);
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/favorites', expect.anything()));
    state.favorites = [favorite as FavoriteItem];
    fireEvent.click(heart());
    await waitFor(() => expect(toastText()).toContain('Ürün zaten favorilerinizde.'));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
  });

  it('shows Favori Limiti with the server message at the plan limit', async () => {
    serve({
      favorites: [],
      post: {
        status: 403,
        body: { success: false, message: 'Favori limitinize ulaştınız (20/20).', code: 'FAVORITES_LIMIT' },
      },
    });
    renderPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/favorites', expect.anything()));
    fireEvent.click(heart());
    await waitFor(() => expect(toastText()).toContain('Favori Limiti'));
    await waitFor(() => expect(toastText()).toContain('Favori limitinize ulaştınız (20/20).'));
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });
});
