import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComparisonItem, ComparisonResult } from '@kiyasla/contracts/comparisons';
import { Toaster } from '~/components/ui/toaster';
import {
  COMPARISON_STORAGE_KEY,
  getComparisonList,
  getLoadedComparison,
} from '~/entities/comparison-list/comparison-list';
import { mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { ComparisonPage } from './comparison-page';

const freeUser = testUser();

const item = (n: number, price: number): ComparisonItem =>
  ({
    id: `p${n}`,
    _id: `p${n}`,
    name: `Telefon ${n}`,
    slug: `telefon-${n}`,
    brand: 'Marka',
    model: null,
    image: '/x.svg',
    currentPrice: price,
    originalPrice: null,
    rating: 4,
    reviewCount: 3,
    category: null,
    subcategory: null,
    stores: [],
    features: [],
    technicalSpecs: [],
    pros: [],
    cons: [],
    description: null,
    releaseDate: null,
    warranty: null,
    dimensions: null,
    colors: [],
    availability: 'in-stock',
    energyRating: null,
    certifications: [],
  }) as ComparisonItem;

const result: ComparisonResult = {
  products: [item(1, 100), item(2, 200)],
  technicalSpecs: [{ key: 'ram', label: 'RAM', values: ['8 GB', '8 GB'], differs: false }],
  summary: { priceRange: { min: 100, max: 200 }, averageRating: 4, totalStores: 0, cheapestProductId: 'p1' },
  prosConsIncluded: false,
};

const saved = (n: number) => ({
  _id: `s${n}`,
  name: `Kayıt ${n}`,
  description: null,
  productIds: ['p3', 'p4'],
  isPublic: false,
  tags: ['oyun'],
  isOwner: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  products: [
    { _id: 'p3', name: 'Laptop 3', brand: 'B', image: '/x.svg', currentPrice: 10 },
    { _id: 'p4', name: 'Laptop 4', brand: 'B', image: '/x.svg', currentPrice: 20 },
  ],
});

const ok = (data: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ success: true, data, ...extra }), { status: 200 });

const fetchMock = mockFetch();

function serve({ savedCount, post }: { savedCount: number; post?: Response }) {
  const items = Array.from({ length: savedCount }, (_, i) => saved(i + 1));
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/me') return ok(freeUser);
    if (path === '/api/comparisons/compare') return ok(result);
    if (path.startsWith('/api/comparisons?')) {
      const pagination = { page: 1, pages: 1, total: savedCount, limit: 100 };
      return ok({ data: items, pagination }, { pagination });
    }
    if (path === '/api/comparisons' && method === 'POST' && post) return post;
    if (path === '/api/comparisons/s1') {
      return ok({
        ...saved(1),
        products: [item(3, 10), item(4, 20)],
        technicalSpecs: [],
        summary: result.summary,
        prosConsIncluded: false,
      });
    }
    return new Response(JSON.stringify({ success: false, message: 'yok' }), { status: 404 });
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <ComparisonPage />
      <Toaster />
    </>,
    { path: '/comparison' },
  );
}

isolateEachTest({ signedIn: freeUser });
beforeEach(() => {
  // The dialog's switch (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  window.sessionStorage.setItem(
    COMPARISON_STORAGE_KEY,
    JSON.stringify([
      { _id: 'p1', name: 'Telefon 1' },
      { _id: 'p2', name: 'Telefon 2' },
    ]),
  );
});

describe('ComparisonPage (free user)', () => {
  it('refuses to save at the plan limit with the count and the limit', async () => {
    serve({ savedCount: 3 });
    renderPage();
    await screen.findByRole('button', { name: 'Kayıt 3 karşılaştırmasını yükle' });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(toastText()).toContain('Karşılaştırma limitinize ulaştınız (3/3). Aboneliğinizi yükseltin.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a name, then shows the server refusal in the dialog and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({
      savedCount: 1,
      post: new Response(
        JSON.stringify({
          success: false,
          message: 'Karşılaştırma limitinize ulaştınız (3/3). Aboneliğinizi yükseltin.',
          code: 'COMPARISON_LIMIT',
        }),
        { status: 403 },
      ),
    });
    renderPage();
    await screen.findByRole('button', { name: 'Kayıt 1 karşılaştırmasını yükle' });
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Karşılaştırmayı Kaydet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getByText('Karşılaştırma adı gereklidir')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Karşılaştırma adı/ }), {
      target: { value: 'Telefonlar' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Karşılaştırma limitinize ulaştınız (3/3)');
    expect(within(alert).getByRole('link', { name: 'Premium planları incele' }).getAttribute('href')).toBe(
      '/premium-plans',
    );
    expect(error).toHaveBeenCalledWith('Karşılaştırma kaydedilemedi', expect.anything());
    error.mockRestore();
  });

  it('shows the premium upsell in the analysis tab and in the sidebar', async () => {
    serve({ savedCount: 0 });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /Avantaj\/Dezavantaj/ }));
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain('Detaylı avantaj/dezavantaj analizi Premium üyeler içindir.');
    const links = screen.getAllByRole('link', { name: 'Premium’a Geç' });
    expect(links.length).toBe(2);
    expect(links.every((link) => link.getAttribute('href') === '/premium-plans')).toBe(true);
  });

  it('loading a saved comparison replaces the session list', async () => {
    serve({ savedCount: 1 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Kayıt 1 karşılaştırmasını yükle' }));
    await waitFor(() => expect(getComparisonList().map((p) => p._id)).toEqual(['p3', 'p4']));
    expect(getLoadedComparison()).toEqual({ id: 's1', name: 'Kayıt 1' });
    expect(toastText()).toContain('Karşılaştırma yüklendi');
  });
});
