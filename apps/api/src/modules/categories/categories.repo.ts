import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, type CategoryRow } from '../../db/schema/categories';
import { products } from '../../db/schema/products';

export type { CategoryRow };

export function listActiveCategories(db: Database): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Active products per category id, counting a product under its category and its subcategory. */
export async function countActiveProductsByCategory(db: Database): Promise<Map<string, number>> {
  const [byCategory, bySubcategory] = await Promise.all([
    db
      .select({ id: products.categoryId, n: count() })
      .from(products)
      .where(eq(products.isActive, true))
      .groupBy(products.categoryId),
    db
      .select({ id: products.subcategoryId, n: count() })
      .from(products)
      .where(and(eq(products.isActive, true), isNotNull(products.subcategoryId)))
      .groupBy(products.subcategoryId),
  ]);
  const counts = new Map<string, number>();
  for (const row of [...byCategory, ...bySubcategory]) {
    if (row.id) counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.n));
  }
  return counts;
}
