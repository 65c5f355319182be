import { describe, expect, it } from 'vitest';
import { planChoice } from './plan-upgrade';

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
