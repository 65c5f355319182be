import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { products } from '../../db/schema/products';
import { savedComparisons, type SavedComparisonRow } from '../../db/schema/saved-comparisons';
import { users } from '../../db/schema/users';

type Db = Database | Transaction;

export interface SavedComparisonValues {
  name: string;
  description: string | null;
  productIds: string[];
  isPublic: boolean;
  tags: string[];
}

/**
 * The owner's account is not deleted: a closed account's comparisons, public ones included, are
 * no one's to read any more (its owner cannot sign in to see them either).
 */
const ownerNotDeleted = sql`exists (select 1 from ${users} where ${users.id} = ${savedComparisons.userId} and ${users.deletedAt} is null)`;

export async function findComparison(db: Db, id: string): Promise<SavedComparisonRow | undefined> {
  const [row] = await db
    .select()
    .from(savedComparisons)
    .where(and(eq(savedComparisons.id, id), ownerNotDeleted))
    .limit(1);
  return row;
}

export async function countUserComparisons(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedComparisons).where(eq(savedComparisons.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertComparison(
  db: Db,
  userId: string,
  values: SavedComparisonValues,
): Promise<SavedComparisonRow> {
  const [row] = await db
    .insert(savedComparisons)
    .values({ userId, ...values })
    .returning();
  if (!row) throw new Error('insert saved_comparisons returned no row');
  return row;
}

/**
 * The user's comparison with exactly these values (name, description, products in this order,
 * visibility, tags): what a second click of 'Kaydet' or a retried request would save again.
 */
export async function findSameComparison(
  db: Db,
  userId: string,
  values: SavedComparisonValues,
): Promise<SavedComparisonRow | undefined> {
  const [row] = await db
    .select()
    .from(savedComparisons)
    .where(
      and(
        eq(savedComparisons.userId, userId),
        eq(savedComparisons.name, values.name),
        sql`${savedComparisons.description} is not distinct from ${values.description}`,
        sql`to_jsonb(${savedComparisons.productIds}) = ${JSON.stringify(values.productIds)}::jsonb`,
        eq(savedComparisons.isPublic, values.isPublic),
        sql`to_jsonb(${savedComparisons.tags}) = ${JSON.stringify(values.tags)}::jsonb`,
      ),
    )
    .orderBy(savedComparisons.createdAt)
    .limit(1);
  return row;
}

/** Updates the user's own comparison; undefined when it is not theirs (or does not exist). */
export async function updateOwnComparison(
  db: Db,
  id: string,
  userId: string,
  patch: Partial<SavedComparisonValues>,
): Promise<SavedComparisonRow | undefined> {
  const [row] = await db
    .update(savedComparisons)
    .set(patch)
    .where(and(eq(savedComparisons.id, id), eq(savedComparisons.userId, userId)))
    .returning();
  return row;
}

export async function deleteOwnComparison(db: Db, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(savedComparisons)
    .where(and(eq(savedComparisons.id, id), eq(savedComparisons.userId, userId)))
    .returning({ id: savedComparisons.id });
  return rows.length > 0;
}

async function page(db: Db, where: SQL | undefined, pageNo: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(savedComparisons)
      .where(where)
      .orderBy(desc(savedComparisons.createdAt), desc(savedComparisons.id))
      .limit(limit)
      .offset((pageNo - 1) * limit),
    db.select({ n: count() }).from(savedComparisons).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export function findUserComparisons(db: Db, userId: string, pageNo: number, limit: number) {
  return page(db, eq(savedComparisons.userId, userId), pageNo, limit);
}

export interface PublicFilters {
  /** A category or subcategory id: one of the comparison's listed products is in it. */
  categoryId?: string;
  /** Any of these tags, compared after Turkish/accent folding (kiyasla_fold). */
  tags: string[];
}

export function findPublicComparisons(db: Db, filters: PublicFilters, pageNo: number, limit: number) {
  const inCategory = filters.categoryId
    ? sql`exists (select 1 from ${products} where ${products.id} = any(${savedComparisons.productIds}) and ${products.isActive}
          and (${products.categoryId} = ${filters.categoryId} or ${products.subcategoryId} = ${filters.categoryId}))`
    : undefined;
  const tagged = filters.tags.length
    ? sql`exists (select 1 from unnest(${savedComparisons.tags}) as t(tag) where kiyasla_fold(t.tag) in (${sql.join(
        filters.tags.map((tag) => sql`kiyasla_fold(${tag})`),
        sql`, `,
      )}))`
    : undefined;
  return page(db, and(eq(savedComparisons.isPublic, true), ownerNotDeleted, inCategory, tagged), pageNo, limit);
}

/** Serialises one user's saves until the transaction ends, so concurrent saves cannot pass the limit together. */
export async function lockUserComparisons(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`comparisons:${userId}`}, 0))`);
}
