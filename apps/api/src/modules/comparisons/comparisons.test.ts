import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SPEC_LABELS, type ProductCard } from '@kiyasla/contracts/catalog';
import type {
  ComparisonResult,
  SavedComparison,
  SavedComparisonDetail,
  SavedComparisonPage,
} from '@kiyasla/contracts/comparisons';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';
import { messages } from '@kiyasla/contracts/messages';
import { SETTINGS_RANGES } from '@kiyasla/contracts/settings';
import type { PlanId } from '@kiyasla/contracts/constants';
import { products } from '../../db/schema/products';
import { savedComparisons } from '../../db/schema/saved-comparisons';
import { users } from '../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp, setSettings } from '../../test/app';

const ctx = useTestApp();
let phones: ProductCard[];
let laptops: ProductCard[];
let headphones: ProductCard[];
let premiumToken: string;
let premiumId: string;

async function cards(category: string): Promise<ProductCard[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?category=${category}&limit=12` });
  expect(res.statusCode).toBe(200);
  return body<{ data: ProductCard[] }>(res).data;
}

beforeAll(async () => {
  [phones, laptops, headphones] = await Promise.all([cards('telefon'), cards('laptop'), cards('kulaklik')]);
  expect(phones.length).toBeGreaterThanOrEqual(DEFAULT_MAX_COMPARISON_ITEMS + 1);
  const premium = await loginAs(ctx.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
  premiumToken = premium.token;
  premiumId = premium.user._id;
});

const ids = (list: ProductCard[], n: number) => list.slice(0, n).map((p) => p._id);
const json = { 'content-type': 'application/json' };

function compare(productIds: unknown, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/comparisons/compare',
    headers: token ? bearer(token) : {},
    payload: { productIds },
  });
}

function save(token: string | undefined, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/comparisons', headers: token ? bearer(token) : {}, payload });
}

async function saveOk(token: string, payload: Record<string, unknown> = {}): Promise<SavedComparison> {
  const res = await save(token, { name: 'Telefonlar', productIds: ids(phones, 2), ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: SavedComparison }>(res).data;
}

function get(id: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/comparisons/${id}`, headers: token ? bearer(token) : {} });
}

async function setPlan(userId: string, plan: PlanId, status: 'active' | 'expired' = 'active') {
  await ctx.db.db
    .update(users)
    .set({
      subscriptionPlan: plan,
      subscriptionStatus: status,
      subscriptionStart: new Date(Date.now() - 86_400_000),
      subscriptionEnd:
        plan === 'lifetime-premium' ? null : new Date(Date.now() + (status === 'active' ? 1 : -1) * 86_400_000 * 30),
    })
    .where(eq(users.id, userId));
}

/** Saved comparisons written straight to the table, to reach the plan limits quickly. */
async function seedSaved(userId: string, n: number) {
  if (n === 0) return;
  await ctx.db.db
    .insert(savedComparisons)
    .values(Array.from({ length: n }, (_, i) => ({ userId, name: `Kayıt ${i + 1}`, productIds: ids(phones, 2) })));
}

