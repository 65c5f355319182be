import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategory } from '@kiyasla/contracts/admin-categories';
import {
  adminProductMessages as m,
  type AdminProduct,
  type AdminProductOffer,
} from '@kiyasla/contracts/admin-products';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { truncate } from '../utils/truncate';
import { AdminProductsPage } from './admin-products-page';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const SUB = '00000000-0000-4000-8000-0000000000c2';
const categories: Partial<AdminCategory>[] = [
  { _id: CATEGORY, name: 'Elektronik', parent: null },
  { _id: SUB, name: 'Kulaklık', parent: { _id: CATEGORY, name: 'Elektronik' } },
];
const longText = 'Aktif gürültü engelleme, 30 saat pil ömrü ve çoklu cihaz bağlantısı sunan kulaklık';
const product: AdminProduct = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Sony WH-1000XM5',
  slug: 'sony-wh-1000xm5',
  brand: 'Sony',
  model: 'WH-1000XM5',
  gtin: null,
  description: longText,
  shortDescription: null,
  category: { _id: CATEGORY, name: 'Elektronik' },
  subcategory: { _id: SUB, name: 'Kulaklık' },
  images: [{ url: 'https://cdn.example/s.jpg', alt: 'Sony', isPrimary: true }],
  specifications: {},
  features: [],
  tags: [],
  availability: 'pre-order',
  isActive: true,
  isFeatured: true,
  seo: { title: null, description: null, keywords: [] },
  averageRating: 4.5,
  ratingsCount: 10,
  lowestPrice: 9999.9,
  offerCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const offers: AdminProductOffer[] = [
  {
    _id: '00000000-0000-4000-8000-0000000000b1',
    store: { _id: '00000000-0000-4000-8000-0000000000d1', name: 'TeknoPazar', isActive: true },
    price: 9999.9,
    availability: 'in-stock',
    isActive: true,
    confirmedAt: new Date().toISOString(),
    stale: false,
  },
  {
    _id: '00000000-0000-4000-8000-0000000000b2',
    store: { _id: '00000000-0000-4000-8000-0000000000d2', name: 'Hızlı Mağaza', isActive: true },
    price: 8999.9,
    availability: 'in-stock',
    isActive: true,
    confirmedAt: '2026-01-01T00:00:00.000Z',
    stale: true,
  },
];

const fetchMock = mockFetch();
isolateEachTest();

function serve(list: AdminProduct[] = [product]) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.startsWith('/api/admin/categories')) return jsonResponse(200, { success: true, data: categories });
    if (path.endsWith('/offers')) return jsonResponse(200, { success: true, data: offers });
    if (init?.method === 'POST') return jsonResponse(201, { success: true, data: product });
    return jsonResponse(200, {
      success: true,
      data: list,
      pagination: { page: 1, pages: 1, total: list.length, limit: 10 },
    });
  });
}

describe('truncate', () => {
  it('cuts at 50 characters', () => {
    expect(Array.from(truncate(longText)).length).toBeLessThanOrEqual(51);
    expect(truncate('kısa')).toBe('kısa');
  });
});

