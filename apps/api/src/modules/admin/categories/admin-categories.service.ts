import {
  adminCategoryMessages as m,
  categorySlugFor,
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryListQuery,
  type AdminCategoryUpdate,
} from '@kiyasla/contracts/admin-categories';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database, Transaction } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { invalidatePublicReads } from '../../../lib/public-read-cache';
import { paginate } from '../../../lib/reply';
import { isUniqueViolation } from '../../auth/db-errors';
import { mirrorImages, type ImageMirrorDeps } from '../../media/mirror-image';
import { invalidateCategoryCache } from '../../categories/categories.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-categories.repo';
import { presentAdminCategory } from './admin-categories.presenter';

export interface AdminCategoriesDeps {
  db: Database;
  /** Downloads an image named on another site (ADR 021). */
  images: ImageMirrorDeps;
}

/** The form with its image on another site downloaded and named by its path here (ADR 021). */
async function withKeptImage<T extends { image?: string | null | undefined }>(
  deps: ImageMirrorDeps,
  input: T,
): Promise<T> {
  if (!input.image) return input;
  const [image] = await mirrorImages(deps, [{ path: 'image', url: input.image }]);
  return { ...input, image };
}

const categoryNotFound = () => notFound('CATEGORY_NOT_FOUND', m.notFound);
const slugTaken = () =>
  new AppError(409, 'CATEGORY_SLUG_TAKEN', m.slugTaken, [{ path: 'body.slug', message: m.slugTaken }]);
const field = (code: string, path: string, message: string, status = 400) =>
  new AppError(status, code, message, [{ path: `body.${path}`, message }]);

export async function listAdminCategories(
  { db }: AdminCategoriesDeps,
  query: AdminCategoryListQuery,
): Promise<{ items: AdminCategory[]; pagination: Pagination }> {
  const search = query.search ? foldTurkish(query.search) : undefined;
  const { rows, total } = await repo.listCategories(db, search, query.page, query.limit);
  return { items: rows.map(presentAdminCategory), pagination: paginate(query.page, query.limit, total) };
}

export async function getAdminCategory({ db }: AdminCategoriesDeps, id: string): Promise<AdminCategory> {
  const row = await repo.findCategory(db, id);
  if (!row) throw categoryNotFound();
  return presentAdminCategory(row);
}

function slugOrRefuse(name: string, slug: string | undefined): string {
  const value = categorySlugFor(name, slug);
  if (!value) throw field('CATEGORY_SLUG_INVALID', 'slug', m.slugEmpty);
  return value;
}

/**
 * The tree has two levels: a parent must exist and be a top-level category, never the category
 * itself, and a category with subcategories stays top-level. That also makes a cycle impossible.
 */
async function checkParent(tx: Transaction, parentId: string | null, self?: repo.AdminCategoryRow): Promise<void> {
  if (!parentId) return;
  if (self && parentId === self.id) throw field('CATEGORY_PARENT_SELF', 'parent', m.parentSelf);
  // Locked so that it cannot become a subcategory itself meanwhile.
  const parent = await repo.findCategory(tx, parentId, { lock: true });
  if (!parent) throw field('CATEGORY_PARENT_NOT_FOUND', 'parent', m.parentNotFound);
  if (parent.parentId) throw field('CATEGORY_PARENT_NOT_TOP_LEVEL', 'parent', m.parentNotTopLevel);
  if (self && Number(self.childCount) > 0)
    throw field('CATEGORY_PARENT_HAS_CHILDREN', 'parent', m.parentHasChildren, 409);
}

async function afterWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    // This instance at once; the others by the announcement in the transaction.
    invalidatePublicReads();
    return result;
  } catch (err) {
    if (isUniqueViolation(err, 'categories_parent_slug_uq')) throw slugTaken();
    throw err;
  }
}

