import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentHistoryItem } from '@kiyasla/contracts/payments';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch, serveData } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { PaymentHistory } from './payment-history';

const payment = (over: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  _id: 'pay1',
  provider: 'demo',
  plan: 'yearly-premium',
  kind: 'checkout',
  amount: 337.5,
  currency: 'TRY',
  tax: 56.25,
  status: 'completed',
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
  refundRequestedAt: null,
  refundedAt: null,
  refund: 'eligible',
  refundDeadline: '2026-12-04T10:00:00.000Z',
  attempts: 0,
  nextAttemptAt: null,
  declineReason: null,
  ...over,
});

const fetchMock = mockFetch();
isolateEachTest();

function rowOf(table: HTMLElement, index: number) {
  return within(table).getAllByRole('row')[index + 1]!;
}

describe('PaymentHistory', () => {
  it('shows the payments of GET /payments/history with plan, provider, amount and status', async () => {
    serveData(fetchMock, {
      '/api/payments/history': [
        payment({ refund: 'none' }),
        payment({ _id: 'pay0', kind: 'renewal', plan: 'monthly-premium', amount: 29.99 }),
      ],
    });
    renderWithProviders(<PaymentHistory />, { auth: false, router: false });
    const table = await screen.findByRole('table', { name: 'Ödeme geçmişi' });
    const row = rowOf(table, 0);
    expect(row.textContent).toContain('Yıllık Premium');
    expect(row.textContent).toContain('Demo ödeme');
    expect(row.textContent).toMatch(/337,50/);
    expect(within(row).queryByRole('button', { name: 'İade Talep Et' })).toBeNull();
    expect(rowOf(table, 1).textContent).toContain('Otomatik yenileme');
  });

  it('says when there is nothing to show', async () => {
    serveData(fetchMock, { '/api/payments/history': [] });
    renderWithProviders(<PaymentHistory />, { auth: false, router: false });
    expect(await screen.findByText('Henüz bir ödemeniz bulunmuyor.')).toBeTruthy();
  });

  it('asks for a refund of an eligible payment after confirmation; the row then shows the pending request', async () => {
    let requested = false;
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/payments/refund' && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ paymentId: 'pay1' });
        requested = true;
        return jsonResponse(200, {
          success: true,
          message: 'İade talebiniz alındı. Ödemeniz incelendikten sonra iade edilecek.',
          data: { paymentId: 'pay1', refundRequestedAt: '2026-11-22T10:00:00.000Z' },
        });
      }
      if (path === '/api/payments/history') {
        return jsonResponse(200, {
          success: true,
          data: [
            requested ? payment({ refund: 'requested', refundRequestedAt: '2026-11-22T10:00:00.000Z' }) : payment(),
            payment({ _id: 'old', status: 'refunded', refund: 'refunded', plan: 'monthly-premium', amount: 29.99 }),
          ],
        });
      }
      return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderWithProviders(
      <>
        <PaymentHistory />
        <Toaster />
      </>,
      { auth: false, router: false },
    );
    const table = await screen.findByRole('table', { name: 'Ödeme geçmişi' });
    expect(rowOf(table, 1).textContent).toContain('İade edildi');
    expect(within(rowOf(table, 1)).queryByRole('button', { name: 'İade Talep Et' })).toBeNull();

    fireEvent.click(within(rowOf(table, 0)).getByRole('button', { name: 'İade Talep Et' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Yıllık Premium için ödediğiniz ₺337,50 tutarının iadesini/)).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(requested).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'İade Talep Et' }));
    await waitFor(() => expect(toastText()).toContain('İade talebiniz alındı.'));
    await waitFor(() => expect(rowOf(table, 0).textContent).toContain('İade talebi bekliyor'));
    expect(within(rowOf(table, 0)).queryByRole('button', { name: 'İade Talep Et' })).toBeNull();
  });

  it('shows the server’s refusal as a toast', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/api/payments/refund' && init?.method === 'POST') {
        return jsonResponse(409, {
          success: false,
          message: 'İade talebi yalnızca ödemeden sonraki 14 gün içinde yapılabilir.',
          code: 'REFUND_WINDOW_PASSED',
        });
      }
      if (path === '/api/payments/history') return jsonResponse(200, { success: true, data: [payment()] });
      return jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
    });
    renderWithProviders(
      <>
        <PaymentHistory />
        <Toaster />
      </>,
      { auth: false, router: false },
    );
    // The phone list and the table both carry it (CSS shows one); the table's here.
    const table = await screen.findByRole('table', { name: 'Ödeme geçmişi' });
    fireEvent.click(within(table).getByRole('button', { name: 'İade Talep Et' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'İade Talep Et' }));
    await waitFor(() =>
      expect(toastText()).toContain('İade talebi yalnızca ödemeden sonraki 14 gün içinde yapılabilir.'),
    );
  });
});
