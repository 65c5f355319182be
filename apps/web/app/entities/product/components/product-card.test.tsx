import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { Toaster } from '~/components/ui/toaster';
import { getComparisonList } from '~/entities/comparison-list/comparison-list';
import { testProductCard } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { ProductCard } from './product-card';

const product = (n: number, overrides: Partial<ProductCardData> = {}): ProductCardData =>
  testProductCard(n, {
    currentPrice: 1299.9,
    originalPrice: 1499.9,
    priceChange: { type: 'down', percentage: 5 },
    averageRating: 4.5,
    ratingsCount: 12,
    storeCount: 4,
    stores: [
      { name: 'Mağaza A', slug: 'a', price: 1299.9, freeShipping: true, shippingLabel: 'Ücretsiz Kargo' },
      { name: 'Mağaza B', slug: 'b', price: 1349.9, freeShipping: false, shippingLabel: 'Kargo ₺49,90' },
    ],
    keySpecs: { screenSize: '6,1"', ram: '8 GB', storage: '128 GB', camera: '48 MP', battery: '4000 mAh' },
    ...overrides,
  });

function renderCards(products: ProductCardData[]) {
  // The card's favorite and compare buttons read the session and the public configuration.
  return renderWithProviders(
    <>
      {products.map((p) => (
        <ProductCard key={p._id} product={p} />
      ))}
      <Toaster />
    </>,
    { queries: { enabled: false } },
  );
}

const toasts = () => screen.getByRole('region', { name: 'Bildirim mesajları' });

isolateEachTest();

describe('ProductCard', () => {
  it('shows price, discount, specs, stores and the store count', async () => {
    renderCards([product(1)]);
    const card = await screen.findByRole('article');
    const text = card.textContent ?? '';
    expect(text).toContain('₺1.299,90');
    expect(text).toContain('₺1.499,90');
    expect(text).toContain('%13');
    expect(text).toContain('4 mağazada satılıyor');
    expect(text).toContain('+2 mağaza daha');
    expect(text).toContain('Ücretsiz Kargo');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining(['Ekran: 6,1"', 'RAM: 8 GB', 'Depolama: 128 GB', 'Kamera: 48 MP']));
    expect(text).not.toContain('4000 mAh');
    expect(within(card).getByRole('link', { name: 'Telefon 1' }).getAttribute('href')).toBe(
      '/product/00000000-0000-4000-8000-000000000001',
    );
  });

  it('toggles the product in the session comparison list', async () => {
    renderCards([product(1)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Karşılaştır: Telefon 1' }));
    expect(getComparisonList().map((p) => p._id)).toEqual([product(1)._id]);
    // A toast's code may still be on its way (it loads once the page is idle).
    await waitFor(() => expect(toasts().textContent).toContain('Ürün karşılaştırma listesine eklendi'));

    fireEvent.click(screen.getByRole('button', { name: 'Karşılaştırmadan Çıkar: Telefon 1' }));
    expect(getComparisonList()).toHaveLength(0);
    await waitFor(() => expect(toasts().textContent).toContain('Ürün karşılaştırma listesinden çıkarıldı'));
    expect(screen.getByRole('button', { name: 'Karşılaştır: Telefon 1' })).toBeTruthy();
  });

  it('warns when five products are already being compared', async () => {
    renderCards([1, 2, 3, 4, 5, 6].map((n) => product(n)));
    const buttons = await screen.findAllByRole('button', { name: /^Karşılaştır:/ });
    act(() => buttons.forEach((b) => fireEvent.click(b)));
    expect(getComparisonList()).toHaveLength(5);
    // The toast's words are fetched on demand (compare-button).
    await waitFor(() => expect(toasts().textContent).toContain('En fazla 5 ürün karşılaştırabilirsiniz'));
  });

  it('asks anonymous visitors to sign in before favoriting', async () => {
    renderCards([product(1)]);
    fireEvent.click(await screen.findByRole('button', { name: /favorilere ekle/ }));
    // What a click does is fetched on demand.
    await waitFor(() => expect(toasts().textContent).toContain('Giriş Gerekli'));
    expect(toasts().textContent).toContain('Favorilere eklemek için giriş yapmanız gerekiyor.');
  });

  it('hides the discount and extra-store line when there is none', async () => {
    renderCards([product(1, { originalPrice: null, priceChange: null, storeCount: 2 })]);
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(text).not.toMatch(/%\d/);
    expect(text).not.toContain('mağaza daha');
  });
});
