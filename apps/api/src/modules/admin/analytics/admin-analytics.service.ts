import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AdminAnalytics, AnalyticsExport, AnalyticsPeriod } from '@kiyasla/contracts/admin-analytics';
import { ANALYTICS_PERIOD_LABELS } from '@kiyasla/contracts/admin-analytics';
import type { Database } from '../../../db/client';
import type { ApiRequestFigures } from '../../../plugins/request-metrics';
import * as repo from './admin-analytics.repo';

/** Turkey keeps UTC+3 all year (since 2016): days, months and years start at 00:00 there. */
const TURKEY_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
/** Products in each list of the page. */
export const ANALYTICS_LIST_SIZE = 5;
/** How long an export link works. */
export const ANALYTICS_EXPORT_LINK_SECONDS = 5 * 60;

/** today: since 00:00; week: the last 7 days; month and year: the calendar month and year (all Turkish time). */
export function analyticsBounds(period: AnalyticsPeriod, now: Date): repo.AnalyticsBounds {
  const local = new Date(now.getTime() + TURKEY_OFFSET_MS);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const at = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) - TURKEY_OFFSET_MS);
  const todayStart = at(y, m, d);
  const monthStart = at(y, m, 1);
  const yearStart = at(y, 0, 1);
  const periodStart = {
    today: todayStart,
    week: new Date(now.getTime() - 7 * DAY_MS),
    month: monthStart,
    year: yearStart,
  }[period];
  return {
    now,
    periodStart,
    previousStart: new Date(periodStart.getTime() - (now.getTime() - periodStart.getTime())),
    todayStart,
    monthStart,
    lastMonthStart: at(y, m - 1, 1),
    yearStart,
  };
}

/** Percent change, one decimal; null when there is nothing to compare with. */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function trend(rate: number | null, current: number): 'up' | 'down' | 'flat' {
  if (rate === null) return current > 0 ? 'up' : 'flat';
  return rate > 0 ? 'up' : rate < 0 ? 'down' : 'flat';
}

const lira = (kurus: number) => Math.round(kurus) / 100;

export interface AnalyticsDeps {
  db: Database;
  jwtSecret: string;
  figures: () => Promise<ApiRequestFigures>;
  maintenanceActive: () => Promise<boolean>;
}

