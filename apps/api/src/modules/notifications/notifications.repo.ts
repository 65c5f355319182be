import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { ProductImage } from '../../db/schema/products';
import type { NotificationData } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';

type Db = Database | Transaction;

export interface NotificationRow {
  id: string;
  type: 'price_drop' | 'price_alert' | 'system' | 'promotion';
  title: string;
  message: string;
  is_read: boolean;
  created_at: Date | string;
  data: NotificationData | null;
  product_id: string | null;
  product_name: string | null;
  product_slug: string | null;
  product_images: ProductImage[] | null;
}

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

function typeFilter(types: readonly string[] | undefined): SQL {
  return types?.length ? sql`and n.type::text = any (${`{${types.join(',')}}`}::text[])` : sql``;
}

/** One page of the user's notifications, newest first, with the product they are about. */
export async function findNotifications(
  db: Db,
  userId: string,
  types: readonly string[] | undefined,
  page: number,
  limit: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [list, totals] = await Promise.all([
    db.execute(sql`
      select n.id, n.type::text as type, n.title, n.message, n.is_read, n.created_at, n.data,
             p.id as product_id, p.name as product_name, p.slug as product_slug, p.images as product_images
        from notifications n
        left join products p
          on p.id = case when n.data ->> 'productId' ~ ${UUID_PATTERN} then (n.data ->> 'productId')::uuid end
       where n.user_id = ${userId}::uuid ${typeFilter(types)}
       order by n.created_at desc, n.id
       limit ${limit} offset ${(page - 1) * limit}`),
    db.execute(
      sql`select count(*)::int as n from notifications n where n.user_id = ${userId}::uuid ${typeFilter(types)}`,
    ),
  ]);
  return { rows: sqlRows<NotificationRow>(list), total: Number(sqlRows<{ n: number }>(totals)[0]?.n ?? 0) };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = sqlRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from notifications where user_id = ${userId}::uuid and not is_read`),
  );
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(
      sql`update notifications set is_read = true where id = ${id}::uuid and user_id = ${userId}::uuid returning id`,
    ),
  );
  return rows.length > 0;
}

/**
 * Marks every unread notification of the user read; answers how many changed. The count is made
 * in the database: the rows changed are never sent back (a member holding years of unread
 * notifications would have shipped every id for a number the route returns alone).
 */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const [row] = sqlRows<{ n: number }>(
    await db.execute(sql`
      with marked as (
        update notifications set is_read = true where user_id = ${userId}::uuid and not is_read returning 1
      )
      select count(*)::int as n from marked`),
  );
  return Number(row?.n ?? 0);
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(sql`delete from notifications where id = ${id}::uuid and user_id = ${userId}::uuid returning id`),
  );
  return rows.length > 0;
}
