import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  adminSubscriptionMessages as m,
  type AdminPayment,
  type AdminSubscriptionHistory,
  type AdminSubscriptionItem,
  type AdminSubscriptionStats,
} from '@kiyasla/contracts/admin-subscriptions';
import { Toaster } from '~/components/ui/toaster';
import { jsonResponse, mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders, toastText } from '~/test/render-with-providers';
import { AdminSubscriptionsPage } from './admin-subscriptions-page';

const member = (n: number, overrides: Partial<AdminSubscriptionItem['subscription']> = {}): AdminSubscriptionItem => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: n === 1 ? 'Ayşe' : `Üye${n}`,
  lastName: n === 1 ? 'Yılmaz' : 'Kaya',
  email: `uye${n}@example.com`,
  subscription: {
    plan: 'monthly-premium',
    status: 'active',
    startDate: '2026-11-01T09:00:00.000Z',
    endDate: '2026-12-01T09:00:00.000Z',
    autoRenew: true,
    nextRenewalDate: '2026-12-01T09:00:00.000Z',
    cancellable: true,
    ...overrides,
  },
});

const STATS: AdminSubscriptionStats = {
  total: 23,
  active: 15,
  cancelled: 3,
  expired: 5,
  monthly: 9,
  yearly: 6,
  lifetime: 2,
  monthlyRevenue: 269.91,
  yearlyRevenue: 2025,
  lifetimeRevenue: 2859.98,
  totalRevenue: 5154.89,
  refundedRevenue: 29.99,
  pendingRefunds: 1,
};

const payment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  _id: '10000000-0000-4000-8000-000000000001',
  plan: 'monthly-premium',
  provider: 'demo',
  amount: 29.99,
  currency: 'TRY',
  taxAmount: 5,
  creditAmount: 0,
  status: 'completed',
  createdAt: '2026-11-01T09:00:00.000Z',
  completedAt: '2026-11-01T09:00:00.000Z',
  refundRequestedAt: '2026-11-03T09:00:00.000Z',
  refundedAt: null,
  refundable: true,
  ...overrides,
});

const fetchMock = mockFetch();
isolateEachTest();

const listReply = (data: AdminSubscriptionItem[], total = data.length, page = 1) =>
  jsonResponse(200, { success: true, data, pagination: { page, pages: Math.ceil(total / 10), total, limit: 10 } });

/** The API as the page calls it; `list` answers GET /admin/subscriptions?…. */
function serve(
  list: (url: string) => Response | Promise<Response>,
  more: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const other = more(url, init);
    if (other) return other;
    if (url.startsWith('/api/admin/subscriptions/stats')) return jsonResponse(200, { success: true, data: STATS });
    if (url.startsWith('/api/admin/subscriptions?')) return list(url);
    return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'yok' });
  });
}

const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

const page = (node = <AdminSubscriptionsPage />) =>
  renderWithProviders(
    <>
      {node}
      <Toaster />
    </>,
    { auth: false },
  );