export async function getAnalytics(
  deps: AnalyticsDeps,
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<AdminAnalytics> {
  const b = analyticsBounds(period, now);
  const [users, products, viewed, rated, revenue, system, maintenance] = await Promise.all([
    repo.userFigures(deps.db, b),
    repo.productFigures(deps.db, b),
    repo.mostViewed(deps.db, b, ANALYTICS_LIST_SIZE),
    repo.topRated(deps.db, ANALYTICS_LIST_SIZE),
    repo.revenueFigures(deps.db, b),
    deps.figures(),
    deps.maintenanceActive(),
  ]);
  const growthRate = growth(users.inPeriod, users.previousPeriod);
  return {
    period,
    from: b.periodStart.toISOString(),
    to: now.toISOString(),
    overview: { totalUsers: users.total, totalProducts: products.total },
    userStats: {
      growthRate,
      growthTrend: trend(growthRate, users.inPeriod),
      newUsersInPeriod: users.inPeriod,
      premiumUsers: users.premium,
      premiumShare: users.total > 0 ? Math.round((users.premium / users.total) * 1000) / 10 : 0,
      newUsersToday: users.today,
      newUsersThisMonth: users.thisMonth,
      activeUsers: users.active,
    },
    productStats: { newProductsThisMonth: products.thisMonth, mostViewedProducts: viewed, topRatedProducts: rated },
    salesStats: {
      todayRevenue: lira(revenue.today),
      monthlyRevenue: lira(revenue.thisMonth),
      revenueGrowth: growth(revenue.thisMonth, revenue.lastMonth),
      yearlyRevenue: lira(revenue.thisYear),
      periodRevenue: lira(revenue.period),
    },
    systemStats: {
      serverStatus: maintenance ? 'maintenance' : 'online',
      responseTime: system.averageResponseMs,
      uptime: system.uptimeHours,
      apiCalls: system.apiCalls,
      errorRate: system.errorRate,
    },
  };
}

// ---- CSV export -------------------------------------------------------------------------------

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : typeof value === 'number' ? String(value).replace('.', ',') : value;
  // Excel reads ; in tr-TR; a cell that starts like a formula is defused (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The page's figures as a CSV file for Excel in Turkey: UTF-8 with a BOM (so Turkish letters show),
 * semicolons between cells and decimal commas, CRLF line ends.
 */
export function analyticsCsv(a: AdminAnalytics): string {
  const rows: Array<Array<string | number | null>> = [
    ['Bölüm', 'Gösterge', 'Değer'],
    ['Dönem', ANALYTICS_PERIOD_LABELS[a.period], `${a.from} – ${a.to}`],
    ['Genel', 'Toplam kullanıcı', a.overview.totalUsers],
    ['Genel', 'Toplam ürün', a.overview.totalProducts],
    ['Kullanıcılar', 'Büyüme oranı (%)', a.userStats.growthRate],
    ['Kullanıcılar', 'Dönemdeki yeni kullanıcı', a.userStats.newUsersInPeriod],
    ['Kullanıcılar', 'Premium kullanıcı', a.userStats.premiumUsers],
    ['Kullanıcılar', 'Premium oranı (%)', a.userStats.premiumShare],
    ['Kullanıcılar', 'Bugün yeni', a.userStats.newUsersToday],
    ['Kullanıcılar', 'Bu ay yeni', a.userStats.newUsersThisMonth],
    ['Kullanıcılar', 'Aktif kullanıcı', a.userStats.activeUsers],
    ['Ürünler', 'Bu ay eklenen ürün', a.productStats.newProductsThisMonth],
    ['Gelir', 'Bugün (TL)', a.salesStats.todayRevenue],
    ['Gelir', 'Bu ay (TL)', a.salesStats.monthlyRevenue],
    ['Gelir', 'Aylık büyüme (%)', a.salesStats.revenueGrowth],
    ['Gelir', 'Bu yıl (TL)', a.salesStats.yearlyRevenue],
    ['Sistem', 'Sunucu durumu', a.systemStats.serverStatus],
    ['Sistem', 'Ortalama yanıt süresi (ms)', a.systemStats.responseTime],
    ['Sistem', 'Çalışma süresi (saat)', a.systemStats.uptime],
    ['Sistem', 'API çağrısı', a.systemStats.apiCalls],
    ['Sistem', 'Hata oranı (%)', a.systemStats.errorRate],
    ...a.productStats.mostViewedProducts.map((p) => ['En çok görüntülenen', p.name, p.viewCount]),
    ...a.productStats.topRatedProducts.map((p) => [
      'En yüksek puanlı',
      `${p.name} (${p.ratingsCount} değerlendirme)`,
      p.averageRating,
    ]),
  ];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

function exportKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'kiyasla', 'kiyasla:analytics-export:v1', 32));
}

function sign(jwtSecret: string, period: AnalyticsPeriod, expires: number): string {
  return createHmac('sha256', exportKey(jwtSecret)).update(`analytics-export:${period}:${expires}`).digest('base64url');
}

/** A link the browser opens in a new tab (no Authorization header there): its signature is its authorisation. */
export function analyticsExportLink(jwtSecret: string, period: AnalyticsPeriod, now = Date.now()): AnalyticsExport {
  const expires = Math.floor(now / 1000) + ANALYTICS_EXPORT_LINK_SECONDS;
  const query = new URLSearchParams({ period, expires: String(expires), signature: sign(jwtSecret, period, expires) });
  return {
    downloadUrl: `/api/admin/analytics/export/download?${query.toString()}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function exportLinkValid(
  jwtSecret: string,
  period: AnalyticsPeriod,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (expires * 1000 < now || expires * 1000 > now + ANALYTICS_EXPORT_LINK_SECONDS * 1000 + 60_000) return false;
  const expected = Buffer.from(sign(jwtSecret, period, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
