import { z } from 'zod';

/*
 * The admin analytics page (`GET /api/admin/analytics`, specification 001 §2–§3): every figure is
 * computed from recorded data — accounts, products, product views, reviews, completed payments —
 * and the system block from this instance's own request measurements (also at GET /metrics).
 */

export const ANALYTICS_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'month';

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  today: 'Bugün',
  week: 'Bu Hafta',
  month: 'Bu Ay',
  year: 'Bu Yıl',
};

export const analyticsMessages = {
  loading: 'Analitik veriler yükleniyor...',
  loadError: 'Analitik veriler yüklenirken hata oluştu',
  empty: 'Analitik verisi bulunamadı',
  noViews: 'Görüntüleme verisi bulunamadı',
  noRatings: 'Değerlendirme verisi bulunamadı',
  periodInvalid: 'Dönem bugün, hafta, ay veya yıl olmalıdır',
  formatInvalid: 'Dışa aktarma biçimi csv olmalıdır',
  exportLinkInvalid: 'İndirme bağlantısının süresi dolmuş veya bağlantı geçersiz.',
} as const;

export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, analyticsMessages.periodInvalid).default(DEFAULT_ANALYTICS_PERIOD),
});

export const analyticsExportQuerySchema = analyticsQuerySchema.extend({
  format: z.enum(['csv'], analyticsMessages.formatInvalid).default('csv'),
});

export const analyticsDownloadQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, analyticsMessages.periodInvalid),
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});

export const TREND_DIRECTIONS = ['up', 'down', 'flat'] as const;

export const adminAnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** The period's start (inclusive) and the moment of the figures. */
  from: z.string(),
  to: z.string(),
  overview: z.object({ totalUsers: z.number().int(), totalProducts: z.number().int() }),
  userStats: z.object({
    /** New accounts in the period against the equally long period before, percent; null when that had none. */
    growthRate: z.number().nullable(),
    growthTrend: z.enum(TREND_DIRECTIONS),
    newUsersInPeriod: z.number().int(),
    premiumUsers: z.number().int(),
    /** Premium users' share of all users, percent. */
    premiumShare: z.number(),
    newUsersToday: z.number().int(),
    newUsersThisMonth: z.number().int(),
    /** Accounts that used a session in the period. */
    activeUsers: z.number().int(),
  }),
  productStats: z.object({
    newProductsThisMonth: z.number().int(),
    /** From the recorded product views of the period. */
    mostViewedProducts: z.array(
      z.object({
        _id: z.string().uuid(),
        name: z.string(),
        category: z.string().nullable(),
        viewCount: z.number().int(),
      }),
    ),
    topRatedProducts: z.array(
      z.object({ _id: z.string().uuid(), name: z.string(), ratingsCount: z.number().int(), averageRating: z.number() }),
    ),
  }),
  /** TRY, completed payments only (Turkish calendar days, months and years). */
  salesStats: z.object({
    todayRevenue: z.number(),
    monthlyRevenue: z.number(),
    /** This month against last month, percent; null when last month had none. */
    revenueGrowth: z.number().nullable(),
    yearlyRevenue: z.number(),
    periodRevenue: z.number(),
  }),
  systemStats: z.object({
    serverStatus: z.enum(['online', 'offline', 'maintenance']),
    /** Mean response time of this instance's API calls, ms. */
    responseTime: z.number(),
    /** Hours since this instance started (the page shows hours ÷ 24 as days). */
    uptime: z.number(),
    apiCalls: z.number().int(),
    /** Share of API calls answered with a server error, percent. */
    errorRate: z.number(),
  }),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

export const analyticsExportSchema = z.object({ downloadUrl: z.string(), expiresAt: z.string() });
export type AnalyticsExport = z.infer<typeof analyticsExportSchema>;
