import { describe, expect, it } from 'vitest';
import type { AccountActivityEvent } from '@kiyasla/contracts/account';
import { buildActivity } from './activity';

const product = { _id: 'p1', name: 'Telefon X' };
/** GET /auth/overview's `activity`. */
const data: AccountActivityEvent[] = [
  { kind: 'favorite', id: 'favorite-p1', date: '2025-03-01T00:00:00.000Z', product },
  { kind: 'alert', id: 'alert-a1', date: '2025-02-01T00:00:00.000Z', product, targetPrice: 1000 },
  { kind: 'alert-triggered', id: 'alert-triggered-a1', date: '2025-04-01T00:00:00.000Z', product, price: 950 },
  { kind: 'payment', id: 'payment-pay1', date: '2025-05-01T00:00:00.000Z', plan: 'yearly-premium', amount: 337.5 },
  { kind: 'joined', id: 'joined', date: '2025-01-01T00:00:00.000Z' },
];

describe('buildActivity', () => {
  it('lists what the user did, newest first', () => {
    const items = buildActivity(data);
    expect(items.map((i) => i.kind)).toEqual(['payment', 'alert-triggered', 'favorite', 'alert', 'joined']);
    expect(items[0]?.detail).toContain('Yıllık Premium');
    expect(items[2]).toMatchObject({ title: 'Favorilere eklendi', detail: 'Telefon X', href: '/product/p1' });
  });

  it('keeps events of the same moment in the order of their kinds', () => {
    const moment = '2025-04-01T00:00:00.000Z';
    const items = buildActivity([
      { kind: 'alert-triggered', id: 'alert-triggered-a1', date: moment, product, price: 950 },
      { kind: 'favorite', id: 'favorite-p1', date: moment, product },
    ]);
    expect(items.map((i) => i.kind)).toEqual(['favorite', 'alert-triggered']);
  });
});
