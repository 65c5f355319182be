import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { favorites } from '../../db/schema/favorites';
import { products } from '../../db/schema/products';

type Db = Database | Transaction;

/**
 * Favorites of listed products only: a product an operator deactivated is neither shown nor
 * counted against the limit (and comes back when it is listed again).
 */
const listed = sql`exists (select 1 from ${products} where ${products.id} = ${favorites.productId} and ${products.isActive})`;

export interface FavoriteRef {
  productId: string;
  createdAt: Date;
}

/** One page of the user's favorites, newest first. */
export async function findFavorites(
  db: Db,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: FavoriteRef[]; total: number }> {
  const where = and(eq(favorites.userId, userId), listed);
  const [rows, totals] = await Promise.all([
    db
      .select({ productId: favorites.productId, createdAt: favorites.createdAt })
      .from(favorites)
      .where(where)
      .orderBy(desc(favorites.createdAt), favorites.productId)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(favorites).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function countFavorites(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), listed));
  return Number(row?.n ?? 0);
}

export async function findFavorite(db: Db, userId: string, productId: string): Promise<FavoriteRef | undefined> {
  const [row] = await db
    .select({ productId: favorites.productId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .limit(1);
  return row;
}

/** Inserts the favorite; undefined when it already existed. */
export async function insertFavorite(db: Db, userId: string, productId: string): Promise<FavoriteRef | undefined> {
  const [row] = await db
    .insert(favorites)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ productId: favorites.productId, createdAt: favorites.createdAt });
  return row;
}

export async function deleteFavorite(db: Db, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  return rows.length > 0;
}

export async function deleteAllFavorites(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(favorites)
    .where(eq(favorites.userId, userId))
    .returning({ productId: favorites.productId });
  return rows.length;
}

/**
 * Serialises one user's favorite additions until the transaction ends, so two concurrent adds
 * cannot both pass the limit check. Other users are not blocked.
 */
export async function lockUserFavorites(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`favorites:${userId}`}, 0))`);
}
