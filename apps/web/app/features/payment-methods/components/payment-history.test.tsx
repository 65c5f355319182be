import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PaymentRecord } from '@kiyasla/contracts/account';
import { mockFetch, serveData } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { PaymentHistory } from './payment-history';

const payment: PaymentRecord = {
  _id: 'pay1',
  provider: 'demo',
  plan: 'yearly-premium',
  amount: 337.5,
  currency: 'TRY',
  status: 'completed',
  createdAt: '2026-01-05T10:00:00.000Z',
};

const fetchMock = mockFetch();
isolateEachTest();

describe('PaymentHistory', () => {
  it('shows the payments of GET /auth/payments with plan, provider, amount and status', async () => {
    serveData(fetchMock, { '/api/auth/payments': [payment] });
    renderWithProviders(<PaymentHistory />, { auth: false, router: false });
    const table = await screen.findByRole('table', { name: 'Ödeme geçmişi' });
    const [, row] = within(table).getAllByRole('row');
    expect(row?.textContent).toContain('Yıllık Premium');
    expect(row?.textContent).toContain('Demo ödeme');
    expect(row?.textContent).toMatch(/337,50/);
  });

  it('says when there is nothing to show', async () => {
    serveData(fetchMock, { '/api/auth/payments': [] });
    renderWithProviders(<PaymentHistory />, { auth: false, router: false });
    expect(await screen.findByText('Henüz bir ödemeniz bulunmuyor.')).toBeTruthy();
  });
});