describe('AdminProductsPage', () => {
  it('shows the table with the cut description, the price from offers and the spec labels; filters apply on submit', async () => {
    serve();
    renderWithProviders(<AdminProductsPage />, { auth: false });
    expect(await screen.findByText('Sony WH-1000XM5')).toBeTruthy();
    expect(screen.getByText(truncate(longText))).toBeTruthy();
    expect(screen.getByText('Ön Sipariş')).toBeTruthy();
    expect(screen.getByText('Öne çıkan')).toBeTruthy();
    expect(screen.getByText(/9\.999,90/)).toBeTruthy();

    await screen.findByRole('option', { name: 'Elektronik › Kulaklık' });
    fireEvent.change(screen.getByLabelText('Ara'), { target: { value: 'kulaklik' } });
    fireEvent.change(screen.getByLabelText('Kategori'), { target: { value: SUB } });
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'false' } });
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/admin/products')).length).toBe(1);
    serve([]);
    fireEvent.click(screen.getByRole('button', { name: 'Filtrele' }));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      `/api/admin/products?page=1&limit=10&search=kulaklik&category=${SUB}&isActive=false`,
    );
  });

  it('opens the create modal from ?new=1, keeps one image row, and sends the form', async () => {
    serve();
    renderWithProviders(<AdminProductsPage />, { auth: false, path: '/admin/products?new=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Yeni Ürün' });
    fireEvent.change(within(dialog).getByLabelText('Ürün adı *'), { target: { value: 'Şık Çanta Büyük' } });
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('sik-canta-buyuk');
    expect((within(dialog).getByLabelText('SEO başlığı') as HTMLInputElement).value).toBe('Şık Çanta Büyük');
    expect(within(dialog).queryByRole('button', { name: 'Görsel 1 kaldır' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Görsel ekle' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Görsel 2 kaldır' }));
    expect(within(dialog).queryByRole('button', { name: 'Görsel 1 kaldır' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText(m.brandRequired)).toBeTruthy();
    expect(within(dialog).getByText(m.imageUrlInvalid)).toBeTruthy();
    // Focus goes to the first invalid field, which reads its message out.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Marka *'));

    fireEvent.change(within(dialog).getByLabelText('Marka *'), { target: { value: 'Deri' } });
    await within(dialog).findByRole('option', { name: 'Elektronik › Kulaklık' });
    fireEvent.change(within(dialog).getByLabelText('Kategori *'), { target: { value: SUB } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    const imageUrl = within(dialog).getByLabelText('Görsel adresi 1');
    await waitFor(() => expect(document.activeElement).toBe(imageUrl));
    expect(imageUrl.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(imageUrl.getAttribute('aria-describedby')!)?.textContent).toBe(m.imageUrlInvalid);
    fireEvent.change(within(dialog).getByLabelText('Görsel adresi 1'), {
      target: { value: 'https://cdn.example/c.jpg' },
    });
    fireEvent.change(within(dialog).getByLabelText('Stok durumu'), { target: { value: 'discontinued' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      name: 'Şık Çanta Büyük',
      slug: 'sik-canta-buyuk',
      brand: 'Deri',
      category: SUB,
      images: [{ url: 'https://cdn.example/c.jpg', isPrimary: true }],
      availability: 'discontinued',
      isActive: true,
      isFeatured: false,
      seo: { title: 'Şık Çanta Büyük' },
    });
  });

  it('puts a picture the server could not download under its own row and focuses it', async () => {
    const message = 'Görsel bu adresten indirilemedi (HTTP 404).';
    serve();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'POST'
        ? jsonResponse(422, {
            success: false,
            code: 'IMAGE_UNREACHABLE',
            message,
            errors: [{ path: 'body.images.1.url', message }],
          })
        : answer(url, init),
    );
    renderWithProviders(<AdminProductsPage />, { auth: false, path: '/admin/products?new=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Yeni Ürün' });
    fireEvent.change(within(dialog).getByLabelText('Ürün adı *'), { target: { value: 'Saat' } });
    fireEvent.change(within(dialog).getByLabelText('Marka *'), { target: { value: 'Uyanış' } });
    await within(dialog).findByRole('option', { name: 'Elektronik › Kulaklık' });
    fireEvent.change(within(dialog).getByLabelText('Kategori *'), { target: { value: SUB } });
    fireEvent.change(within(dialog).getByLabelText('Görsel adresi 1'), {
      target: { value: 'https://a.example/1.png' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Görsel ekle' }));
    fireEvent.change(within(dialog).getByLabelText('Görsel adresi 2'), {
      target: { value: 'https://a.example/2.png' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    const second = within(dialog).getByLabelText('Görsel adresi 2');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(second.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(within(dialog).getByLabelText('Görsel adresi 1').getAttribute('aria-invalid')).toBe('false');
  });

  it("shows the product's store offers and their freshness on its edit screen", async () => {
    serve();
    renderWithProviders(<AdminProductsPage />, { auth: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Sony WH-1000XM5 düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ürünü Düzenle' });
    const list = await within(dialog).findByRole('list', { name: 'Mağaza teklifleri' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('TeknoPazar');
    expect(items[0]).toContain('Güncel');
    expect(items[1]).toContain('Hızlı Mağaza');
    expect(items[1]).toContain('Eskimiş');
  });
});
