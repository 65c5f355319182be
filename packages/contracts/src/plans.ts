import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './constants';

/**
 * Premium plans of specification §9. Prices are TRY (the API's unit); the database stores kuruş.
 * GET /api/config publishes these, so the plans page, the home promo and the payment module read
 * one source.
 */

export const PAID_PLAN_IDS = ['monthly-premium', 'yearly-premium', 'lifetime-premium'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const PLAN_DURATIONS = ['monthly', 'yearly', 'lifetime'] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

/** The premium feature list of specification §6, in the order the screens show it (first 6 on the profile). */
export const PREMIUM_FEATURES = [
  'Detaylı avantaj/dezavantaj analizi',
  'Fiyat alarmları ve bildirimler',
  'Gelişmiş karşılaştırma araçları',
  'Özel fiyat takip raporları',
  'Premium destek',
  'Reklamsız deneyim',
  'Sınırsız favori',
  'Gelişmiş filtreler',
] as const;

export const planSchema = z.object({
  id: z.enum(PAID_PLAN_IDS),
  name: z.string(),
  /** TRY. */
  price: z.number(),
  /** List price before the discount (TRY), when the plan is discounted. */
  originalPrice: z.number().nullable(),
  duration: z.enum(PLAN_DURATIONS),
  badge: z.string().nullable(),
  popular: z.boolean(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const PLANS: readonly Plan[] = [
  {
    id: 'monthly-premium',
    name: 'Aylık Premium',
    price: 29.99,
    originalPrice: null,
    duration: 'monthly',
    badge: null,
    popular: false,
    features: [...PREMIUM_FEATURES],
  },
  {
    id: 'yearly-premium',
    name: 'Yıllık Premium',
    price: 337.5,
    originalPrice: 449.99,
    duration: 'yearly',
    badge: '%25 İndirim',
    popular: true,
    features: [...PREMIUM_FEATURES, 'Öncelikli destek'],
  },
  {
    id: 'lifetime-premium',
    name: 'Ömür Boyu Premium',
    price: 1429.99,
    originalPrice: null,
    duration: 'lifetime',
    badge: null,
    popular: false,
    features: [...PREMIUM_FEATURES, 'Ömür boyu erişim', 'VIP destek', 'Beta özelliklerine erken erişim'],
  },
];

/** Saved comparisons per plan (§6, §9); null means unlimited. */
export const SAVED_COMPARISON_LIMITS: Record<PlanId, number | null> = {
  free: 3,
  'monthly-premium': 10,
  'yearly-premium': null,
  'lifetime-premium': null,
};

export const planIdSchema = z.enum(PLAN_IDS);
