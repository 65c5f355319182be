import type { ProductCard, ProductDetail } from '@kiyasla/contracts/catalog';
import {
  COMPARISON_ERROR_CODES,
  type ComparisonResult,
  type CreateComparisonInput,
  type SavedComparison,
  type SavedComparisonDetail,
  type SavedComparisonPage,
  type UpdateComparisonInput,
} from '@kiyasla/contracts/comparisons';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import type { SavedComparisonRow } from '../../db/schema/saved-comparisons';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/reply';
import type { AuthUser } from '../auth/session-verifier';
import { getCategory } from '../categories/categories.service';
import { getProductDetail, listProducts, type ListingInput } from '../products/products.service';
import type { SettingsService } from '../settings/settings.service';
import { buildComparison } from './comparison-builder';
import {
  countUserComparisons,
  deleteOwnComparison,
  findComparison,
  findPublicComparisons,
  findSameComparison,
  findUserComparisons,
  insertComparison,
  lockUserComparisons,
  updateOwnComparison,
  type SavedComparisonValues,
} from './comparisons.repo';
import { isUuid } from '@kiyasla/contracts/ids';

export interface ComparisonsDeps {
  db: Database;
  settings: SettingsService;
}

/** The signed-in caller; null for a visitor. */
export type Viewer = Pick<AuthUser, 'id' | 'plan' | 'isPremium'> | null;
type Caller = NonNullable<Viewer>;

/** A listing query without filters, facets or paging: only the product ids restrict it. */
const UNFILTERED: Omit<ListingInput, 'page' | 'limit'> = {
  featured: false,
  brand: [],
  store: [],
  spec: [],
  minPrice: undefined,
  maxPrice: undefined,
  sort: 'popularity',
  facets: false,
};

const m = messages.comparisons;

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** At most the admin `maxComparisonItems` products (the schema already demands at least 2). */
async function checkProductCount(settings: SettingsService, productIds: readonly string[]): Promise<void> {
  const max = (await settings.group('features')).maxComparisonItems;
  if (productIds.length > max) throw badRequest(COMPARISON_ERROR_CODES.tooMany, m.tooMany(max));
}

const notFoundError = () => notFound(COMPARISON_ERROR_CODES.notFound, m.notFound);

// ---------------------------------------------------------------------------------------------
// Products, through the products feature
// ---------------------------------------------------------------------------------------------

/** Full details in the given order; 404 PRODUCT_NOT_FOUND for any unknown or unlisted id. */
function detailsOf(db: Database, ids: readonly string[]): Promise<ProductDetail[]> {
  return Promise.all(ids.map((id) => getProductDetail(db, id)));
}