export async function createAdminCategory(
  { db, images }: AdminCategoriesDeps,
  actor: AuditActor,
  form: AdminCategoryCreate,
): Promise<AdminCategory> {
  const slug = slugOrRefuse(form.name, form.slug);
  const input = await withKeptImage(images, form);
  const parentId = input.parent ?? null;
  return afterWrite(() =>
    db.transaction(async (tx) => {
      await checkParent(tx, parentId);
      if (await repo.slugTaken(tx, parentId, slug)) throw slugTaken();
      const id = await repo.insertCategory(tx, {
        name: input.name,
        slug,
        description: input.description ?? null,
        image: input.image ?? null,
        icon: input.icon ?? null,
        parentId,
        isActive: input.isActive ?? true,
        sortOrder: input.order,
        seoTitle: input.seoTitle || input.name,
        seoDescription: input.seoDescription ?? null,
      });
      const created = presentAdminCategory((await repo.findCategory(tx, id))!);
      await recordAudit(tx, actor, { action: 'category.create', entityType: 'category', entityId: id, after: created });
      await invalidateCategoryCache(tx);
      return created;
    }),
  );
}

export async function updateAdminCategory(
  { db, images }: AdminCategoriesDeps,
  actor: AuditActor,
  id: string,
  form: AdminCategoryUpdate,
): Promise<AdminCategory> {
  // An unknown category is a 404 before any image is downloaded for it.
  if (!(await repo.findCategory(db, id))) throw categoryNotFound();
  const input = await withKeptImage(images, form);
  return afterWrite(() =>
    db.transaction(async (tx) => {
      const before = await repo.findCategory(tx, id, { lock: true });
      if (!before) throw categoryNotFound();
      const name = input.name ?? before.name;
      const slug = input.slug === undefined ? before.slug : slugOrRefuse(name, input.slug);
      const parentId = input.parent === undefined ? before.parentId : input.parent;
      const moved = parentId !== before.parentId;
      if (moved) await checkParent(tx, parentId, before);
      if ((slug !== before.slug || moved) && (await repo.slugTaken(tx, parentId, slug, id))) throw slugTaken();
      await repo.updateCategory(tx, id, {
        name,
        slug,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        parentId,
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.order !== undefined ? { sortOrder: input.order } : {}),
        ...(input.seoTitle !== undefined ? { seoTitle: input.seoTitle || name } : {}),
        ...(input.seoDescription !== undefined ? { seoDescription: input.seoDescription } : {}),
      });
      if (moved) await repo.moveProductsOf(tx, id, parentId);
      if (moved || name !== before.name) await repo.rewriteSearchTextOf(tx, id);
      const after = presentAdminCategory((await repo.findCategory(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'category.update',
        entityType: 'category',
        entityId: id,
        before: presentAdminCategory(before),
        after,
      });
      await invalidateCategoryCache(tx);
      return after;
    }),
  );
}

/**
 * Refused while the category holds products (as their category or subcategory) or has
 * subcategories: the products would be left without a place. The foreign keys refuse it too.
 */
export async function deleteAdminCategory({ db }: AdminCategoriesDeps, actor: AuditActor, id: string): Promise<void> {
  try {
    await deleteInTransaction(db, actor, id);
  } catch (err) {
    // A product saved into it between the count and the delete: the foreign key refused.
    if (!isForeignKeyViolation(err)) throw err;
    const now = await repo.findCategory(db, id);
    throw new AppError(409, 'CATEGORY_HAS_PRODUCTS', m.hasProducts(Number(now?.productCount ?? 1)));
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

async function deleteInTransaction(db: Database, actor: AuditActor, id: string): Promise<void> {
  await afterWrite(() =>
    db.transaction(async (tx) => {
      const before = await repo.findCategory(tx, id, { lock: true });
      if (!before) throw categoryNotFound();
      const products = Number(before.productCount);
      if (products > 0) throw new AppError(409, 'CATEGORY_HAS_PRODUCTS', m.hasProducts(products));
      const children = Number(before.childCount);
      if (children > 0) throw new AppError(409, 'CATEGORY_HAS_CHILDREN', m.hasChildren(children));
      await repo.deleteCategory(tx, id);
      await recordAudit(tx, actor, {
        action: 'category.delete',
        entityType: 'category',
        entityId: id,
        before: presentAdminCategory(before),
      });
      await invalidateCategoryCache(tx);
    }),
  );
}
