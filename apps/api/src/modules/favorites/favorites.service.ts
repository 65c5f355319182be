import type { ProductCard } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { FAVORITE_ERROR_CODES, type FavoriteItem, type FavoritesQuery } from '@kiyasla/contracts/favorites';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import { type AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/reply';
import type { AuthUser } from '../auth/session-verifier';
import { listProducts, type ListingInput } from '../products/products.service';
import {
  countFavorites,
  deleteAllFavorites,
  deleteFavorite,
  findFavorite,
  findFavorites,
  insertFavorite,
  lockUserFavorites,
  type FavoriteRef,
} from './favorites.repo';
import { isUuid } from '@kiyasla/contracts/ids';

export interface FavoritesDeps {
  db: Database;
}

type Caller = Pick<AuthUser, 'id' | 'isPremium'>;

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

const m = messages.favorites;

/** Product cards of listed products by id, through the products feature's listing. */
async function cardsByIds(db: Database, ids: string[]): Promise<Map<string, ProductCard>> {
  if (ids.length === 0) return new Map();
  const { items } = await listProducts(db, { productIds: ids }, { ...UNFILTERED, page: 1, limit: ids.length });
  return new Map(items.map((card) => [card._id, card]));
}

function productNotFound(): AppError {
  return notFound(FAVORITE_ERROR_CODES.productNotFound, messages.catalog.productNotFound);
}

function normaliseId(productId: string): string | null {
  return isUuid(productId) ? productId.toLowerCase() : null;
}

function present(ref: FavoriteRef, product: ProductCard): FavoriteItem {
  return { productId: ref.productId, product, createdAt: ref.createdAt.toISOString() };
}

export async function listFavorites(
  deps: FavoritesDeps,
  caller: Caller,
  q: FavoritesQuery,
): Promise<{ items: FavoriteItem[]; pagination: Pagination }> {
  const { rows, total } = await findFavorites(deps.db, caller.id, q.page, q.limit);
  const cards = await cardsByIds(
    deps.db,
    rows.map((r) => r.productId),
  );
  const items = rows.flatMap((r) => {
    const card = cards.get(r.productId);
    return card ? [present(r, card)] : [];
  });
  return { items, pagination: paginate(q.page, q.limit, total) };
}

/**
 * Adds a product to the caller's favorites. Checked in this order: the product exists (404), it
 * is not already a favorite (400 FAVORITE_EXISTS: the screen then simply shows it as favorite),
 * the caller has fewer than `limit` favorites, their plan's limit (403).
 */
export async function addFavorite(
  deps: FavoritesDeps,
  caller: Caller,
  productId: string,
  limit: number,
): Promise<FavoriteItem> {
  const id = normaliseId(productId);
  if (!id) throw productNotFound();
  const card = (await cardsByIds(deps.db, [id])).get(id);
  if (!card) throw productNotFound();

  const ref = await deps.db.transaction(async (tx) => {
    await lockUserFavorites(tx, caller.id);
    if (await findFavorite(tx, caller.id, id)) throw badRequest(FAVORITE_ERROR_CODES.exists, m.alreadyExists);
    const current = await countFavorites(tx, caller.id);
    if (current >= limit) {
      const message = caller.isPremium ? m.premiumLimitReached(current, limit) : m.limitReached(current, limit);
      throw forbidden(FAVORITE_ERROR_CODES.limit, message);
    }
    const inserted = await insertFavorite(tx, caller.id, id);
    // The lock makes a conflict impossible here; answer as a duplicate if one ever slips through.
    if (!inserted) throw badRequest(FAVORITE_ERROR_CODES.exists, m.alreadyExists);
    return inserted;
  });
  return present(ref, card);
}

export async function removeFavorite(deps: FavoritesDeps, caller: Caller, productId: string): Promise<string> {
  const id = normaliseId(productId);
  if (!id || !(await deleteFavorite(deps.db, caller.id, id))) {
    throw notFound(FAVORITE_ERROR_CODES.notFavorite, m.notFavorite);
  }
  return id;
}

export async function clearFavorites(deps: FavoritesDeps, caller: Caller): Promise<number> {
  return deleteAllFavorites(deps.db, caller.id);
}

export async function isFavorite(deps: FavoritesDeps, caller: Caller, productId: string): Promise<boolean> {
  const id = normaliseId(productId);
  return id ? (await findFavorite(deps.db, caller.id, id)) !== undefined : false;
}