describe('AdminSubscriptionsPage', () => {
  it('says it is loading, then shows the total, the four cards and the table with dashes for missing dates', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(async () => {
      await gate;
      return listReply(
        [member(1), member(2, { plan: 'lifetime-premium', endDate: null, autoRenew: false, cancellable: false })],
        2,
      );
    });
    page();
    expect(await screen.findByText(m.loading)).toBeTruthy();
    release();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Abonelik Yönetimi(2)');
    for (const [label, value] of [
      ['Toplam Abonelik', '23'],
      ['Aktif Abonelik', '15'],
      ['Aylık Gelir', '₺269,91'],
      ['Toplam Gelir', '₺5.154,89'],
    ] as const) {
      expect(screen.getByText(label).parentElement!.textContent).toContain(value);
    }
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('AY');
    expect(rows[1]!.textContent).toContain('Ayşe Yılmaz');
    expect(rows[1]!.textContent).toContain('uye1@example.com');
    expect(rows[1]!.textContent).toContain('Aylık');
    expect(rows[1]!.textContent).toContain('Aktif');
    expect(rows[1]!.textContent).toContain('1 Aralık 2026');
    expect(within(rows[1]!).getByRole('button', { name: 'Ayşe Yılmaz aboneliğini iptal et' })).toBeTruthy();
    // Lifetime: no end date, nothing to cancel.
    expect(rows[2]!.textContent).toContain('Ömür Boyu');
    expect(within(rows[2]!).getAllByRole('cell')[5]!.textContent).toBe('-');
    expect(within(rows[2]!).queryByRole('button', { name: /iptal et/ })).toBeNull();
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Sayfalama' })).toBeNull();
  });

  it('opens the statistics modal', async () => {
    serve(() => listReply([member(1)]));
    page();
    const button = await screen.findByRole('button', { name: 'İstatistikler' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Abonelik İstatistikleri' });
    for (const [label, value] of [
      ['Aylık abonelik', '9'],
      ['Yıllık abonelik', '6'],
      ['Aylık gelir', '₺269,91'],
      ['Yıllık gelir', '₺2.025,00'],
      ['Toplam gelir', '₺5.154,89'],
    ] as const) {
      expect(within(dialog).getByText(label).parentElement!.textContent).toContain(value);
    }
  });

  it('applies the filters on submit from page 1, pages with the Turkish text, and clears everything', async () => {
    serve((url) => {
      const p = Number(new URL(url, 'http://x').searchParams.get('page'));
      return url.includes('status=cancelled') ? listReply([]) : listReply([member(p)], 23, p);
    });
    page();
    const pager = await screen.findByRole('navigation', { name: 'Sayfalama' });
    expect(pager.textContent).toContain('Sayfa 1 / 3 - toplam 23 abonelik');
    expect((within(pager).getByRole('button', { name: 'Önceki' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(screen.getByRole('navigation').textContent).toContain('Sayfa 2 / 3'));

    fireEvent.change(screen.getByLabelText('Ara'), { target: { value: 'ayşe' } });
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'lifetime' } });
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'cancelled' } });
    expect(calls().some((c) => c.includes('plan='))).toBe(false); // not before Filtrele
    fireEvent.click(screen.getByRole('button', { name: 'Filtrele' }));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(calls()).toContain(
      'GET /api/admin/subscriptions?page=1&limit=10&search=ay%C5%9Fe&plan=lifetime&status=cancelled',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Temizle' }));
    // Page 1 without filters again (member 1 is page 1's row).
    expect(await screen.findByText('Ayşe Yılmaz')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sayfalama' }).textContent).toContain('Sayfa 1 / 3');
    expect((screen.getByLabelText('Ara') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Plan') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Durum') as HTMLSelectElement).value).toBe('');
  });

  it('shows the full-page error when the list cannot be loaded', async () => {
    serve(() => jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Sunucu hatası' }));
    page();
    expect((await screen.findByRole('alert')).textContent).toContain(m.loadError);
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('cancels an active subscription after the confirmation and says until when premium lasts', async () => {
    const until = 'Abonelik iptal edildi: otomatik yenileme kapatıldı, premium 1 Aralık 2026 tarihine kadar sürecek.';
    serve(
      () => listReply([member(1)]),
      (url, init) =>
        init?.method === 'DELETE' && url === `/api/admin/subscriptions/${member(1)._id}`
          ? jsonResponse(200, {
              success: true,
              message: until,
              data: member(1, { status: 'cancelled', autoRenew: false, cancellable: false }),
            })
          : undefined,
    );
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Ayşe Yılmaz aboneliğini iptal et' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aboneliği İptal Et' });
    expect(confirm.textContent).toContain('Bu kullanıcının aboneliğini iptal etmek istediğinizden emin misiniz?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'İptal Et' }));
    await waitFor(() => expect(toastText()).toContain(until));
    expect(calls()).toContain(`DELETE /api/admin/subscriptions/${member(1)._id}`);
  });

  it("shows the member's history with the pending refund request, refunds after confirming, and tells a failure", async () => {
    const history: AdminSubscriptionHistory = {
      member: member(1),
      payments: [
        payment(),
        payment({
          _id: '10000000-0000-4000-8000-000000000002',
          status: 'failed',
          refundable: false,
          refundRequestedAt: null,
        }),
      ],
      refundsEnabled: true,
    };
    let refunds = 0;
    serve(
      () => listReply([member(1)]),
      (url, init) => {
        if (url === `/api/admin/subscriptions/${member(1)._id}`)
          return jsonResponse(200, { success: true, data: history });
        if (init?.method === 'POST' && url.endsWith('/refund')) {
          refunds += 1;
          return refunds === 1
            ? jsonResponse(200, {
                success: true,
                message: 'Ödeme iade edildi',
                data: { payment: payment({ status: 'refunded', refundable: false }), member: member(1) },
              })
            : jsonResponse(409, { success: false, code: 'PAYMENT_ALREADY_REFUNDED', message: m.alreadyRefunded });
        }
        return undefined;
      },
    );
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Ayşe Yılmaz aboneliğini görüntüle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayşe Yılmaz – Abonelik Geçmişi' });
    const list = await within(dialog).findByRole('list', { name: 'Ödemeler' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('₺29,99');
    expect(items[0]!.textContent).toContain('İade talebi: 3 Kasım 2026');
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: '₺29,99 ödemesini iade et' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ödemeyi İade Et' });
    expect(confirm.textContent).toContain(m.refundConfirm('₺29,99', 'Aylık'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'İade Et' }));
    await waitFor(() => expect(toastText()).toContain('Ödeme iade edildi'));

    // A second press (another operator was quicker): the server's 409 reaches the operator.
    fireEvent.click(within(items[0]!).getByRole('button', { name: '₺29,99 ödemesini iade et' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ödemeyi İade Et' })).getByRole('button', { name: 'İade Et' }),
    );
    await waitFor(() => expect(toastText()).toContain(m.alreadyRefunded));
    expect(toastText()).toContain(m.refundError);
  });
});
