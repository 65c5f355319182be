import type { PaidPlanId } from '@kiyasla/contracts/plans';

const RANK: Record<PaidPlanId, number> = { 'monthly-premium': 1, 'yearly-premium': 2, 'lifetime-premium': 3 };

export type PlanChoice = 'purchasable' | 'current' | 'lower';

/**
 * The plan upgrade rules of §4: without premium every plan can be bought; a monthly holder can
 * buy yearly or lifetime; a yearly holder lifetime; the current plan is 'Mevcut Planınız' and a
 * lower one 'Daha Düşük Plan'. `current` is the active paid plan, or null.
 */
export function planChoice(plan: PaidPlanId, current: PaidPlanId | null): PlanChoice {
  if (current === null) return 'purchasable';
  if (plan === current) return 'current';
  return RANK[plan] > RANK[current] ? 'purchasable' : 'lower';
}
