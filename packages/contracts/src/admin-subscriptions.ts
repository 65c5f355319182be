import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';
import { PLAN_IDS, SUBSCRIPTION_STATUSES, type PlanId, type SubscriptionStatus } from './constants';
import { ORDER_STATUSES, resolvePaidPlanId } from './payments';

/*
 * The subscriptions screen of the back office (`/api/admin/subscriptions`, admins only: ADR 016):
 * the members who hold or held a paid plan, their statistics, cancelling a renewing plan, and one
 * member's subscription and payment history with the operator's refund.
 */

export const adminSubscriptionMessages = {
  title: 'Abonelik Yönetimi',
  loading: 'Abonelikler yükleniyor...',
  notFound: 'Abonelik bulunamadı',
  loadError: 'Abonelikler yüklenirken hata oluştu',
  cancelConfirm: 'Bu kullanıcının aboneliğini iptal etmek istediğinizden emin misiniz?',
  cancelled: (until: string) =>
    `Abonelik iptal edildi: otomatik yenileme kapatıldı, premium ${until} tarihine kadar sürecek.`,
  cancelError: 'Abonelik iptal edilemedi',
  nothingToCancel: 'Bu kullanıcının iptal edilecek, yenilenen bir aboneliği yok.',
  alreadyCancelled: 'Bu abonelik zaten iptal edilmiş.',
  userNotFound: 'Kullanıcı bulunamadı',
  planInvalid: 'Plan free, monthly, yearly veya lifetime olmalıdır',
  statusInvalid: 'Durum active, cancelled veya expired olmalıdır',
  statsError: 'Abonelik istatistikleri yüklenemedi',
  historyError: 'Abonelik geçmişi yüklenemedi',
  noPayments: 'Bu kullanıcının ödemesi yok.',
  paymentNotFound: 'Ödeme bulunamadı',
  refundsDisabled: 'İadeler kapalı. Sistem Ayarları → Ödeme bölümünden iadeleri etkinleştirin.',
  alreadyRefunded: 'Bu ödeme zaten iade edildi.',
  notRefundable: 'Yalnızca tamamlanmış bir ödeme iade edilebilir.',
  accountClosed: 'Hesabı kapatılmış bir kullanıcının ödemesi buradan iade edilemez.',
  refunded: 'Ödeme iade edildi',
  refundError: 'Ödeme iade edilemedi',
  refundConfirm: (amount: string, plan: string) =>
    `${amount} tutarındaki ${plan} ödemesini iade etmek istediğinizden emin misiniz? Bu ödeme kullanıcının mevcut planını satın aldıysa premium hemen sona erer.`,
} as const;

export const ADMIN_SUBSCRIPTION_ERROR_CODES = {
  nothingToCancel: 'NOTHING_TO_CANCEL',
  alreadyCancelled: 'SUBSCRIPTION_ALREADY_CANCELLED',
  userNotFound: 'USER_NOT_FOUND',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  refundsDisabled: 'REFUNDS_DISABLED',
  alreadyRefunded: 'PAYMENT_ALREADY_REFUNDED',
  notRefundable: 'PAYMENT_NOT_REFUNDABLE',
} as const;

/** The plan badges; the specification's screen says free, monthly, yearly (and ours lifetime). */
export const SUBSCRIPTION_PLAN_LABELS: Record<PlanId, string> = {
  free: 'Ücretsiz',
  'monthly-premium': 'Aylık',
  'yearly-premium': 'Yıllık',
  'lifetime-premium': 'Ömür Boyu',
};

/** The status badges; anything else reads 'Bilinmiyor' (§4). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Aktif',
  cancelled: 'İptal Edildi',
  expired: 'Süresi Doldu',
};
export const UNKNOWN_STATUS_LABEL = 'Bilinmiyor';

export const PAYMENT_STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: 'Bekliyor',
  completed: 'Tamamlandı',
  failed: 'Başarısız',
  refunded: 'İade Edildi',
};

/** The plan filter's choices as the form sends them (the API also reads plan ids and the aliases). */
export const SUBSCRIPTION_PLAN_FILTERS = ['free', 'monthly', 'yearly', 'lifetime'] as const;

/** A plan filter value → the plan id: free, a paid plan id, or an alias (monthly, yearly, lifetime, premium). */
export function resolvePlanFilter(value: string): PlanId | null {
  const key = value.trim().toLowerCase();
  if (key === 'free') return 'free';
  return resolvePaidPlanId(key);
}

