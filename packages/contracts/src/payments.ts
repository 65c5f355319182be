import { z } from 'zod';
import type { PlanId } from './constants';
import { PAID_PLAN_IDS, type PaidPlanId } from './plans';

/**
 * Premium checkout and the subscription lifecycle (issue 14): POST /payments/checkout, the
 * provider callbacks, POST /payments/cancel, POST /payments/refund, GET /payments/orders/{id}.
 */

/** The specification's other names of the plans (§3): accepted wherever a plan name is read. */
export const PLAN_ALIASES: Record<string, PaidPlanId> = {
  monthly: 'monthly-premium',
  yearly: 'yearly-premium',
  lifetime: 'lifetime-premium',
  premium: 'lifetime-premium',
};

/** A plan id or one of its aliases → the paid plan id; null for anything else (free included). */
export function resolvePaidPlanId(name: string): PaidPlanId | null {
  const key = name.trim().toLowerCase();
  if ((PAID_PLAN_IDS as readonly string[]).includes(key)) return key as PaidPlanId;
  // Own keys only: '__proto__' or 'constructor' must not find Object.prototype's members.
  return Object.hasOwn(PLAN_ALIASES, key) ? PLAN_ALIASES[key]! : null;
}

export function isPaidPlanId(plan: PlanId | string): plan is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(plan);
}

const PLAN_RANK: Record<PaidPlanId, number> = { 'monthly-premium': 1, 'yearly-premium': 2, 'lifetime-premium': 3 };

export type PlanChoice = 'purchasable' | 'current' | 'lower';

/**
 * The plan upgrade rules of §4, shared by the plans page (labels) and the checkout (409): without
 * premium every plan can be bought; a monthly holder can buy yearly or lifetime; a yearly holder
 * lifetime; the current plan is 'Mevcut Planınız' and a lower one 'Daha Düşük Plan'. `current` is
 * the caller's active paid plan, or null.
 */
export function planChoice(plan: PaidPlanId, current: PaidPlanId | null): PlanChoice {
  if (current === null) return 'purchasable';
  if (plan === current) return 'current';
  return PLAN_RANK[plan] > PLAN_RANK[current] ? 'purchasable' : 'lower';
}

export const PAYMENT_ERROR_CODES = {
  planNotFound: 'PLAN_NOT_FOUND',
  currentPlan: 'PLAN_CURRENT',
  lowerPlan: 'PLAN_LOWER',
  disabled: 'PAYMENTS_DISABLED',
  notConfigured: 'PAYMENTS_NOT_CONFIGURED',
  providerUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  orderNotFound: 'ORDER_NOT_FOUND',
  nothingToCancel: 'NOTHING_TO_CANCEL',
  refundsDisabled: 'REFUNDS_DISABLED',
  refundWindowPassed: 'REFUND_WINDOW_PASSED',
  refundNotAllowed: 'REFUND_NOT_ALLOWED',
  refundAlreadyRequested: 'REFUND_ALREADY_REQUESTED',
  refundInProgress: 'REFUND_IN_PROGRESS',
  refundProviderFailed: 'REFUND_PROVIDER_FAILED',
  refundProviderNotConfigured: 'REFUND_PROVIDER_NOT_CONFIGURED',
} as const;