describe('POST /api/comparisons/compare', () => {
  it('compares products for a visitor: every field of §3, aligned specifications, no pros/cons', async () => {
    const chosen = [phones[0]!, headphones[0]!];
    const res = await compare(chosen.map((p) => p._id));
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: ComparisonResult }>(res);
    expect(data.prosConsIncluded).toBe(false);
    expect(data.products.map((p) => p.id)).toEqual(chosen.map((p) => p._id));

    const [phone, headphone] = data.products;
    expect(Object.keys(phone!).sort()).toEqual(
      [
        'id',
        '_id',
        'name',
        'slug',
        'brand',
        'model',
        'image',
        'currentPrice',
        'originalPrice',
        'rating',
        'reviewCount',
        'category',
        'subcategory',
        'stores',
        'features',
        'technicalSpecs',
        'pros',
        'cons',
        'description',
        'releaseDate',
        'warranty',
        'dimensions',
        'colors',
        'availability',
        'energyRating',
        'certifications',
      ].sort(),
    );
    expect(phone!.currentPrice).toBe(phones[0]!.currentPrice);
    expect(phone!.category?.slug).toBe('telefon');
    expect(phone!.stores.length).toBeGreaterThan(0);
    expect(phone!.stores[0]).toMatchObject({ price: phone!.currentPrice, url: expect.stringMatching(/^https?:\/\//) });
    expect(Object.keys(phone!.stores[0]!.shipping).sort()).toEqual(['cost', 'estimatedDays', 'free', 'label']);
    expect(phone!.pros).toEqual([]);
    expect(headphone!.cons).toEqual([]);

    // The union of both products' keys, one row each, values in product order.
    const rows = data.technicalSpecs;
    expect(rows.length).toBeGreaterThan(0);
    expect(phone!.technicalSpecs.map((s) => s.key)).toEqual(rows.map((r) => r.key));
    expect(headphone!.technicalSpecs.map((s) => s.key)).toEqual(rows.map((r) => r.key));
    for (const row of rows) {
      expect(row.values).toHaveLength(2);
      // Every key of the demo catalog has a Turkish label (seed/spec-labels.test.ts).
      expect(row.label, row.key).toBe(SPEC_LABELS[row.key]);
      expect(row.differs).toBe(row.values[0] !== row.values[1]);
      expect(phone!.technicalSpecs.find((s) => s.key === row.key)).toMatchObject({
        value: row.values[0],
        differs: row.differs,
      });
    }
    // A phone has a camera row the headphones lack: null there, and the row differs.
    const camera = rows.find((r) => r.key === 'camera');
    expect(camera).toMatchObject({ label: 'Kamera', differs: true });
    expect(camera!.values[0]).toMatch(/MP/);
    expect(camera!.values[1]).toBeNull();

    expect(data.summary.priceRange).toEqual({
      min: Math.min(phones[0]!.currentPrice!, headphones[0]!.currentPrice!),
      max: Math.max(phones[0]!.currentPrice!, headphones[0]!.currentPrice!),
    });
    expect(data.summary.totalStores).toBeGreaterThan(0);
  });

  it('marks rows whose values are all equal as not differing', async () => {
    const [a, b] = ids(phones, 2);
    await ctx.db.db
      .update(products)
      .set({ specifications: { os: 'Android 15', ram: '8 GB' } })
      .where(eq(products.id, a!));
    await ctx.db.db
      .update(products)
      .set({ specifications: { os: 'Android 15', ram: '12 GB' } })
      .where(eq(products.id, b!));
    const { data } = body<{ data: ComparisonResult }>(await compare([a, b]));
    expect(data.technicalSpecs).toEqual([
      { key: 'ram', label: 'RAM', values: ['8 GB', '12 GB'], differs: true },
      { key: 'os', label: 'İşletim Sistemi', values: ['Android 15', 'Android 15'], differs: false },
    ]);
  });

  it('answers 400 with one product, or the same product twice', async () => {
    for (const productIds of [ids(phones, 1), [phones[0]!._id, phones[0]!._id]]) {
      const res = await compare(productIds);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 'COMPARISON_TOO_FEW', message: 'En az 2 ürün seçmelisiniz' });
    }
  });

  it(`accepts ${DEFAULT_MAX_COMPARISON_ITEMS} products and answers 400 for one more`, async () => {
    expect((await compare(ids(phones, DEFAULT_MAX_COMPARISON_ITEMS))).statusCode).toBe(200);
    const res = await compare(ids(phones, DEFAULT_MAX_COMPARISON_ITEMS + 1));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      code: 'COMPARISON_TOO_MANY',
      message: 'En fazla 5 ürün karşılaştırabilirsiniz',
    });
  });

  it('answers more ids than any maximum (over 50) as too many, not too few', async () => {
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    const tooMany = {
      code: 'COMPARISON_TOO_MANY',
      message: messages.comparisons.tooMany(SETTINGS_RANGES.maxComparisonItems.max),
    };
    expect(body(await compare(many))).toMatchObject(tooMany);
    const { token } = await registerUser(ctx.app);
    expect(body(await save(token, { name: 'Çok', productIds: many }))).toMatchObject(tooMany);
  });

  it('follows the admin maxComparisonItems setting', async () => {
    await setSettings(ctx, 'features', { maxComparisonItems: 3 });
    try {
      expect((await compare(ids(phones, 3))).statusCode).toBe(200);
      const res = await compare(ids(phones, 4));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ message: messages.comparisons.tooMany(3) });
    } finally {
      await setSettings(ctx, 'features', { maxComparisonItems: DEFAULT_MAX_COMPARISON_ITEMS });
    }
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await compare([phones[0]!._id, '2b7c9d3e-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    const malformed = await compare([phones[0]!._id, 'abc']);
    expect(malformed.statusCode).toBe(400);
    expect((await compare(undefined)).statusCode).toBe(400);
  });

  it('computes pros and cons for premium callers only, from prices and specifications', async () => {
    const [cheap, dear] = [...phones.slice(0, 4)].sort((x, y) => x.currentPrice! - y.currentPrice!) as [
      ProductCard,
      ProductCard,
    ];
    expect(cheap.currentPrice).toBeLessThan(dear.currentPrice!);
    await ctx.db.db
      .update(products)
      .set({ specifications: { battery: '5000 mAh', storage: '256 GB', screenSize: '6.7 inç', camera: '50 MP' } })
      .where(eq(products.id, cheap._id));
    await ctx.db.db
      .update(products)
      .set({ specifications: { battery: '4000 mAh', storage: '1 TB', screenSize: '6.7 inç', camera: '50 MP' } })
      .where(eq(products.id, dear._id));

    const free = await loginAs(ctx.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const forFree = body<{ data: ComparisonResult }>(await compare([cheap._id, dear._id], free.token)).data;
    expect(forFree.prosConsIncluded).toBe(false);
    expect(forFree.products.flatMap((p) => [...p.pros, ...p.cons])).toEqual([]);

    const res = await compare([cheap._id, dear._id], premiumToken);
    const { data } = body<{ data: ComparisonResult }>(res);
    expect(data.prosConsIncluded).toBe(true);
    const tl = (n: number) => new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(n);
    const [a, b] = data.products;
    expect(a!.pros).toContain(`En düşük fiyat (${tl(cheap.currentPrice!)})`);
    expect(a!.pros).toContain('En yüksek batarya kapasitesi (5000 mAh)');
    expect(a!.cons).toContain('En az depolama alanı (256 GB)');
    expect(b!.cons).toContain(`En yüksek fiyat (${tl(dear.currentPrice!)})`);
    expect(b!.cons).toContain('En düşük batarya kapasitesi (4000 mAh)');
    expect(b!.pros).toContain('En fazla depolama alanı (1 TB)');
    // Equal screens and cameras say nothing.
    expect(JSON.stringify(data.products.map((p) => [p.pros, p.cons]))).not.toMatch(/ekran|kamera/);
  });

  it('answers 403 COMPARISON_DISABLED while comparison is switched off', async () => {
    await setSettings(ctx, 'features', { enableComparison: false });
    try {
      const res = await compare(ids(phones, 2));
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'COMPARISON_DISABLED', message: messages.comparisons.disabled });
    } finally {
      await setSettings(ctx, 'features', { enableComparison: true });
    }
  });
});

