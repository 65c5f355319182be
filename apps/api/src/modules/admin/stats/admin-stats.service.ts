import { DASHBOARD_RECENT_USERS, percentChange, type AdminStats } from '@kiyasla/contracts/admin-stats';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { Database } from '../../../db/client';
import { presentAdminUser } from '../users/admin-users.presenter';
import * as repo from './admin-stats.repo';

export interface AdminStatsDeps {
  db: Database;
}

/** Turkey keeps UTC+3 all year (since 2016): a calendar month starts at 00:00 there. */
const TURKEY_OFFSET_MS = 3 * 3_600_000;

/** The starts of this and last calendar month in Turkish time, as instants. */
export function monthBounds(now: Date): repo.MonthBounds {
  const local = new Date(now.getTime() + TURKEY_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return {
    thisMonthStart: new Date(Date.UTC(y, m, 1) - TURKEY_OFFSET_MS),
    lastMonthStart: new Date(Date.UTC(y, m - 1, 1) - TURKEY_OFFSET_MS),
  };
}

const figure = (thisMonth: number, lastMonth: number) => ({
  thisMonth,
  lastMonth,
  trend: percentChange(thisMonth, lastMonth),
});

/** The dashboard's figures, all from the data; trends compare this calendar month with the last. */
export async function getAdminStats(
  { db }: AdminStatsDeps,
  viewer: { role: 'admin' | 'moderator' | 'user' },
  now = new Date(),
): Promise<AdminStats> {
  // The latest users (names, e-mails) only for admins: users are theirs to manage (ADR 016).
  const showUsers = viewer.role === 'admin';
  const bounds = monthBounds(now);
  const [users, products, reviews, revenue, recent] = await Promise.all([
    repo.userCounts(db, bounds),
    repo.productCounts(db, bounds),
    repo.reviewCounts(db),
    repo.revenueKurus(db, bounds),
    showUsers ? repo.recentUsers(db, DASHBOARD_RECENT_USERS) : Promise.resolve(null),
  ]);
  return {
    users: {
      total: users.total,
      active: users.active,
      verified: users.verified,
      premium: users.premium,
      new: figure(users.thisMonth, users.lastMonth),
    },
    products: {
      total: products.total,
      active: products.active,
      withOffers: products.withOffers,
      new: figure(products.thisMonth, products.lastMonth),
    },
    reviews,
    revenue: {
      monthly: kurusToTry(revenue.monthly),
      yearly: kurusToTry(revenue.yearly),
      lifetime: kurusToTry(revenue.lifetime),
      total: kurusToTry(revenue.monthly + revenue.yearly + revenue.lifetime),
      received: figure(kurusToTry(revenue.thisMonth), kurusToTry(revenue.lastMonth)),
    },
    recentUsers: recent ? recent.map(presentAdminUser) : null,
  };
}
