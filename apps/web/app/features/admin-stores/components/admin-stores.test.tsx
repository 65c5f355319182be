import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminStore, FeedImport, FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { AdminStoresPage } from './admin-stores-page';
import type { ProductCreateDialog } from './create-product-from-item';
import { FeedPullCard } from './feed-pull-card';
import { FeedUploadCard } from './feed-upload-card';
import { UnmatchedQueue } from './unmatched-queue';

const STORE_ID = '11111111-1111-4111-8111-111111111111';
const store: AdminStore = {
  _id: STORE_ID,
  name: 'TeknoPazar',
  slug: 'teknopazar',
  logo: null,
  website: 'https://teknopazar.example',
  feedUrl: null,
  feedIntervalMinutes: null,
  freshnessHours: 72,
  isActive: true,
  offerCount: 120,
  activeOfferCount: 110,
  unmatchedCount: 2,
  feedNextPullAt: null,
  feedLastSuccessAt: null,
  lastImport: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const entry: FeedImport = {
  _id: '22222222-2222-4222-8222-222222222222',
  source: 'upload',
  format: 'json',
  mode: 'full',
  status: 'succeeded',
  forced: false,
  startedAt: '2026-06-01T10:00:00.000Z',
  finishedAt: '2026-06-01T10:00:01.000Z',
  report: {
    received: 3,
    matched: 2,
    created: 0,
    updated: 1,
    unchanged: 1,
    deactivated: 0,
    unmatched: 1,
    rejected: 0,
    priceChanges: 1,
    rejectedSamples: [],
    priceChangeSamples: [
      { sku: 'TP-1', productId: '33333333-3333-4333-8333-333333333333', oldPrice: 1299.9, newPrice: 1199.9 },
    ],
    held: null,
    durationMs: 420,
  },
  errorCode: null,
  errorMessage: null,
  userId: null,
};

const fetchMock = mockFetch();
isolateEachTest();

const ok = (data: unknown, extra: Record<string, unknown> = {}) => jsonResponse(200, { success: true, data, ...extra });

describe('AdminStoresPage', () => {
  it('lists stores and refuses a bad form in Turkish before calling the API', async () => {
    fetchMock.mockImplementation(async () => ok([store], { pagination: { page: 1, pages: 1, total: 1, limit: 10 } }));
    renderWithProviders(<AdminStoresPage />, { auth: false });
    expect((await screen.findByRole('link', { name: 'TeknoPazar' })).getAttribute('href')).toBe(
      `/admin/stores/${STORE_ID}`,
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/stores?page=1&limit=10');

    fireEvent.click(screen.getByRole('button', { name: 'Yeni Mağaza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni Mağaza' });
    fireEvent.change(within(dialog).getByLabelText('Mağaza adı *'), { target: { value: 'Çiçek Sepeti' } });
    expect(within(dialog).getByText(/cicek-sepeti/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Çekim aralığı (dakika)'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Web sitesi'), { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('Besleme aralığı en az 15 dakika olmalıdır')).toBeTruthy();
    expect(within(dialog).getByText('Geçerli bir http(s) adresi girin')).toBeTruthy();
    // Focus goes to the first invalid field in the form's order, which reads its message out.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Web sitesi'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('FeedUploadCard', () => {
  it('sends the file with its media type and shows the import report', async () => {
    fetchMock.mockImplementation(async () => ok(entry));
    renderWithProviders(<FeedUploadCard storeId={STORE_ID} />, { auth: false });
    const file = new File(['[{"sku":"TP-1","price":1199.9}]'], 'teknopazar.json');
    fireEvent.change(screen.getByLabelText('Akış dosyası'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Mod'), { target: { value: 'partial' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    expect(await screen.findByText('İçe aktarım raporu')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/admin/stores/${STORE_ID}/feed?mode=partial`);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(file);
    expect(screen.getByText(/1\.299,90.*→.*1\.199,90/)).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(422, { success: false, code: 'FEED_MALFORMED', message: 'Dosya bozuk; sözdizimi hatası içeriyor.' }),
    );
    renderWithProviders(<FeedUploadCard storeId={STORE_ID} />, { auth: false });
    fireEvent.change(screen.getByLabelText('Akış dosyası'), { target: { files: [new File(['{'], 'f.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dosya bozuk; sözdizimi hatası içeriyor.');
  });
});

describe('UnmatchedQueue', () => {
  it('maps an item to a product found in the catalog', async () => {
    const item: FeedUnmatchedItem = {
      _id: '44444444-4444-4444-8444-444444444444',
      sku: 'TP-9',
      gtin: null,
      brand: 'Reeder',
      model: 'S19 Max',
      title: 'Reeder S19 Max 256 GB',
      price: 9999,
      url: null,
      firstSeenAt: '2026-06-01T10:00:00.000Z',
      lastSeenAt: '2026-06-01T10:00:00.000Z',
      timesSeen: 1,
      resolvedProductId: null,
      resolvedBy: null,
      resolvedAt: null,
    };
    const productId = '55555555-5555-4555-8555-555555555555';
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.startsWith(`/api/admin/stores/${STORE_ID}/unmatched?`))
        return ok([item], { pagination: { page: 1, pages: 1, total: 1, limit: 10 } });
      if (path.startsWith('/api/search?'))
        return ok([
          { _id: productId, name: 'Reeder S19 Max 256 GB', brand: 'Reeder', model: 'S19 Max', category: null },
        ]);
      if (path.endsWith('/match') && init?.method === 'POST')
        return jsonResponse(200, {
          success: true,
          message: 'Ürün eşleştirildi',
          data: { ...item, resolvedProductId: productId },
        });
      return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'yok' });
    });
    renderWithProviders(<UnmatchedQueue storeId={STORE_ID} />, { auth: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Ürünle eşleştir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ürünle Eşleştir' });
    expect((within(dialog).getByLabelText('Katalogda ara') as HTMLInputElement).value).toBe('Reeder S19 Max');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reeder S19 Max 256 GB ile eşleştir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const match = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/match'))!;
    expect(JSON.parse(String(match[1]?.body))).toEqual({ productId });
  });
});

describe('FeedPullCard', () => {
  it('pulls the feed now and shows the report', async () => {
    fetchMock.mockImplementation(async () => ok({ ...entry, source: 'schedule' }));
    renderWithProviders(<FeedPullCard storeId={STORE_ID} feedUrl="https://teknopazar.example/feed.json" />, {
      auth: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Şimdi çek' }));
    expect(await screen.findByText('Çekim raporu')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/admin/stores/${STORE_ID}/feed/pull`);
    expect(init?.method).toBe('POST');
  });

  it('says so while another import runs, and cannot pull without a feed URL', async () => {
    const busy = 'Bu mağazanın bir içe aktarımı şu anda sürüyor; bitince yeniden deneyin.';
    fetchMock.mockImplementation(async () =>
      jsonResponse(409, { success: false, code: 'FEED_IMPORT_BUSY', message: busy }),
    );
    const { unmount } = renderWithProviders(<FeedPullCard storeId={STORE_ID} feedUrl="https://t.example/f.json" />, {
      auth: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Şimdi çek' }));
    expect((await screen.findByRole('alert')).textContent).toContain(busy);
    unmount();
    renderWithProviders(<FeedPullCard storeId={STORE_ID} feedUrl={null} />, { auth: false });
    expect((screen.getByRole('button', { name: 'Şimdi çek' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('UnmatchedQueue: create the product from an item', () => {
  it('opens the product modal filled from the item and maps the item to the new product', async () => {
    const item: FeedUnmatchedItem = {
      _id: '66666666-6666-4666-8666-666666666666',
      sku: 'TP-10',
      gtin: '8690000000017',
      brand: 'Arçelik',
      model: 'K 1234',
      title: 'Arçelik K 1234 Kettle',
      price: 899.9,
      url: null,
      firstSeenAt: '2026-06-01T10:00:00.000Z',
      lastSeenAt: '2026-06-01T10:00:00.000Z',
      timesSeen: 2,
      resolvedProductId: null,
      resolvedBy: null,
      resolvedAt: null,
    };
    const productId = '77777777-7777-4777-8777-777777777777';
    let prefillSeen: unknown = null;
    const FakeProductDialog: ProductCreateDialog = ({ prefill, onSaved, onClose }) => {
      prefillSeen = prefill;
      return (
        <div role="dialog" aria-label="Yeni Ürün">
          <button
            type="button"
            onClick={() => {
              onSaved({ _id: productId, name: prefill.name });
              onClose();
            }}
          >
            Kaydet
          </button>
        </div>
      );
    };
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.startsWith(`/api/admin/stores/${STORE_ID}/unmatched?`))
        return ok([item], { pagination: { page: 1, pages: 1, total: 1, limit: 10 } });
      if (path.endsWith('/match') && init?.method === 'POST')
        return jsonResponse(200, {
          success: true,
          message: 'Ürün eşleştirildi',
          data: { ...item, resolvedProductId: productId },
        });
      return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'yok' });
    });
    renderWithProviders(<UnmatchedQueue storeId={STORE_ID} productDialog={FakeProductDialog} />, { auth: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Ürün oluştur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni Ürün' });
    expect(prefillSeen).toEqual({
      name: 'Arçelik K 1234 Kettle',
      brand: 'Arçelik',
      model: 'K 1234',
      gtin: '8690000000017',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/match'))).toBe(true));
    const match = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/match'))!;
    expect(String(match[0])).toBe(`/api/admin/stores/${STORE_ID}/unmatched/${item._id}/match`);
    expect(JSON.parse(String(match[1]?.body))).toEqual({ productId });
  });
});