export const paymentMessages = {
  planNotFound: 'Plan bulunamadı.',
  currentPlan: 'Mevcut Planınız',
  lowerPlan: 'Daha Düşük Plan',
  disabled: 'Online ödeme şu anda kapalı. Lütfen daha sonra tekrar deneyin.',
  notConfigured: 'Ödeme sağlayıcısı henüz yapılandırılmamış. Lütfen daha sonra tekrar deneyin.',
  providerUnavailable: 'Ödeme sayfası şu anda açılamıyor. Lütfen biraz sonra tekrar deneyin.',
  loginRequired: 'Premium satın almak için giriş yapmalısınız.',
  checkoutReady: 'Ödeme sayfası hazır.',
  orderNotFound: 'Sipariş bulunamadı.',
  nothingToCancel: 'İptal edilecek yenilenen bir aboneliğiniz yok.',
  cancelled: (until: string) => `Otomatik yenileme kapatıldı. Premium üyeliğiniz ${until} tarihine kadar devam edecek.`,
  refundsDisabled: 'İade talepleri şu anda kabul edilmiyor.',
  refundWindowPassed: 'İade talebi yalnızca ödemeden sonraki 14 gün içinde yapılabilir.',
  refundNotAllowed: 'Bu ödeme için iade talebinde bulunulamaz.',
  refundAlreadyRequested: 'Bu ödeme için zaten bir iade talebiniz var.',
  refundRequested: 'İade talebiniz alındı. Ödemeniz incelendikten sonra iade edilecek.',
  refundInProgress: 'Bu ödemenin iadesi şu anda işleniyor. Lütfen biraz sonra tekrar deneyin.',
  refundProviderFailed: (provider: string) =>
    `${provider} iadeyi gerçekleştiremedi. Ödeme tamamlanmış olarak kaldı; lütfen biraz sonra tekrar deneyin.`,
  refundProviderNotConfigured: (provider: string) =>
    `${provider} anahtarları ayarlarda olmadığı için iade yapılamıyor. Anahtarları girip tekrar deneyin.`,
  refundedByProvider: (provider: string) => `Ödeme ${provider} üzerinden iade edildi.`,
  refundedDemo: 'Test ödemesi iade edildi (demo sağlayıcı: gerçek para hareketi yok).',
  refundedManually:
    'Shopier’ın iade API’si yok: ödemeyi Shopier panelinden iade ettiğinizi onayladınız ve ödeme iade edildi olarak işaretlendi.',
} as const;

/** Days after a payment in which its refund can be requested (the terms' 14-day refund right). */
export const REFUND_WINDOW_DAYS = 14;
/** The renewal reminder goes this many days before a renewing plan's date. */
export const RENEWAL_REMINDER_DAYS = 3;
/** A renewal that cannot be charged keeps premium this many days past the renewal date, then expires. */
export const RENEWAL_GRACE_DAYS = 7;
/** Hours between a declined renewal attempt and the next: attempts at the date, +1, +3 and +6 days. */
export const RENEWAL_RETRY_DELAYS_HOURS = [24, 48, 72] as const;
/** Renewal attempts per period (the first one and its retries). */
export const RENEWAL_MAX_ATTEMPTS = RENEWAL_RETRY_DELAYS_HOURS.length + 1;

export const checkoutRequestSchema = z.object({
  /** A plan id or an alias: monthly, yearly, lifetime, premium. */
  planId: z.string().trim().min(1, paymentMessages.planNotFound).max(40, paymentMessages.planNotFound),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  orderId: z.string(),
  provider: z.string(),
  /** The provider's payment page; the browser opens it in a new tab. */
  url: z.string(),
  /** TRY to pay: the plan's price less the credit of an upgraded plan's unused part. */
  amount: z.number(),
  currency: z.string(),
  /** TRY credited for the unused part of the current plan (0 without an upgrade). */
  credit: z.number(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;

/** GET /payments/orders/{id}: one of the caller's orders, for the /premium/callback page. */
export const paymentOrderSchema = z.object({
  _id: z.string(),
  plan: z.string(),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const cancelResponseSchema = z.object({
  autoRenew: z.boolean(),
  /** Premium stays until this date (ISO). */
  endDate: z.string().nullable(),
});

export const refundRequestSchema = z.object({ paymentId: z.string().min(1).max(100) });

/**
 * Where a payment stands for the member's refund button: `eligible` (completed, within the 14
 * days, refunds on, not asked yet), `requested` (asked, waiting for the operator), `refunded`, or
 * `none` (anything else).
 */
export const REFUND_STATES = ['none', 'eligible', 'requested', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** GET /payments/history: the caller's payments, newest first, with their refund state. */
export const paymentHistoryItemSchema = z.object({
  _id: z.string(),
  plan: z.string(),
  provider: z.string(),
  /** 'checkout' (bought on the provider's page) | 'renewal' (a renewing plan's next period). */
  kind: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** TRY of tax included in `amount`. */
  tax: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  refundRequestedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refund: z.enum(REFUND_STATES),
  /** The last moment a refund can be asked for (completed payments only). */
  refundDeadline: z.string().nullable(),
  /** A renewal order: charge attempts made so far (0 for the rest). */
  attempts: z.number(),
  /** A pending renewal order that was declined: when it is charged again, and why it was refused. */
  nextAttemptAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const refundResponseSchema = z.object({ paymentId: z.string(), refundRequestedAt: z.string() });
