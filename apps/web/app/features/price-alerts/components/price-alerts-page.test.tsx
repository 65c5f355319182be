import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse as json, mockFetch } from '~/test/api-mock';
import { testUser } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { PriceAlertsPage } from './price-alerts-page';

const user = testUser({ isPremium: true, subscriptionPlan: 'monthly-premium' } as never);

function alert(n: number, extra: Partial<PriceAlert>): PriceAlert {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    product: { _id: `10000000-0000-4000-8000-00000000000${n}`, name: `Ürün ${n}`, slug: `urun-${n}`, images: [] },
    currentPrice: 1000,
    targetPrice: 900,
    triggerType: 'below',
    store: null,
    priceAtCreation: 1000,
    isActive: true,
    triggered: false,
    triggeredAt: null,
    triggeredPrice: null,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...extra,
  };
}

const alerts = [
  alert(1, {}),
  alert(2, { triggered: true, triggeredAt: '2026-11-20T10:00:00Z', triggeredPrice: 880, currentPrice: 880 }),
  alert(3, { isActive: false }),
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
    if (path === '/api/alerts' && method === 'GET') {
      return list === 200
        ? json(200, { success: true, data: alerts })
        : json(list, { success: false, message: 'Sunucu hatası', code: 'INTERNAL' });
    }
    if (path.endsWith('/toggle')) return json(200, { success: true, data: { ...alerts[0], isActive: false } });
    if (method === 'PUT') return json(200, { success: true, data: { ...alerts[0], targetPrice: 800 } });
    if (method === 'DELETE') return json(200, { success: true, data: { _id: alerts[0]!._id } });
    return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <PriceAlertsPage user={user} />
      <Toaster />
    </>,
    { path: '/price-alerts' },
  );
}

isolateEachTest({ signedIn: user });

describe('PriceAlertsPage', () => {
  it('shows each alert with its badge and filters active / triggered / inactive', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('Ürün 1')).toBeTruthy();
    expect(screen.getByText('Tetiklendi', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Pasif', { selector: 'span' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Tetiklendi (1)' }));
    expect(screen.queryByText('Ürün 1')).toBeNull();
    expect(screen.getByText('Ürün 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Aktif (1)' }));
    expect(screen.getByText('Ürün 1')).toBeTruthy();
    expect(screen.queryByText('Ürün 3')).toBeNull();
  });

  it('refuses a target that is not below the current price, and deletes after confirmation', async () => {
    serve();
    renderPage();
    await screen.findByText('Ürün 1');
    const first = screen.getByText('Ürün 1').closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
    const input = within(first).getByRole('textbox');
    fireEvent.change(input, { target: { value: '1000' } });
    expect(within(first).getByText('Hedef fiyat mevcut fiyattan düşük olmalıdır')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Kaydet' }));
    expect(calls.some((c) => c.startsWith('PUT') || c.startsWith('PATCH'))).toBe(false);

    fireEvent.click(within(first).getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(calls).toContain(`DELETE /api/alerts/${alerts[0]!._id}`));
    await waitFor(() => expect(toastText()).toContain('Fiyat alarmı kaldırıldı.'));
  });

  it('moves focus into the target field when editing starts and back to its button when it ends', async () => {
    serve();
    renderPage();
    await screen.findByText('Ürün 1');
    const first = screen.getByText('Ürün 1').closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
    expect(document.activeElement).toBe(within(first).getByRole('textbox', { name: 'Yeni hedef fiyat (₺)' }));

    fireEvent.click(within(first).getByRole('button', { name: 'Vazgeç' }));
    expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));

    fireEvent.click(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
    fireEvent.keyDown(within(first).getByRole('textbox'), { key: 'Escape' });
    expect(within(first).queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
  });

  it('returns focus to "Hedefi Düzenle" after a successful save', async () => {
    serve();
    renderPage();
    await screen.findByText('Ürün 1');
    const first = screen.getByText('Ürün 1').closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
    fireEvent.change(within(first).getByRole('textbox'), { target: { value: '800' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(first).queryByRole('textbox')).toBeNull());
    expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
  });

  it('saves a target written the Turkish way (1.299,90) as the number it reads', async () => {
    const dear = alert(4, { currentPrice: 2000, targetPrice: 1800 });
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      const method = init?.method ?? 'GET';
      if (path === '/api/auth/me') return json(200, { success: true, data: user });
      if (path === '/api/alerts' && method === 'GET') return json(200, { success: true, data: [dear] });
      if (method === 'PUT') {
        sent.push(JSON.parse(String(init?.body)));
        return json(200, { success: true, data: { ...dear, targetPrice: 1299.9 } });
      }
      return json(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderPage();
    await screen.findByText('Ürün 4');
    const row = screen.getByText('Ürün 4').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Hedefi Düzenle' }));
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: '1.299,90' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ targetPrice: 1299.9 });
  });

  it('announces an invalid target in a live region tied to the field, and reports it again on Enter', async () => {
    serve();
    renderPage();
    await screen.findByText('Ürün 1');
    const first = screen.getByText('Ürün 1').closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Hedefi Düzenle' }));
    const input = within(first).getByRole('textbox');
    // The live region is in the document before the message, so the message is announced.
    const region = within(first).getByRole('alert');
    expect(region.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: '0' } });
    expect(region.textContent).toBe('Geçerli bir hedef fiyat girin.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(region.id);

    const shown = region.firstElementChild;
    const save = within(first).getByRole('button', { name: 'Kaydet' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.submit(input.closest('form')!);
    // Re-inserted, so a screen reader says it again; focus stays on (or returns to) the field.
    expect(region.firstElementChild).not.toBe(shown);
    expect(region.textContent).toBe('Geçerli bir hedef fiyat girin.');
    expect(document.activeElement).toBe(input);
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it("tells the specification's message when the list cannot be loaded", async () => {
    serve(500);
    renderPage();
    await waitFor(() => expect(toastText()).toContain('Fiyat alarmları yüklenirken bir hata oluştu'));
  });
});