describe('POST /api/comparisons (save)', () => {
  it('asks a visitor to sign in, in the words of §5', async () => {
    const res = await save(undefined, { name: 'x', productIds: ids(phones, 2) });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ message: 'Karşılaştırma kaydetmek için giriş yapmalısınız' });
  });

  it('saves with trimmed fields, tags split, trimmed, empties and repeats dropped', async () => {
    const { token } = await registerUser(ctx.app);
    const saved = await saveOk(token, {
      name: '  Amiral gemileri  ',
      description: '   ',
      productIds: ids(phones, 3),
      isPublic: true,
      tags: ' telefon, ,Kamera ,TELEFON,, ',
    });
    expect(saved).toMatchObject({
      name: 'Amiral gemileri',
      description: null,
      productIds: ids(phones, 3),
      isPublic: true,
      tags: ['telefon', 'Kamera'],
      isOwner: true,
    });
    expect(saved.products.map((p) => p._id)).toEqual(ids(phones, 3));
    expect(saved.products[0]).toMatchObject({ name: phones[0]!.name, currentPrice: phones[0]!.currentPrice });
    const asList = await saveOk(token, { tags: ['  a ', '', 'b'] });
    expect(asList.tags).toEqual(['a', 'b']);
  });

  it('validates the fields with the Turkish messages', async () => {
    const { token } = await registerUser(ctx.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', productIds: ids(phones, 1) }, 'En az 2 ürün seçmelisiniz'],
      [{ name: '   ', productIds: ids(phones, 2) }, 'Karşılaştırma adı gereklidir'],
      [{ productIds: ids(phones, 2) }, 'Karşılaştırma adı gereklidir'],
      [{ name: 'x'.repeat(101), productIds: ids(phones, 2) }, messages.comparisons.nameTooLong(100)],
      [
        { name: 'x', description: 'y'.repeat(501), productIds: ids(phones, 2) },
        messages.comparisons.descriptionTooLong(500),
      ],
      [{ name: 'x', productIds: ids(phones, 2), tags: 'a'.repeat(31) }, messages.comparisons.tagTooLong(30)],
      [{ name: 'x', productIds: ids(phones, 2), tags: 'a,b,c,d,e,f,g,h,i,j,k' }, messages.comparisons.tooManyTags(10)],
      [{ name: 'x', productIds: ids(phones, 6) }, 'En fazla 5 ürün karşılaştırabilirsiniz'],
    ];
    for (const [payload, message] of cases) {
      const res = await save(token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const unknown = await save(token, {
      name: 'x',
      productIds: [phones[0]!._id, '2b7c9d3e-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/comparisons', headers: bearer(token) })).json(),
    ).toMatchObject({ pagination: { total: 0 } });
  });

  it("takes the code from the first field's rule, the one its message names", async () => {
    const { token } = await registerUser(ctx.app);
    const empty = await save(token, {});
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Karşılaştırma adı gereklidir' });
    const fewOnly = await save(token, { name: 'x', productIds: ids(phones, 1) });
    expect(body(fewOnly)).toMatchObject({ code: 'COMPARISON_TOO_FEW', message: 'En az 2 ürün seçmelisiniz' });
  });

  it('stops the free plan at exactly 3 saved comparisons', async () => {
    const { token } = await registerUser(ctx.app);
    for (let i = 0; i < 3; i++) await saveOk(token, { name: `K${i}` });
    const res = await save(token, { name: 'K4', productIds: ids(phones, 2) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({
      success: false,
      code: 'COMPARISON_LIMIT',
      message: 'Karşılaştırma limitinize ulaştınız (3/3). Aboneliğinizi yükseltin.',
    });
  });

  it('stops the monthly plan at exactly 10, and a lapsed plan counts as free', async () => {
    const session = await registerUser(ctx.app);
    await setPlan(session.user._id, 'monthly-premium');
    await seedSaved(session.user._id, 9);
    await saveOk(session.token);
    const res = await save(session.token, { name: 'K11', productIds: ids(phones, 2) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 'COMPARISON_LIMIT', message: messages.comparisons.limitReached(10, 10) });

    await setPlan(session.user._id, 'monthly-premium', 'expired');
    expect(body(await save(session.token, { name: 'K', productIds: ids(phones, 2) }))).toMatchObject({
      message: messages.comparisons.limitReached(10, 3),
    });
  });

  it('does not limit the yearly and lifetime plans', async () => {
    await seedSaved(premiumId, 25);
    await saveOk(premiumToken);
    const lifetime = await registerUser(ctx.app);
    await setPlan(lifetime.user._id, 'lifetime-premium');
    await seedSaved(lifetime.user._id, 25);
    await saveOk(lifetime.token);
  });

  it('lets two concurrent saves at the last free slot through one at a time', async () => {
    const { token } = await registerUser(ctx.app);
    await saveOk(token, { name: 'X1' });
    await saveOk(token, { name: 'X2' });
    const results = await Promise.all([0, 1, 2].map((i) => save(token, { name: `Y${i}`, productIds: ids(phones, 2) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });

  it('saves a comparison sent several times at once (a double click, a retry) once, and answers each with it', async () => {
    const { token, user } = await registerUser(ctx.app);
    const payload = { name: 'Çift tık', description: 'Aynı istek', productIds: ids(phones, 3), tags: 'a, b' };
    const results = await Promise.all([0, 1, 2, 3, 4].map(() => save(token, payload)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const answered = new Set(results.map((r) => body<{ data: SavedComparison }>(r).data._id));
    expect(answered.size).toBe(1);
    const rows = await ctx.db.db.select().from(savedComparisons).where(eq(savedComparisons.userId, user._id));
    expect(rows).toHaveLength(1);
    // Sent again later it is still the one saved, and a free member's other two slots stay free.
    expect((await save(token, payload)).statusCode).toBe(200);
    await saveOk(token, { ...payload, productIds: [...ids(phones, 3)].reverse() });
    await saveOk(token, { ...payload, isPublic: true });
    expect((await save(token, { ...payload, name: 'Dördüncü' })).statusCode).toBe(403);
  });
});

describe('saved comparisons: reading, ownership, updates', () => {
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let priv: SavedComparison;
  let pub: SavedComparison;

  beforeAll(async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    alice = { token: a.token, id: a.user._id };
    bob = { token: b.token, id: b.user._id };
    priv = await saveOk(alice.token, { name: 'Gizli', productIds: ids(phones, 3) });
    pub = await saveOk(alice.token, { name: 'Açık', productIds: ids(laptops, 2), isPublic: true, tags: 'laptop' });
  });

  it("lists the caller's own, newest first, as data.data with pagination (also at the top level)", async () => {
    await saveOk(bob.token, { name: 'Bob' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/comparisons?page=1&limit=1',
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(200);
    const payload = body<{ data: SavedComparisonPage; pagination: SavedComparisonPage['pagination'] }>(res);
    expect(payload.data.data.map((c) => c.name)).toEqual(['Açık']);
    expect(payload.data.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 });
    expect(payload.pagination).toEqual(payload.data.pagination);
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/comparisons?page=2&limit=1',
      headers: bearer(alice.token),
    });
    expect(body<{ data: SavedComparisonPage }>(second).data.data.map((c) => c.name)).toEqual(['Gizli']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/comparisons' })).statusCode).toBe(401);
  });

  it('returns the owner full comparison items in data.products', async () => {
    const res = await get(priv._id, alice.token);
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: SavedComparisonDetail }>(res);
    expect(data).toMatchObject({
      _id: priv._id,
      name: 'Gizli',
      isPublic: false,
      isOwner: true,
      prosConsIncluded: false,
    });
    expect(data.products.map((p) => p.id)).toEqual(ids(phones, 3));
    expect(data.products[0]!.stores.length).toBeGreaterThan(0);
    expect(data.products[0]!.technicalSpecs.length).toBe(data.technicalSpecs.length);
    expect(data.technicalSpecs[0]!.values).toHaveLength(3);
  });

  it("hides another user's private comparison: 404 to read, update and delete", async () => {
    for (const res of [
      await get(priv._id, bob.token),
      await get(priv._id),
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/comparisons/${priv._id}`,
        headers: bearer(bob.token),
        payload: { name: 'Benim' },
      }),
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/comparisons/${priv._id}`,
        headers: { ...bearer(bob.token), ...json },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 'COMPARISON_NOT_FOUND', message: messages.comparisons.notFound });
    }
    expect(body<{ data: SavedComparisonDetail }>(await get(priv._id, alice.token)).data.name).toBe('Gizli');
    expect((await get('not-an-id', alice.token)).statusCode).toBe(404);
    expect((await get('2b7c9d3e-0000-4000-8000-000000000000', alice.token)).statusCode).toBe(404);
  });

  it('lets anyone read a public comparison but only its owner change it', async () => {
    const asBob = await get(pub._id, bob.token);
    expect(asBob.statusCode).toBe(200);
    expect(body<{ data: SavedComparisonDetail }>(asBob).data).toMatchObject({ isOwner: false, name: 'Açık' });
    expect((await get(pub._id)).statusCode).toBe(200);
    // The premium reader gets the analysis on someone else's public comparison too.
    expect(body<{ data: SavedComparisonDetail }>(await get(pub._id, premiumToken)).data.prosConsIncluded).toBe(true);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/comparisons/${pub._id}`,
      headers: bearer(bob.token),
      payload: { name: 'Benim' },
    });
    expect(put.statusCode).toBe(403);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comparisons/${pub._id}`,
      headers: bearer(bob.token),
    });
    expect(del.statusCode).toBe(403);
    expect(body<{ data: SavedComparisonDetail }>(await get(pub._id)).data.name).toBe('Açık');
  });

  it('updates any of the fields for the owner', async () => {
    const created = await saveOk(alice.token, { name: 'Eski', description: 'Açıklama', tags: 'x' });
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/comparisons/${created._id}`, headers: bearer(alice.token), payload });

    const res = await put({ name: ' Yeni ', isPublic: true, tags: 'a, b ,', productIds: ids(phones, 4).slice(1) });
    expect(res.statusCode).toBe(200);
    expect(body<{ message: string; data: SavedComparison }>(res)).toMatchObject({
      message: messages.comparisons.updated,
      data: {
        name: 'Yeni',
        description: 'Açıklama',
        isPublic: true,
        tags: ['a', 'b'],
        productIds: ids(phones, 4).slice(1),
      },
    });
    expect(body<{ data: SavedComparison }>(await put({ description: '' })).data.description).toBeNull();
    expect(body<{ data: SavedComparison }>(await put({})).data.name).toBe('Yeni');
    expect(body(await put({ productIds: ids(phones, 1) }))).toMatchObject({ message: 'En az 2 ürün seçmelisiniz' });
    expect(body(await put({ name: '' }))).toMatchObject({ message: 'Karşılaştırma adı gereklidir' });
    expect((await put({ productIds: ids(phones, 6) })).statusCode).toBe(400);
    expect(body<{ data: SavedComparisonDetail }>(await get(created._id, alice.token)).data.name).toBe('Yeni');
  });

  it('deletes for the owner', async () => {
    const owner = await registerUser(ctx.app);
    const created = await saveOk(owner.token, { name: 'Silinecek' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comparisons/${created._id}`,
      headers: { ...bearer(owner.token), ...json },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: messages.comparisons.deleted, data: null });
    expect((await get(created._id, owner.token)).statusCode).toBe(404);
  });

  it('leaves products that are no longer listed out of a saved comparison', async () => {
    const owner = await registerUser(ctx.app);
    const created = await saveOk(owner.token, { name: 'Eksik', productIds: ids(headphones, 3) });
    await ctx.db.db.update(products).set({ isActive: false }).where(eq(products.id, headphones[1]!._id));
    try {
      const { data } = body<{ data: SavedComparisonDetail }>(await get(created._id, owner.token));
      expect(data.productIds).toEqual([headphones[0]!._id, headphones[2]!._id]);
      expect(data.products.map((p) => p.id)).toEqual(data.productIds);
    } finally {
      await ctx.db.db.update(products).set({ isActive: true }).where(eq(products.id, headphones[1]!._id));
    }
  });
});

