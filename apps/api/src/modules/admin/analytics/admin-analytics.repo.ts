import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';

/** Instants the figures split on (all computed in Turkish time by the service). */
export interface AnalyticsBounds {
  now: Date;
  periodStart: Date;
  /** The equally long period before: [previousStart, periodStart). */
  previousStart: Date;
  todayStart: Date;
  monthStart: Date;
  lastMonthStart: Date;
  yearStart: Date;
}

const iso = (d: Date) => d.toISOString();
const n = (v: unknown) => Number(v ?? 0);

/** Open accounts (closed ones are gone for the back office), one scan of users; sessions for activity. */
export async function userFigures(db: Database, b: AnalyticsBounds) {
  const [row] = sqlRows<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as total,
             count(*) filter (where subscription_plan <> 'free' and subscription_status = 'active') as premium,
             count(*) filter (where created_at >= ${iso(b.periodStart)}::timestamptz) as in_period,
             count(*) filter (where created_at >= ${iso(b.previousStart)}::timestamptz
                                and created_at < ${iso(b.periodStart)}::timestamptz) as previous_period,
             count(*) filter (where created_at >= ${iso(b.todayStart)}::timestamptz) as today,
             count(*) filter (where created_at >= ${iso(b.monthStart)}::timestamptz) as this_month,
             (select count(distinct s.user_id) from refresh_sessions s join users u on u.id = s.user_id
               where u.deleted_at is null
                 and coalesce(s.last_used_at, s.created_at) >= ${iso(b.periodStart)}::timestamptz) as active
        from users where deleted_at is null`),
  );
  return {
    total: n(row?.total),
    premium: n(row?.premium),
    inPeriod: n(row?.in_period),
    previousPeriod: n(row?.previous_period),
    today: n(row?.today),
    thisMonth: n(row?.this_month),
    active: n(row?.active),
  };
}

export async function productFigures(db: Database, b: AnalyticsBounds) {
  const [row] = sqlRows<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as total, count(*) filter (where created_at >= ${iso(b.monthStart)}::timestamptz) as this_month
        from products`),
  );
  return { total: n(row?.total), thisMonth: n(row?.this_month) };
}

/** The products viewed most in the period, from the recorded view events. */
export async function mostViewed(db: Database, b: AnalyticsBounds, limit: number) {
  return sqlRows<{ id: string; name: string; category: string | null; views: string | number }>(
    await db.execute(sql`
      select p.id, p.name, c.name as category, v.views
        from (select product_id, count(*) as views from analytics_events
               where type = 'product_view' and product_id is not null
                 and created_at >= ${iso(b.periodStart)}::timestamptz
               group by product_id order by count(*) desc, product_id limit ${limit}) v
        join products p on p.id = v.product_id
        left join categories c on c.id = p.category_id
       order by v.views desc, p.name`),
  ).map((r) => ({ _id: r.id, name: r.name, category: r.category, viewCount: Number(r.views) }));
}

/** Best average rating among products with reviews; more ratings first on a tie. */
export async function topRated(db: Database, limit: number) {
  return sqlRows<{ id: string; name: string; ratings_count: number; average_rating: number }>(
    await db.execute(sql`
      select id, name, ratings_count, average_rating from products
       where is_active and ratings_count > 0
       order by average_rating desc, ratings_count desc, id limit ${limit}`),
  ).map((r) => ({
    _id: r.id,
    name: r.name,
    ratingsCount: Number(r.ratings_count),
    averageRating: Math.round(Number(r.average_rating) * 10) / 10,
  }));
}

/** Completed TRY payments in kuruş, by when they completed (a refund sets `refunded`: it counts no more). */
export async function revenueFigures(db: Database, b: AnalyticsBounds) {
  const at = sql`coalesce(completed_at, created_at)`;
  const earliest = new Date(Math.min(b.yearStart.getTime(), b.lastMonthStart.getTime(), b.periodStart.getTime()));
  const [row] = sqlRows<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(sum(amount) filter (where ${at} >= ${iso(b.todayStart)}::timestamptz), 0) as today,
             coalesce(sum(amount) filter (where ${at} >= ${iso(b.monthStart)}::timestamptz), 0) as this_month,
             coalesce(sum(amount) filter (where ${at} >= ${iso(b.lastMonthStart)}::timestamptz
                                            and ${at} < ${iso(b.monthStart)}::timestamptz), 0) as last_month,
             coalesce(sum(amount) filter (where ${at} >= ${iso(b.yearStart)}::timestamptz), 0) as this_year,
             coalesce(sum(amount) filter (where ${at} >= ${iso(b.periodStart)}::timestamptz), 0) as period
        from payments
       where status = 'completed' and currency = 'TRY'
         and ${at} >= ${iso(earliest)}::timestamptz`),
  );
  return {
    today: n(row?.today),
    thisMonth: n(row?.this_month),
    lastMonth: n(row?.last_month),
    thisYear: n(row?.this_year),
    period: n(row?.period),
  };
}
