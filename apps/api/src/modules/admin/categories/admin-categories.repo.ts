import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client';
import { categories, type NewCategoryRow } from '../../../db/schema/categories';
import { products } from '../../../db/schema/products';
import { buildProductSearchText } from '../../../db/search-text';

type Db = Database | Transaction;

const parent = alias(categories, 'parent');

/** Products in a category as their category or their subcategory (active or not). */
const productCount = sql<number>`(select count(*) from ${products} p where p.category_id = ${categories.id} or p.subcategory_id = ${categories.id})`;
const childCount = sql<number>`(select count(*) from ${categories} c where c.parent_id = ${categories.id})`;

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
  icon: categories.icon,
  parentId: categories.parentId,
  parentName: parent.name,
  isActive: categories.isActive,
  sortOrder: categories.sortOrder,
  seoTitle: categories.seoTitle,
  seoDescription: categories.seoDescription,
  createdAt: categories.createdAt,
  productCount,
  childCount,
};

/** `%`, `_` and `\` are literal in a search. */
function likePattern(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(search?: string): SQL | undefined {
  return search
    ? sql`kiyasla_fold(${categories.name} || ' ' || ${categories.slug}) like ${likePattern(search)}`
    : undefined;
}

/**
 * The tree in display order: each top-level category followed by its subcategories (by order,
 * then name), so a page of 10 reads as the tree does.
 */
export async function listCategories(db: Database, search: string | undefined, page: number, limit: number) {
  const condition = where(search);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(categories)
      .leftJoin(parent, eq(parent.id, categories.parentId))
      .where(condition)
      .orderBy(
        sql`coalesce(${parent.sortOrder}, ${categories.sortOrder})`,
        sql`coalesce(${parent.name}, ${categories.name})`,
        sql`coalesce(${parent.id}, ${categories.id})`,
        sql`${categories.parentId} is not null`,
        asc(categories.sortOrder),
        asc(categories.name),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(categories).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type AdminCategoryRow = Awaited<ReturnType<typeof listCategories>>['rows'][number];

export async function findCategory(db: Db, id: string, { lock = false } = {}) {
  const query = db
    .select(columns)
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(categories.id, id));
  // Locks the category row only (the parent is read, not changed).
  const [row] = lock ? await query.for('update', { of: categories }) : await query;
  return row;
}

export async function slugTaken(db: Db, parentId: string | null, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        parentId ? eq(categories.parentId, parentId) : sql`${categories.parentId} is null`,
        eq(categories.slug, slug),
        exceptId ? sql`${categories.id} <> ${exceptId}` : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertCategory(tx: Transaction, values: NewCategoryRow): Promise<string> {
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
  return row!.id;
}

export async function updateCategory(tx: Transaction, id: string, values: Partial<NewCategoryRow>) {
  await tx
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id));
}

export async function deleteCategory(tx: Transaction, id: string) {
  await tx.delete(categories).where(eq(categories.id, id));
}

/**
 * Keeps products where a moved category put them: products whose category or subcategory is
 * `id` get the (category, subcategory) pair the new place implies. Top-level → under `newParent`:
 * its products become (newParent, id); child → other parent: (newParent, id); child → top level:
 * (id, none).
 */
export async function moveProductsOf(tx: Transaction, id: string, newParent: string | null) {
  if (newParent) {
    await tx
      .update(products)
      .set({ categoryId: newParent, subcategoryId: id, updatedAt: new Date() })
      .where(or(eq(products.categoryId, id), eq(products.subcategoryId, id)));
  } else {
    await tx
      .update(products)
      .set({ categoryId: id, subcategoryId: null, updatedAt: new Date() })
      .where(eq(products.subcategoryId, id));
  }
}

const sub = alias(categories, 'sub');
const BATCH = 500;

/**
 * Rewrites products.search_text of the products in category `id` (as category or subcategory):
 * it carries the category names, so a renamed or moved category is found by its new name.
 */
export async function rewriteSearchTextOf(tx: Transaction, id: string) {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      model: products.model,
      category: categories.name,
      subcategory: sub.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .where(or(eq(products.categoryId, id), eq(products.subcategoryId, id)));
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => ({
      id: r.id,
      text: buildProductSearchText({
        name: r.name,
        brand: r.brand,
        model: r.model,
        categoryNames: [r.category, r.subcategory],
      }),
    }));
    await tx.execute(sql`
      update ${products} set search_text = v.text
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, text text)
      where ${products.id} = v.id and ${products.searchText} is distinct from v.text`);
  }
  return rows.length;
}
