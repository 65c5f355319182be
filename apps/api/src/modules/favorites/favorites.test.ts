import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { DEFAULT_MAX_WISHLIST_ITEMS, PREMIUM_WISHLIST_ITEMS } from '@kiyasla/contracts/constants';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { messages } from '@kiyasla/contracts/messages';
import { favorites } from '../../db/schema/favorites';
import { productPrices } from '../../db/schema/product-prices';
import { products } from '../../db/schema/products';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp, setSettings } from '../../test/app';

const ctx = useTestApp();
/** Listed product ids, cheapest first, enough for every limit below. */
let productIds: string[];

beforeAll(async () => {
  const rows = await ctx.db.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.isActive, true))
    .orderBy(productPrices.minPrice, products.id);
  productIds = rows.map((r) => r.id);
  expect(productIds.length).toBeGreaterThan(PREMIUM_WISHLIST_ITEMS);
});

const pid = (i: number) => productIds[i]!;

async function freshUser() {
  return (await registerUser(ctx.app)).token;
}

function add(token: string, productId: string) {
  // The spec's client sends a JSON content type with no body.
  return ctx.app.inject({
    method: 'POST',
    url: `/api/favorites/${productId}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
  });
}

async function list(token: string, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/favorites${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return body<{ data: FavoriteItem[]; pagination: { total: number; page: number; pages: number; limit: number } }>(res);
}

async function check(token: string, productId: string): Promise<boolean> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/favorites/check/${productId}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return body<{ data: { isFavorite: boolean } }>(res).data.isFavorite;
}

/** Favorites written straight to the table, to reach the limits quickly. */
async function seedFavorites(userId: string, ids: string[]) {
  await ctx.db.db.insert(favorites).values(ids.map((productId) => ({ userId, productId })));
}

describe('favorites: session required', () => {
  it.each([
    ['GET', '/api/favorites'],
    ['DELETE', '/api/favorites'],
    ['POST', '/api/favorites/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/favorites/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/favorites/check/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await ctx.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('favorites: add, list, check, remove', () => {
  it('adds a product and lists it with its card, lowest price, stores and the time it was added', async () => {
    const token = await freshUser();
    const before = Date.now();
    const res = await add(token, pid(100));
    expect(res.statusCode).toBe(201);
    const added = body<{ message: string; data: FavoriteItem }>(res);
    expect(added.message).toBe(messages.favorites.added);
    expect(added.data.productId).toBe(pid(100));

    const { data, pagination } = await list(token);
    expect(pagination.total).toBe(1);
    expect(data).toHaveLength(1);
    const item = data[0]!;
    expect(item.product._id).toBe(pid(100));
    expect(item.product.currentPrice).toBeGreaterThan(0);
    expect(item.product.stores.length).toBeGreaterThan(0);
    expect(item.product.stores[0]!.price).toBe(item.product.currentPrice);
    expect(Date.parse(item.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    // The card is the one the catalog shows.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/products/${pid(100)}` });
    const card = body<{ data: ProductCard }>(detail).data;
    expect(item.product.currentPrice).toBe(card.currentPrice);
    expect(item.product.name).toBe(card.name);

    expect(await check(token, pid(100))).toBe(true);
    expect(await check(token, pid(101))).toBe(false);
  });

  it('lists the newest first and pages on request', async () => {
    const token = await freshUser();
    for (const i of [10, 11, 12]) expect((await add(token, pid(i))).statusCode).toBe(201);
    const all = await list(token);
    expect(all.data.map((f) => f.productId)).toEqual([pid(12), pid(11), pid(10)]);
    const second = await list(token, '?page=2&limit=2');
    expect(second.data.map((f) => f.productId)).toEqual([pid(10)]);
    expect(second.pagination).toMatchObject({ page: 2, limit: 2, total: 3, pages: 2 });
  });

  it('answers a duplicate with 400 FAVORITE_EXISTS and the server message the screen matches', async () => {
    const token = await freshUser();
    expect((await add(token, pid(5))).statusCode).toBe(201);
    const res = await add(token, pid(5));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      success: false,
      code: 'FAVORITE_EXISTS',
      message: 'Product is already in favorites',
    });
    expect((await list(token)).pagination.total).toBe(1);
  });

  it('answers 404 for an unknown, malformed or unlisted product', async () => {
    const token = await freshUser();
    for (const id of ['7d1f5a0e-0000-4000-8000-000000000000', 'not-a-product']) {
      const res = await add(token, id);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: messages.catalog.productNotFound });
    }
    await ctx.db.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, pid(7)));
    try {
      expect((await add(token, pid(7))).statusCode).toBe(404);
    } finally {
      await ctx.db.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, pid(7)));
    }
    expect((await list(token)).pagination.total).toBe(0);
  });

  it('removes one favorite, and answers 404 FAVORITE_NOT_FOUND when it is not one', async () => {
    const token = await freshUser();
    await add(token, pid(20));
    await add(token, pid(21));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/favorites/${pid(20)}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: messages.favorites.removed,
      data: { productId: pid(20), isFavorite: false },
    });
    expect(await check(token, pid(20))).toBe(false);
    expect((await list(token)).data.map((f) => f.productId)).toEqual([pid(21)]);

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${pid(20)}`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
    expect(body(again)).toMatchObject({ code: 'FAVORITE_NOT_FOUND' });
  });

  it('clears all favorites of the caller only', async () => {
    const mine = await freshUser();
    const other = await freshUser();
    for (const i of [30, 31, 32]) await add(mine, pid(i));
    await add(other, pid(30));
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/favorites', headers: bearer(mine) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: messages.favorites.cleared, data: { removed: 3 } });
    expect((await list(mine)).pagination.total).toBe(0);
    expect((await list(other)).data.map((f) => f.productId)).toEqual([pid(30)]);
  });

  it("keeps users' favorites apart", async () => {
    const a = await freshUser();
    const b = await freshUser();
    await add(a, pid(40));
    expect(await check(b, pid(40))).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${pid(40)}`, headers: bearer(b) })).statusCode,
    ).toBe(404);
    expect(await check(a, pid(40))).toBe(true);
  });
});

