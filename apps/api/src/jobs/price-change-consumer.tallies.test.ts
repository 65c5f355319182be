import { describe, expect, it } from 'vitest';
import type { FiredAlert } from '../modules/alerts/alert-triggers';
import { addUp, type ConsumeResult } from './price-change-consumer';

/**
 * A sitewide sale: a pass that fired more alerts than a call can take as arguments. Spread into a
 * call (`push(...fired)`), about 125,000 of them threw RangeError (Maximum call stack size
 * exceeded) and failed the pass after its work had committed.
 */
const SALE = 150_000;

const alert = (i: number): FiredAlert => ({
  alertId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userId: '00000000-0000-4000-8000-000000000001',
  productId: '00000000-0000-4000-8000-000000000002',
  storeId: null,
  targetPrice: 10_000,
  triggeredPrice: 9_000,
  triggerType: 'below',
  notified: true,
});

const result = (fired: FiredAlert[] = [], alerts = fired.length): ConsumeResult => ({
  claimed: fired.length ? 1 : 0,
  done: fired.length ? 1 : 0,
  products: fired.length ? 1 : 0,
  retried: 0,
  failed: 0,
  alerts,
  fired,
  priceDrops: 0,
});

describe("a drain's tallies (addUp)", () => {
  it('adds up passes that fired 150,000 alerts each, and the workers holding them, without a RangeError', () => {
    const pass = (from: number) => result(Array.from({ length: SALE }, (_, i) => alert(from + i)));
    // A worker's loop adds its passes, then the drain adds its workers.
    const worker = result();
    addUp(worker, pass(0));
    addUp(worker, pass(SALE));
    const drain = result();
    addUp(drain, worker);
    addUp(drain, result());
    expect(drain).toMatchObject({ claimed: 2, done: 2, products: 2, alerts: 2 * SALE });
    expect(drain.fired).toHaveLength(2 * SALE);
    expect(drain.fired[2 * SALE - 1]).toEqual(alert(2 * SALE - 1));
  });

  it('counts the alerts of passes that kept none (the server keeps only the count)', () => {
    const drain = result();
    for (let i = 0; i < 3; i++) addUp(drain, { ...result(), claimed: 1, done: 1, alerts: SALE });
    expect(drain).toMatchObject({ claimed: 3, done: 3, alerts: 3 * SALE, fired: [] });
  });
});
