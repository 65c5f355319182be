import type { Category, CategoryNode } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import { clearWithPublicReads } from '../../lib/public-read-cache';
import { announceReadChange, EVERYTHING } from '../../lib/read-invalidation';
import { TtlCache } from '../../lib/ttl-cache';
import { countActiveProductsByCategory, listActiveCategories, type CategoryRow } from './categories.repo';
import { isUuid } from '@kiyasla/contracts/ids';

// The category tree changes only through the admin back office, which calls
// invalidateCategoryCache(); every "everything" invalidation empties it, on every instance.
const cache = new TtlCache<Category[]>(60_000);
clearWithPublicReads(() => cache.clear());

/**
 * After a category change, with its transaction (or right after it outside one): product cards
 * and pages carry category names and slugs too, so every public read cache of every instance is
 * emptied (ADR 010).
 */
export async function invalidateCategoryCache(db: Database | Transaction): Promise<void> {
  await announceReadChange(db, EVERYTHING);
}

function present(row: CategoryRow, counts: Map<string, number>): Category {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    icon: row.icon,
    image: row.image,
    parent: row.parentId,
    order: row.sortOrder,
    productCount: counts.get(row.id) ?? 0,
  };
}

/** All active categories, parents first in display order, each followed by nothing: a flat list. */
export function listCategories(db: Database): Promise<Category[]> {
  return cache.get('all', async () => {
    const [rows, counts] = await Promise.all([listActiveCategories(db), countActiveProductsByCategory(db)]);
    const activeIds = new Set(rows.map((r) => r.id));
    // A child whose parent is inactive is hidden with it.
    return rows.filter((r) => r.parentId === null || activeIds.has(r.parentId)).map((r) => present(r, counts));
  });
}

export function buildTree(list: Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(list.map((c) => [c._id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else if (node.parent === null) roots.push(node);
  }
  return roots;
}

/**
 * Resolves `/categories/{idOrSlug}`: a UUID, a top-level slug, or a child slug under
 * `parentSlug` (subcategory slugs repeat across parents, e.g. 'gaming').
 */
export async function getCategory(
  db: Database,
  idOrSlug: string,
  parentSlug?: string,
): Promise<CategoryNode & { parentCategory: Category | null }> {
  const list = await listCategories(db);
  let found: Category | undefined;
  if (isUuid(idOrSlug)) {
    found = list.find((c) => c._id === idOrSlug.toLowerCase());
  } else if (parentSlug) {
    const parent = list.find((c) => c.parent === null && c.slug === parentSlug);
    found = parent ? list.find((c) => c.parent === parent._id && c.slug === idOrSlug) : undefined;
  } else {
    found = list.find((c) => c.parent === null && c.slug === idOrSlug);
  }
  if (!found) throw notFound('CATEGORY_NOT_FOUND', messages.catalog.categoryNotFound);
  const children = list.filter((c) => c.parent === found._id).map((c) => ({ ...c, children: [] }));
  const parentCategory = found.parent ? (list.find((c) => c._id === found.parent) ?? null) : null;
  return { ...found, children, parentCategory };
}
