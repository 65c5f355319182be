import { describe, expect, it } from 'vitest';
import { planChoice, resolvePaidPlanId } from './payments';

describe('planChoice (§4 plan upgrade rules)', () => {
  it('lets a member without premium buy every plan', () => {
    expect(planChoice('monthly-premium', null)).toBe('purchasable');
    expect(planChoice('lifetime-premium', null)).toBe('purchasable');
  });

  it('lets a monthly holder buy yearly or lifetime, a yearly holder lifetime only', () => {
    expect(planChoice('monthly-premium', 'monthly-premium')).toBe('current');
    expect(planChoice('yearly-premium', 'monthly-premium')).toBe('purchasable');
    expect(planChoice('lifetime-premium', 'monthly-premium')).toBe('purchasable');
    expect(planChoice('monthly-premium', 'yearly-premium')).toBe('lower');
    expect(planChoice('lifetime-premium', 'yearly-premium')).toBe('purchasable');
    expect(planChoice('yearly-premium', 'lifetime-premium')).toBe('lower');
  });
});

describe('resolvePaidPlanId (§3 plan aliases)', () => {
  it('reads the plan ids and the aliases monthly, yearly, lifetime and premium, and nothing else', () => {
    expect(resolvePaidPlanId('monthly')).toBe('monthly-premium');
    expect(resolvePaidPlanId('Yearly')).toBe('yearly-premium');
    expect(resolvePaidPlanId('lifetime')).toBe('lifetime-premium');
    expect(resolvePaidPlanId('premium')).toBe('lifetime-premium');
    expect(resolvePaidPlanId('yearly-premium')).toBe('yearly-premium');
    expect(resolvePaidPlanId('free')).toBeNull();
    expect(resolvePaidPlanId('gold')).toBeNull();
  });

  it("finds no plan in the object's inherited names", () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(resolvePaidPlanId(name)).toBeNull();
    }
  });
});