describe('favorites: plan limits', () => {
  it(`stops the free plan at the admin default of ${DEFAULT_MAX_WISHLIST_ITEMS} with 403 and the limit message`, async () => {
    const session = await registerUser(ctx.app);
    await seedFavorites(session.user._id, productIds.slice(0, DEFAULT_MAX_WISHLIST_ITEMS - 1));
    // The 20th is still allowed...
    expect((await add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS - 1))).statusCode).toBe(201);
    // ...the 21st is not.
    const res = await add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS));
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({
      success: false,
      code: 'FAVORITES_LIMIT',
      message: 'Favori limitinize ulaştınız (20/20). Premium abonelik alarak daha fazla ürün ekleyebilirsiniz.',
    });
    expect((await list(session.token)).pagination.total).toBe(DEFAULT_MAX_WISHLIST_ITEMS);
    // A duplicate at the limit is still reported as a duplicate, so the screen shows it as favorite.
    expect(body(await add(session.token, pid(0)))).toMatchObject({ code: 'FAVORITE_EXISTS' });
  });

  it('follows the admin maxWishlistItems setting', async () => {
    await setSettings(ctx, 'features', { maxWishlistItems: 12 });
    try {
      const session = await registerUser(ctx.app);
      await seedFavorites(session.user._id, productIds.slice(0, 11));
      expect((await add(session.token, pid(11))).statusCode).toBe(201);
      const res = await add(session.token, pid(12));
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'FAVORITES_LIMIT', message: messages.favorites.limitReached(12, 12) });
    } finally {
      await setSettings(ctx, 'features', { maxWishlistItems: DEFAULT_MAX_WISHLIST_ITEMS });
    }
  });

  it('does not count favorites of products that are no longer listed', async () => {
    const session = await registerUser(ctx.app);
    await seedFavorites(session.user._id, productIds.slice(0, DEFAULT_MAX_WISHLIST_ITEMS));
    expect((await add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS))).statusCode).toBe(403);
    await ctx.db.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, pid(3)));
    try {
      expect((await list(session.token)).pagination.total).toBe(DEFAULT_MAX_WISHLIST_ITEMS - 1);
      expect((await add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS))).statusCode).toBe(201);
    } finally {
      await ctx.db.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, pid(3)));
    }
  });

  it(`lets premium go past the free limit up to ${PREMIUM_WISHLIST_ITEMS}`, async () => {
    const session = await loginAs(ctx.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    await ctx.db.db.delete(favorites).where(eq(favorites.userId, session.user._id));
    await seedFavorites(session.user._id, productIds.slice(0, DEFAULT_MAX_WISHLIST_ITEMS));
    // Beyond the free limit: fine for premium.
    expect((await add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS))).statusCode).toBe(201);

    await seedFavorites(session.user._id, productIds.slice(DEFAULT_MAX_WISHLIST_ITEMS + 1, PREMIUM_WISHLIST_ITEMS - 1));
    expect((await add(session.token, pid(PREMIUM_WISHLIST_ITEMS - 1))).statusCode).toBe(201);
    const res = await add(session.token, pid(PREMIUM_WISHLIST_ITEMS));
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({
      code: 'FAVORITES_LIMIT',
      message: messages.favorites.premiumLimitReached(PREMIUM_WISHLIST_ITEMS, PREMIUM_WISHLIST_ITEMS),
    });
    // The default page holds a whole premium list.
    const { data, pagination } = await list(session.token);
    expect(pagination.total).toBe(PREMIUM_WISHLIST_ITEMS);
    expect(data).toHaveLength(PREMIUM_WISHLIST_ITEMS);
    await ctx.db.db.delete(favorites).where(eq(favorites.userId, session.user._id));
  });

  it('counts concurrent additions against the limit one at a time', async () => {
    const session = await registerUser(ctx.app);
    await seedFavorites(session.user._id, productIds.slice(0, DEFAULT_MAX_WISHLIST_ITEMS - 2));
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => add(session.token, pid(DEFAULT_MAX_WISHLIST_ITEMS + i))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(3);
    expect((await list(session.token)).pagination.total).toBe(DEFAULT_MAX_WISHLIST_ITEMS);
  });
});

describe('favorites: admin switch', () => {
  it('answers 403 WISHLIST_DISABLED with a Turkish message while favorites are switched off', async () => {
    const token = await freshUser();
    await add(token, pid(50));
    await setSettings(ctx, 'features', { enableWishlist: false });
    try {
      for (const [method, url] of [
        ['GET', '/api/favorites'],
        ['POST', `/api/favorites/${pid(51)}`],
        ['DELETE', `/api/favorites/${pid(50)}`],
        ['GET', `/api/favorites/check/${pid(50)}`],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: bearer(token) });
        expect(res.statusCode).toBe(403);
        expect(body(res)).toEqual({ success: false, code: 'WISHLIST_DISABLED', message: messages.favorites.disabled });
      }
    } finally {
      await setSettings(ctx, 'features', { enableWishlist: true });
    }
    expect(await check(token, pid(50))).toBe(true);
  });
});
