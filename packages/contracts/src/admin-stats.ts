import { z } from 'zod';
import { adminUserSchema } from './admin-users';

/*
 * The dashboard (`GET /api/admin/stats`, admins and moderators). The specification's "Admin
 * stats" (users, products, reviews counts) plus what its dashboard shows: the latest 5 users,
 * the revenue summary and trend percentages, computed from the data (month over month, Turkish
 * time) instead of the specification's fixed values.
 */

export const DASHBOARD_RECENT_USERS = 5;

export const adminStatsMessages = {
  loadError: 'Dashboard verileri yüklenirken hata oluştu',
  loading: 'Dashboard verileri yükleniyor...',
} as const;

/**
 * Percent change from `previous` to `current`, one decimal; null when there is nothing to compare
 * with (previous period empty), which the dashboard shows as "yeni" rather than an invented figure.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A figure of this calendar month with last month's and the change between them. */
const monthlyFigure = z.object({
  thisMonth: z.number(),
  lastMonth: z.number(),
  /** Percent, one decimal; null when last month was empty. */
  trend: z.number().nullable(),
});
export type MonthlyFigure = z.infer<typeof monthlyFigure>;

export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    active: z.number().int(),
    verified: z.number().int(),
    premium: z.number().int(),
    /** New accounts. */
    new: monthlyFigure,
  }),
  products: z.object({
    total: z.number().int(),
    active: z.number().int(),
    /** Products with at least one store offer (their prices come from offers only). */
    withOffers: z.number().int(),
    new: monthlyFigure,
  }),
  reviews: z.object({ total: z.number().int(), pending: z.number().int() }),
  /** Completed payments less refunds, TRY. */
  revenue: z.object({
    /** Payments for the monthly plan (all time). */
    monthly: z.number(),
    /** Payments for the yearly plan (all time). */
    yearly: z.number(),
    /** Payments for the lifetime plan (ours; the specification has no such plan). */
    lifetime: z.number(),
    /** monthly + yearly (the specification's dashboard total) + lifetime. */
    total: z.number(),
    /** All completed payments received in this calendar month and the last. */
    received: monthlyFigure,
  }),
  /** Null for moderators: people's names and e-mails are the admins' business (ADR 016). */
  recentUsers: z.array(adminUserSchema).nullable(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