const planFilter = z
  .string()
  .trim()
  .max(40, adminSubscriptionMessages.planInvalid)
  .transform((value, ctx) => {
    if (value === '' || value.toLowerCase() === 'all') return undefined;
    const plan = resolvePlanFilter(value);
    if (!plan) {
      ctx.addIssue({ code: 'custom', message: adminSubscriptionMessages.planInvalid });
      return z.NEVER;
    }
    return plan;
  });

const statusFilter = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '' || value.toLowerCase() === 'all') return undefined;
    const status = SUBSCRIPTION_STATUSES.find((s) => s === value.toLowerCase());
    if (!status) {
      ctx.addIssue({ code: 'custom', message: adminSubscriptionMessages.statusInvalid });
      return z.NEVER;
    }
    return status;
  });

/**
 * `GET /admin/subscriptions` query: `search` looks in first name, last name and e-mail
 * (Turkish-insensitive); `plan` free | monthly | yearly | lifetime (or a plan id, or `premium`);
 * `status` active | cancelled | expired; `all` or empty means no filter.
 */
export const adminSubscriptionListQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  plan: planFilter.optional(),
  status: statusFilter.optional(),
});
export type AdminSubscriptionListQuery = z.output<typeof adminSubscriptionListQuerySchema>;

export const adminSubscriptionUserParamsSchema = z.object({
  id: z.string().uuid('Geçersiz kullanıcı kimliği'),
});
export const adminPaymentParamsSchema = z.object({
  paymentId: z.string().uuid('Geçersiz ödeme kimliği'),
});

/**
 * A member's subscription as the screen shows it. `status` is what the operator needs to know:
 * `cancelled` while a plan runs out without renewing (premium lasts until `endDate`), `expired`
 * once its end has passed, `active` for a renewing or lifetime plan.
 */
export const adminSubscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  autoRenew: z.boolean(),
  nextRenewalDate: z.string().nullable(),
  /** An active plan with an end date: the cancel button (lifetime plans end by a refund). */
  cancellable: z.boolean(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** The specification's "subscription list item (a user)". */
export const adminSubscriptionItemSchema = z.object({
  _id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subscription: adminSubscriptionSchema,
});
export type AdminSubscriptionItem = z.infer<typeof adminSubscriptionItemSchema>;

/** `GET /admin/subscriptions/stats`: counts of the listed subscriptions, revenue from completed payments (TRY). */
export const adminSubscriptionStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  cancelled: z.number().int(),
  expired: z.number().int(),
  /** Current plans, whatever their status. */
  monthly: z.number().int(),
  yearly: z.number().int(),
  lifetime: z.number().int(),
  /** Completed payments for each plan (refunded ones no more), TRY. */
  monthlyRevenue: z.number(),
  yearlyRevenue: z.number(),
  lifetimeRevenue: z.number(),
  /** monthly + yearly (the specification's total) + lifetime, as the dashboard adds them. */
  totalRevenue: z.number(),
  refundedRevenue: z.number(),
  /** Completed payments whose member asked for a refund. */
  pendingRefunds: z.number().int(),
});
export type AdminSubscriptionStats = z.infer<typeof adminSubscriptionStatsSchema>;

/** One row of the payments table, for the operator (amounts in TRY). */
export const adminPaymentSchema = z.object({
  _id: z.string().uuid(),
  plan: z.enum(PLAN_IDS),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
  taxAmount: z.number(),
  creditAmount: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The member asked for a refund (POST /payments/refund) and it waits for the operator. */
  refundRequestedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Completed and refunds are on: the refund button. */
  refundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** `GET /admin/subscriptions/{userId}`: the view button's subscription and payment history. */
export const adminSubscriptionHistorySchema = z.object({
  member: adminSubscriptionItemSchema,
  /** Newest first. */
  payments: z.array(adminPaymentSchema),
  refundsEnabled: z.boolean(),
});
export type AdminSubscriptionHistory = z.infer<typeof adminSubscriptionHistorySchema>;

/** `POST /admin/subscriptions/payments/{paymentId}/refund`: the refunded payment and the member after it. */
export const adminRefundResultSchema = z.object({
  payment: adminPaymentSchema,
  member: adminSubscriptionItemSchema,
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;