describe('GET /api/comparisons/public', () => {
  let own: { token: string };
  beforeAll(async () => {
    own = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await ctx.db.db.delete(savedComparisons).where(eq(savedComparisons.isPublic, true));
    await saveOk(own.token, { name: 'P-telefon', productIds: ids(phones, 2), isPublic: true, tags: 'Işık, kamera' });
    await saveOk(own.token, { name: 'P-laptop', productIds: ids(laptops, 2), isPublic: true, tags: 'oyun' });
    await saveOk(own.token, { name: 'Gizli-telefon', productIds: ids(phones, 2), isPublic: false, tags: 'kamera' });
    await saveOk(other.token, {
      name: 'P-karışık',
      productIds: [phones[2]!._id, headphones[0]!._id],
      isPublic: true,
      tags: 'KAMERA',
    });
  });

  async function listPublic(query = ''): Promise<{ names: string[]; page: SavedComparisonPage }> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/comparisons/public${query}` });
    expect(res.statusCode).toBe(200);
    const page = body<{ data: SavedComparisonPage }>(res).data;
    return { names: page.data.map((c) => c.name), page };
  }

  it('lists public comparisons only, newest first, for visitors too', async () => {
    const { names, page } = await listPublic();
    expect(names).toEqual(['P-karışık', 'P-laptop', 'P-telefon']);
    expect(page.pagination).toMatchObject({ total: 3, page: 1 });
    expect(page.data.every((c) => c.isPublic && !c.isOwner)).toBe(true);
    expect((await listPublic('?page=2&limit=2')).names).toEqual(['P-telefon']);
  });

  it('filters by category (slug or id) through the products it contains', async () => {
    expect((await listPublic('?category=telefon')).names).toEqual(['P-karışık', 'P-telefon']);
    expect((await listPublic('?category=kulaklik')).names).toEqual(['P-karışık']);
    expect((await listPublic(`?category=${laptops[0]!.category!._id}`)).names).toEqual(['P-laptop']);
    expect((await listPublic(`?category=${phones[0]!.subcategory!._id}`)).names).toContain('P-telefon');
    expect((await listPublic('?category=yok-boyle-kategori')).page).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
  });

  it('filters by tags, any of them, ignoring case and Turkish letters', async () => {
    expect((await listPublic('?tags=kamera')).names).toEqual(['P-karışık', 'P-telefon']);
    expect((await listPublic('?tags=isik')).names).toEqual(['P-telefon']);
    expect((await listPublic('?tags=oyun,%20yok')).names).toEqual(['P-laptop']);
    expect((await listPublic('?tags=oyun&tags=IŞIK')).names).toEqual(['P-laptop', 'P-telefon']);
    expect((await listPublic('?category=telefon&tags=oyun')).names).toEqual([]);
  });

  it('no longer shows the public comparisons of an account that was closed, in the list or by address', async () => {
    const leaving = await registerUser(ctx.app);
    const saved = await saveOk(leaving.token, { name: 'P-ayrılan', productIds: ids(laptops, 2), isPublic: true });
    expect((await listPublic()).names).toContain('P-ayrılan');
    expect((await get(saved._id)).statusCode).toBe(200);
    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(leaving.token),
      payload: { password: leaving.password },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await listPublic()).names).not.toContain('P-ayrılan');
    expect((await listPublic()).page.pagination.total).toBe(3);
    expect((await get(saved._id)).statusCode).toBe(404);
  });
});
