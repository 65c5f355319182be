import { describe, expect, it } from 'vitest';
import type { AccountExport } from '@kiyasla/contracts/account-export';
import { buildActivity } from './activity';

const product = { _id: 'p1', name: 'Telefon X' };
const data = {
  profile: { createdAt: '2025-01-01T00:00:00.000Z' },
  favorites: [{ product, createdAt: '2025-03-01T00:00:00.000Z' }],
  priceAlerts: [
    {
      _id: 'a1',
      product,
      store: null,
      targetPrice: 1000,
      triggerType: 'below',
      isActive: true,
      triggered: true,
      triggeredAt: '2025-04-01T00:00:00.000Z',
      triggeredPrice: 950,
      createdAt: '2025-02-01T00:00:00.000Z',
    },
  ],
  savedComparisons: [],
  reviews: [],
  payments: [
    {
      _id: 'pay1',
      provider: 'demo',
      plan: 'yearly-premium',
      amount: 337.5,
      currency: 'TRY',
      status: 'completed',
      createdAt: '2025-05-01T00:00:00.000Z',
    },
  ],
} as unknown as AccountExport;

describe('buildActivity', () => {
  it('lists what the user did, newest first', () => {
    const items = buildActivity(data);
    expect(items.map((i) => i.kind)).toEqual(['payment', 'alert-triggered', 'favorite', 'alert', 'joined']);
    expect(items[0]?.detail).toContain('Yıllık Premium');
    expect(items[2]).toMatchObject({ title: 'Favorilere eklendi', detail: 'Telefon X', href: '/product/p1' });
  });
});
