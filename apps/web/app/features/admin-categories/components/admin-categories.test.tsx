import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminCategoryMessages as m, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { AdminCategoriesPage } from './admin-categories-page';

const category = (n: number, overrides: Partial<AdminCategory> = {}): AdminCategory => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Kategori ${n}`,
  slug: `kategori-${n}`,
  description: null,
  image: null,
  icon: null,
  parent: null,
  isActive: true,
  order: n,
  seoTitle: null,
  seoDescription: null,
  productCount: 3,
  childCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const fetchMock = mockFetch();
isolateEachTest();

const list = (data: AdminCategory[]) =>
  jsonResponse(200, { success: true, data, pagination: { page: 1, pages: 1, total: data.length, limit: 10 } });

describe('AdminCategoriesPage', () => {
  it('sends the search to the server and says when nothing matches', async () => {
    fetchMock.mockImplementation(async (url) => (String(url).includes('search=') ? list([]) : list([category(1)])));
    renderWithProviders(<AdminCategoriesPage />, { auth: false });
    expect(await screen.findByText('Kategori 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ara'), { target: { value: 'beyaz eşya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ara' }));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      '/api/admin/categories?page=1&limit=10&search=beyaz+e%C5%9Fya',
    );
  });

  it('fills the slug and SEO title from a Turkish name and sends the order as an integer', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return jsonResponse(201, { success: true, data: category(9) });
      return list([category(1)]);
    });
    renderWithProviders(<AdminCategoriesPage />, { auth: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni Kategori' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni Kategori' });
    fireEvent.change(within(dialog).getByLabelText('Kategori adı *'), { target: { value: 'Beyaz Eşya' } });
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('beyaz-esya');
    expect((within(dialog).getByLabelText('SEO başlığı') as HTMLInputElement).value).toBe('Beyaz Eşya');
    fireEvent.change(within(dialog).getByLabelText('Sıra'), { target: { value: '1,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText(m.orderInvalid)).toBeTruthy();
    // Focus goes to the first invalid field, which reads its message out.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Sıra'));
    fireEvent.change(within(dialog).getByLabelText('Sıra'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      name: 'Beyaz Eşya',
      slug: 'beyaz-esya',
      seoTitle: 'Beyaz Eşya',
      order: 4,
      parent: null,
    });
  });

  it('tells why a category with products cannot be deleted', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'DELETE'
        ? jsonResponse(409, { success: false, code: 'CATEGORY_HAS_PRODUCTS', message: m.hasProducts(3) })
        : list([category(1)]),
    );
    renderWithProviders(
      <>
        <AdminCategoriesPage />
        <Toaster />
      </>,
      { auth: false },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Kategori 1 sil' }));
    const confirm = await screen.findByRole('dialog', { name: 'Kategoriyi Sil' });
    expect(confirm.textContent).toContain('Kategori 1 kategorisini silmek istediğinizden emin misiniz?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(toastText()).toContain(m.hasProducts(3)));
    expect(toastText()).toContain('Kategori silinemedi');
  });
});
