import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StoreOffer } from '@kiyasla/contracts/catalog';
import { renderWithProviders } from '~/test/render-with-providers';
import { isolateEachTest } from '~/test/isolation';
import { StoreOffers } from './store-offers';

isolateEachTest();

const now = new Date('2026-11-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

function offer(name: string, price: number, over: Partial<StoreOffer> = {}): StoreOffer {
  return {
    _id: `00000000-0000-4000-8000-${String(price).padStart(12, '0')}`,
    price,
    originalPrice: null,
    productUrl: `https://${name.toLowerCase()}.example/urun`,
    availability: 'in-stock',
    inStock: true,
    isActive: true,
    shipping: { free: true, cost: 0, estimatedDays: 2 },
    shippingLabel: 'Ücretsiz Kargo',
    store: {
      _id: '00000000-0000-4000-8000-00000000aaaa',
      name,
      slug: name.toLowerCase(),
      logo: null,
      website: null,
      rating: null,
      ratingCount: 0,
      metrics: { averageRating: null },
    },
    updatedAt: hoursAgo(2),
    confirmedAt: hoursAgo(1),
    stale: false,
    ...over,
  };
}

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('StoreOffers', () => {
  it('lists a stale offer after the current ones, muted, with its age, and never as the cheapest', () => {
    renderWithProviders(
      <StoreOffers
        offers={[
          offer('Eski', 9_000, { stale: true, confirmedAt: hoursAgo(100) }),
          offer('Orta', 11_000),
          offer('Ucuz', 10_000),
        ]}
        now={now}
      />,
      { auth: false, router: false },
    );
    const [first, second, last] = rows();
    expect(first!.textContent).toContain('Ucuz');
    expect(second!.textContent).toContain('Orta');
    expect(last!.textContent).toContain('Eski');

    expect(within(first!).getByText('En Ucuz')).toBeTruthy();
    expect(within(last!).queryByText('En Ucuz')).toBeNull();
    expect(screen.getAllByText('En Ucuz')).toHaveLength(1);

    expect(within(last!).getByText('Fiyat 4 gün önce doğrulandı')).toBeTruthy();
    expect(within(last!).queryByText(/Güncellendi/)).toBeNull();
    expect(within(first!).getByText(/Güncellendi/)).toBeTruthy();
    expect(within(first!).queryByText(/doğrulandı/)).toBeNull();
    // Still a store one can visit.
    expect(
      within(last!)
        .getByRole('link', { name: /Mağazaya Git/ })
        .getAttribute('href'),
    ).toBe('https://eski.example/urun');

    expect(screen.getByText(/2 mağazanın güncel fiyatı/).textContent).toContain(
      '2 mağazanın güncel fiyatı, en ucuzdan pahalıya sıralı. Mağazası tarafından yakın zamanda doğrulanmayan 1 fiyat en sonda.',
    );
  });

  it('highlights no offer when every price is stale', () => {
    renderWithProviders(
      <StoreOffers
        offers={[
          offer('Bir', 10_000, { stale: true, confirmedAt: hoursAgo(80) }),
          offer('İki', 12_000, { stale: true, confirmedAt: hoursAgo(5) }),
        ]}
        now={now}
      />,
      { auth: false, router: false },
    );
    expect(screen.queryByText('En Ucuz')).toBeNull();
    expect(screen.getByText('Fiyat 3 gün önce doğrulandı')).toBeTruthy();
    // A window shorter than a day: the age in hours.
    expect(screen.getByText('Fiyat 5 saat önce doğrulandı')).toBeTruthy();
    expect(screen.getByText('Bu ürünün fiyatları mağazaları tarafından yakın zamanda doğrulanmadı.')).toBeTruthy();
  });

  it('keeps the cheapest buyable current offer highlighted and says nothing about freshness without stale offers', () => {
    renderWithProviders(
      <StoreOffers
        offers={[offer('Tükenen', 8_000, { availability: 'out-of-stock', inStock: false }), offer('Var', 9_500)]}
        now={now}
      />,
      { auth: false, router: false },
    );
    expect(within(rows().find((r) => r.textContent?.includes('Var'))!).getByText('En Ucuz')).toBeTruthy();
    expect(screen.getByText('2 mağazanın güncel fiyatı, en ucuzdan pahalıya sıralı.')).toBeTruthy();
    expect(screen.queryByText(/doğrulan/)).toBeNull();
  });
});
