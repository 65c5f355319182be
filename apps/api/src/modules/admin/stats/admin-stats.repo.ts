import { and, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { payments } from '../../../db/schema/payments';
import { productPrices } from '../../../db/schema/product-prices';
import { products } from '../../../db/schema/products';
import { reviews } from '../../../db/schema/reviews';
import { users } from '../../../db/schema/users';
import { listUsers } from '../users/admin-users.repo';

/** Month boundaries the counts split on: [lastMonthStart, thisMonthStart) and [thisMonthStart, ∞). */
export interface MonthBounds {
  lastMonthStart: Date;
  thisMonthStart: Date;
}

const n = (value: unknown) => Number(value ?? 0);

/** Open accounts only (closed ones are gone for the back office). One scan of users. */
export async function userCounts(db: Database, { lastMonthStart, thisMonthStart }: MonthBounds) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      active: sql<number>`count(*) filter (where ${users.isActive})`,
      verified: sql<number>`count(*) filter (where ${users.emailVerified})`,
      premium: sql<number>`count(*) filter (where ${users.subscriptionPlan} <> 'free' and ${users.subscriptionStatus} = 'active')`,
      thisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${thisMonthStart.toISOString()})`,
      lastMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${lastMonthStart.toISOString()} and ${users.createdAt} < ${thisMonthStart.toISOString()})`,
    })
    .from(users)
    .where(isNull(users.deletedAt));
  return {
    total: n(row?.total),
    active: n(row?.active),
    verified: n(row?.verified),
    premium: n(row?.premium),
    thisMonth: n(row?.thisMonth),
    lastMonth: n(row?.lastMonth),
  };
}

export async function productCounts(db: Database, { lastMonthStart, thisMonthStart }: MonthBounds) {
  const [[row], [offers]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`,
        active: sql<number>`count(*) filter (where ${products.isActive})`,
        thisMonth: sql<number>`count(*) filter (where ${products.createdAt} >= ${thisMonthStart.toISOString()})`,
        lastMonth: sql<number>`count(*) filter (where ${products.createdAt} >= ${lastMonthStart.toISOString()} and ${products.createdAt} < ${thisMonthStart.toISOString()})`,
      })
      .from(products),
    db
      .select({ withOffers: sql<number>`count(*)` })
      .from(productPrices)
      .where(sql`${productPrices.offerCount} > 0`),
  ]);
  return {
    total: n(row?.total),
    active: n(row?.active),
    withOffers: n(offers?.withOffers),
    thisMonth: n(row?.thisMonth),
    lastMonth: n(row?.lastMonth),
  };
}

export async function reviewCounts(db: Database) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      pending: sql<number>`count(*) filter (where not ${reviews.isApproved})`,
    })
    .from(reviews);
  return { total: n(row?.total), pending: n(row?.pending) };
}

/** Completed payments in kuruş (a refunded payment's status is `refunded`, so it counts no more). */
export async function revenueKurus(db: Database, { lastMonthStart, thisMonthStart }: MonthBounds) {
  const [row] = await db
    .select({
      monthly: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.plan} = 'monthly-premium'), 0)`,
      yearly: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.plan} = 'yearly-premium'), 0)`,
      lifetime: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.plan} = 'lifetime-premium'), 0)`,
      thisMonth: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.createdAt} >= ${thisMonthStart.toISOString()}), 0)`,
      lastMonth: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.createdAt} >= ${lastMonthStart.toISOString()} and ${payments.createdAt} < ${thisMonthStart.toISOString()}), 0)`,
    })
    .from(payments)
    .where(and(sql`${payments.status} = 'completed'`, sql`${payments.currency} = 'TRY'`));
  return {
    monthly: n(row?.monthly),
    yearly: n(row?.yearly),
    lifetime: n(row?.lifetime),
    thisMonth: n(row?.thisMonth),
    lastMonth: n(row?.lastMonth),
  };
}

/** The newest open accounts, as the users screen lists them. */
export async function recentUsers(db: Database, limit: number) {
  return (await listUsers(db, {}, 1, limit)).rows;
}