/** Details of the products still listed, in order; the others are skipped. */
async function listedDetailsOf(db: Database, ids: readonly string[]): Promise<ProductDetail[]> {
  const found = await Promise.all(
    ids.map((id) =>
      getProductDetail(db, id).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return found.filter((d): d is ProductDetail => d !== null);
}

/** Cards of listed products by id (one query batch for a whole page of comparisons). */
async function cardsByIds(db: Database, ids: readonly string[]): Promise<Map<string, ProductCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { items } = await listProducts(db, { productIds: unique }, { ...UNFILTERED, page: 1, limit: unique.length });
  return new Map(items.map((card) => [card._id, card]));
}

/** 404 PRODUCT_NOT_FOUND unless every id is a listed product. */
async function requireListed(db: Database, ids: readonly string[]): Promise<Map<string, ProductCard>> {
  const cards = await cardsByIds(db, ids);
  if (ids.some((id) => !cards.has(id))) {
    throw notFound(COMPARISON_ERROR_CODES.productNotFound, messages.catalog.productNotFound);
  }
  return cards;
}

// ---------------------------------------------------------------------------------------------
// Presenters
// ---------------------------------------------------------------------------------------------

function presentBase(row: SavedComparisonRow, viewer: Viewer, productIds: string[]) {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    productIds,
    isPublic: row.isPublic,
    tags: row.tags,
    isOwner: viewer?.id === row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentSaved(row: SavedComparisonRow, cards: Map<string, ProductCard>, viewer: Viewer): SavedComparison {
  const listed = row.productIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
  return {
    ...presentBase(
      row,
      viewer,
      listed.map((c) => c._id),
    ),
    products: listed.map((c) => ({
      _id: c._id,
      name: c.name,
      brand: c.brand,
      image: c.image_url,
      currentPrice: c.currentPrice,
    })),
  };
}

async function presentPage(
  db: Database,
  viewer: Viewer,
  { rows, total }: { rows: SavedComparisonRow[]; total: number },
  q: { page: number; limit: number },
): Promise<SavedComparisonPage> {
  const cards = await cardsByIds(
    db,
    rows.flatMap((r) => r.productIds),
  );
  return { data: rows.map((r) => presentSaved(r, cards, viewer)), pagination: paginate(q.page, q.limit, total) };
}

// ---------------------------------------------------------------------------------------------
// Use cases
// ---------------------------------------------------------------------------------------------

/**
 * Compares 2..maxComparisonItems products (ids distinct, in the caller's order). Open to visitors;
 * the pros/cons analysis is computed only for premium callers.
 */
export async function compareProducts(
  deps: ComparisonsDeps,
  viewer: Viewer,
  productIds: readonly string[],
): Promise<ComparisonResult> {
  await checkProductCount(deps.settings, productIds);
  return buildComparison(await detailsOf(deps.db, productIds), viewer?.isPremium ?? false);
}

/**
 * Saves a comparison while the caller has fewer than `limit` (their plan's; null is unlimited).
 * The same comparison saved again (a second click, a retried request: every value equal) is the
 * one already saved, `created: false`, and does not count against the limit twice.
 */
export async function createComparison(
  deps: ComparisonsDeps,
  caller: Caller,
  input: CreateComparisonInput,
  limit: number | null,
): Promise<{ saved: SavedComparison; created: boolean }> {
  await checkProductCount(deps.settings, input.productIds);
  const cards = await requireListed(deps.db, input.productIds);
  const values: SavedComparisonValues = {
    name: input.name,
    description: input.description,
    productIds: input.productIds,
    isPublic: input.isPublic,
    tags: input.tags,
  };
  const { row, created } = await deps.db.transaction(async (tx) => {
    await lockUserComparisons(tx, caller.id);
    const same = await findSameComparison(tx, caller.id, values);
    if (same) return { row: same, created: false };
    if (limit !== null) {
      const saved = await countUserComparisons(tx, caller.id);
      if (saved >= limit) throw forbidden(COMPARISON_ERROR_CODES.limit, m.limitReached(saved, limit));
    }
    return { row: await insertComparison(tx, caller.id, values), created: true };
  });
  return { saved: presentSaved(row, cards, caller), created };
}

export async function listOwnComparisons(
  deps: ComparisonsDeps,
  caller: Caller,
  q: { page: number; limit: number },
): Promise<SavedComparisonPage> {
  return presentPage(deps.db, caller, await findUserComparisons(deps.db, caller.id, q.page, q.limit), q);
}

export async function listPublicComparisons(
  deps: ComparisonsDeps,
  viewer: Viewer,
  q: { page: number; limit: number; category?: string | undefined; tags: string[] },
): Promise<SavedComparisonPage> {
  let categoryId: string | undefined;
  if (q.category) {
    // An unknown category filters everything out rather than failing the whole listing.
    const category = await getCategory(deps.db, q.category).catch(() => null);
    if (!category) return { data: [], pagination: paginate(q.page, q.limit, 0) };
    categoryId = category._id;
  }
  const found = await findPublicComparisons(
    deps.db,
    { tags: q.tags, ...(categoryId ? { categoryId } : {}) },
    q.page,
    q.limit,
  );
  return presentPage(deps.db, viewer, found, q);
}

/** The viewer's own comparison or a public one; anything else is 404 (its existence stays hidden). */
async function visibleComparison(db: Database, viewer: Viewer, id: string): Promise<SavedComparisonRow> {
  const row = isUuid(id) ? await findComparison(db, id.toLowerCase()) : undefined;
  if (!row || (!row.isPublic && row.userId !== viewer?.id)) throw notFoundError();
  return row;
}

/** For writes: 404 when the caller cannot see it, 403 when they can see it but it is someone else's. */
async function ownComparison(db: Database, caller: Caller, id: string): Promise<SavedComparisonRow> {
  const row = await visibleComparison(db, caller, id);
  if (row.userId !== caller.id) throw forbidden('FORBIDDEN', messages.generic.forbidden);
  return row;
}

export async function getComparison(deps: ComparisonsDeps, viewer: Viewer, id: string): Promise<SavedComparisonDetail> {
  const row = await visibleComparison(deps.db, viewer, id);
  const details = await listedDetailsOf(deps.db, row.productIds);
  return {
    ...presentBase(
      row,
      viewer,
      details.map((d) => d._id),
    ),
    ...buildComparison(details, viewer?.isPremium ?? false),
  };
}

export async function updateComparison(
  deps: ComparisonsDeps,
  caller: Caller,
  id: string,
  input: UpdateComparisonInput,
): Promise<SavedComparison> {
  const current = await ownComparison(deps.db, caller, id);
  const patch: Partial<SavedComparisonValues> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.tags !== undefined) patch.tags = input.tags;
  if (input.productIds !== undefined) {
    await checkProductCount(deps.settings, input.productIds);
    await requireListed(deps.db, input.productIds);
    patch.productIds = input.productIds;
  }
  const row = Object.keys(patch).length ? await updateOwnComparison(deps.db, current.id, caller.id, patch) : current;
  if (!row) throw notFoundError();
  return presentSaved(row, await cardsByIds(deps.db, row.productIds), caller);
}

export async function deleteComparison(deps: ComparisonsDeps, caller: Caller, id: string): Promise<void> {
  const current = await ownComparison(deps.db, caller, id);
  if (!(await deleteOwnComparison(deps.db, current.id, caller.id))) throw notFoundError();
}
