import { describe, expect, it } from 'vitest';
import { addMonths, includedTax, periodEnd, upgradeCredit } from './subscription';

const at = (iso: string) => new Date(iso);

describe('subscription periods', () => {
  it('monthly is one calendar month, yearly twelve, lifetime has no end', () => {
    expect(periodEnd('monthly', at('2026-01-15T10:00:00Z'))?.toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(periodEnd('yearly', at('2026-11-23T18:00:00Z'))?.toISOString()).toBe('2027-11-23T18:00:00.000Z');
    expect(periodEnd('lifetime', at('2026-11-23T18:00:00Z'))).toBeNull();
  });

  it('puts the 31st (and a leap day) on the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('upgrade credit', () => {
  const period = { pricePaid: 2999, start: at('2026-11-01T00:00:00Z'), end: at('2026-12-01T00:00:00Z') };

  it('credits the unused share of what the current plan is worth, rounded down to the kuruş', () => {
    // 10 of 30 days left: 2999 × 1/3 = 999.67 → 999.
    expect(upgradeCredit(period, at('2026-11-21T00:00:00Z'))).toBe(999);
    expect(upgradeCredit(period, at('2026-11-01T00:00:00Z'))).toBe(2999);
  });

  it('credits nothing for an ended period, a plan without an end, or a free one', () => {
    expect(upgradeCredit(period, at('2026-12-01T00:00:01Z'))).toBe(0);
    expect(upgradeCredit({ ...period, end: null }, at('2026-11-21T00:00:00Z'))).toBe(0);
    expect(upgradeCredit({ ...period, pricePaid: 0 }, at('2026-11-21T00:00:00Z'))).toBe(0);
  });
});

describe('included tax', () => {
  it('is the KDV inside a gross price', () => {
    // ₺29,99 with 20 %: 29,99 − 29,99 / 1,2 = ₺4,998… → 500 kuruş.
    expect(includedTax(2999, 0.2)).toBe(500);
    expect(includedTax(142999, 0.18)).toBe(21813);
    expect(includedTax(2999, 0)).toBe(0);
  });
});
