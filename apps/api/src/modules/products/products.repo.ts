import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  LOWEST_PRICE_WINDOW_DAYS,
  PRICE_DROP_WINDOW_DAYS,
  type AdvancedFilter,
} from '@kiyasla/contracts/catalog-constants';
import type { SortOption } from '@kiyasla/contracts/constants';
import type { Database } from '../../db/client';
import { offerIsFresh } from '../../db/offer-freshness';
import { productPrices, type ProductPricesRow } from '../../db/schema/product-prices';
import { products, type ProductRow } from '../../db/schema/products';
import { storeOffers } from '../../db/schema/store-offers';
import { stores } from '../../db/schema/stores';
import { sqlRows } from '../../lib/sql-rows';
import type { ListingFilters, ListingPage } from './listing-filters';

// Everything but the search columns: the tsvector alone is ~40% of a row (about 1 KB) and no
// response shows it, so listings and the product page never fetch it.
const { searchVector: _searchVector, searchText: _searchText, ...ownColumns } = getTableColumns(products);
// The prices, from product_prices (its copies of the product's scope columns stay behind).
const {
  productId: _productId,
  categoryId: _categoryId,
  subcategoryId: _subcategoryId,
  isActive: _isActive,
  storeIds: _storeIds,
  ...priceColumns
} = getTableColumns(productPrices);

/** A product and its prices: select it from products joined with `pricesOfProduct`. */
export const productColumns = { ...ownColumns, ...priceColumns };

/** The join condition of a product's prices row (every product has one, migration 0010). */
export const pricesOfProduct = eq(productPrices.productId, products.id);

type PriceFields = Omit<ProductPricesRow, 'productId' | 'categoryId' | 'subcategoryId' | 'isActive' | 'storeIds'>;

/** A product row as listings and the product page read it (no search columns, with its prices). */
export type ProductListRow = Omit<ProductRow, 'searchVector' | 'searchText'> & PriceFields;

const CARD_FIELDS = [
  'id',
  'name',
  'slug',
  'brand',
  'model',
  'categoryId',
  'subcategoryId',
  'specifications',
  'images',
  'availability',
  'isFeatured',
  'averageRating',
  'ratingsCount',
  'createdAt',
  'minPrice',
  'prevMinPrice',
  'originalPrice',
  'offerCount',
] as const;

/** What a product card shows (products.presenter toProductCard): no description, features or SEO text. */
export type ProductCardRow = Pick<ProductListRow, (typeof CARD_FIELDS)[number]>;

const cardColumns = Object.fromEntries(CARD_FIELDS.map((f) => [f, productColumns[f]])) as Pick<
  typeof productColumns,
  (typeof CARD_FIELDS)[number]
>;

const ORDER: Record<SortOption, SQL[]> = {
  popularity: [desc(products.ratingsCount), desc(products.averageRating), asc(products.id)],
  'price-low': [sql`${productPrices.minPrice} asc nulls last`, asc(products.id)],
  // Ties by id descending: the backward walk of the prices index gives them so (findPageByPrice).
  'price-high': [sql`${productPrices.minPrice} desc nulls last`, desc(products.id)],
  rating: [desc(products.averageRating), desc(products.ratingsCount), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
};

function orderFor(sort: ListingPage['sort'], f: ListingFilters): SQL[] {
  if (sort === 'relevance') {
    return f.search ? [sql`${f.search.rank} desc`, desc(products.ratingsCount), asc(products.id)] : ORDER.popularity;
  }
  return ORDER[sort];
}

/**
 * The premium advanced filters (ADR 019) as conditions on the prices row, whose figures
 * refreshProductPriceAggregates keeps: no offer or history is read per request.
 */
const ADVANCED_CONDITIONS: Record<AdvancedFilter, SQL> = {
  freeShipping: sql`${productPrices.freeShipping}`,
  inStock: sql`${productPrices.inStock}`,
  // The lowest price's last move was a drop, within the window: what the card's down arrow shows.
  priceDropped: sql`(${productPrices.minPrice} < ${productPrices.prevMinPrice}
    and ${productPrices.priceUpdatedAt} >= now() - make_interval(days => ${PRICE_DROP_WINDOW_DAYS}))`,
  // No lower price was on sale within the window (lower_price_seen_at is constant while the lowest
  // price holds, so the window can slide without rewriting a row).
  lowestIn6m: sql`(${productPrices.minPrice} is not null and (${productPrices.lowerPriceSeenAt} is null
    or ${productPrices.lowerPriceSeenAt} < now() - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS})))`,
};

function advancedConditions(filters: readonly AdvancedFilter[]): SQL[] {
  return filters.map((f) => ADVANCED_CONDITIONS[f]);
}

/** A filter group left out when computing that group's own facet counts. */
export type FilterGroup = 'brand' | 'store' | 'price' | `spec:${string}`;

/**
 * WHERE conditions of a listing. `except` drops one group so its facet shows what each
 * value would add (OR within a group), while every other group still narrows (AND across).
 */
export function listingConditions(f: ListingFilters, except?: FilterGroup): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(products.isActive, true),
    // A subcategory belongs to exactly one category, so its id alone scopes the listing — and
    // (subcategory_id, is_active, …) then counts by an index-only scan: 8 ms instead of 141 ms
    // for a 76,551-product subcategory at 1M products, where ANDing in category_id forced a
    // bitmap heap scan of every matching row (docs/decisions/005-benchmarks.md).
    f.subcategoryId
      ? eq(products.subcategoryId, f.subcategoryId)
      : f.categoryId
        ? eq(products.categoryId, f.categoryId)
        : undefined,
    f.productIds ? (f.productIds.length ? inArray(products.id, f.productIds) : sql`false`) : undefined,
    f.featured ? eq(products.isFeatured, true) : undefined,
    f.search?.where,
  ];
  if (except !== 'brand' && f.brands.length) conditions.push(inArray(products.brand, f.brands));
  conditions.push(...priceConditions(f, except));
  for (const [key, values] of f.specs) {
    if (except === `spec:${key}`) continue;
    // Containment (@>) rather than `->> key in (...)`: the GIN jsonb_path_ops index answers it,
    // so a specification filter narrows by index instead of re-reading every candidate row.
    // Specification values are strings, for which both forms mean the same.
    const any = values.map((v) => sql`${products.specifications} @> ${JSON.stringify({ [key]: v })}::jsonb`);
    conditions.push(any.length === 1 ? any[0] : sql`(${sql.join(any, sql` or `)})`);
  }
  return and(...conditions);
}

/**
 * The conditions of a listing that read only its prices row: the price range, the stores (its
 * counting stores, kept in `store_ids` with the prices) and the advanced filters.
 */
function priceConditions(f: ListingFilters, except?: FilterGroup): SQL[] {
  const conditions: SQL[] = [];
  if (except !== 'price') {
    if (f.minPriceKurus !== undefined) conditions.push(sql`${productPrices.minPrice} >= ${f.minPriceKurus}`);
    if (f.maxPriceKurus !== undefined) conditions.push(sql`${productPrices.minPrice} <= ${f.maxPriceKurus}`);
  }
  if (except !== 'store' && f.stores.length) {
    // Sold by any of the chosen stores (an active store whose offer counts).
    conditions.push(sql`${productPrices.storeIds} && array(
      select s.id from ${stores} s where s.is_active and s.slug in (${sql.join(
        f.stores.map((slug) => sql`${slug}`),
        sql`, `,
      )}))`);
  }
  conditions.push(...advancedConditions(f.advanced));
  return conditions;
}

/** Whether the conditions of a listing read the prices (a price range, an advanced filter), so need their join. */
function filtersByPrice(f: ListingFilters, except?: FilterGroup): boolean {
  return priceConditions(f, except).length > 0;
}

/**
 * Whether the listing is its scope plus conditions on the prices row only: then product_prices
 * (which carries copies of the scope columns) answers counts alone, from its narrow rows and
 * (category | subcategory, min_price) indexes, without a join to the 2.5 KB products rows.
 */
function scopeAndPricesOnly(f: ListingFilters): boolean {
  return !f.productIds && !f.featured && !f.search && f.brands.length === 0 && f.specs.size === 0;
}

/**
 * The same scope as listingConditions, said of the prices row's copies: with it, a listing sorted
 * by price walks product_prices' (category, min_price) index and stops after one page.
 */
function priceScope(f: ListingFilters): SQL | undefined {
  return and(
    eq(productPrices.isActive, true),
    f.subcategoryId
      ? eq(productPrices.subcategoryId, f.subcategoryId)
      : f.categoryId
        ? eq(productPrices.categoryId, f.categoryId)
        : undefined,
  );
}

export async function findProducts(
  db: Database,
  filters: ListingFilters,
  page: ListingPage,
  /** Up to how many matches a price-sorted page sorts them rather than walking the prices (tests vary it). */
  fewMatches = FEW_MATCHES,
): Promise<{ rows: ProductListRow[]; total: number }> {
  const where = listingConditions(filters);
  const count$ = db.select({ n: count() }).from(products);
  const [rows, totals] = await Promise.all([
    findPage(db, filters, page, where, fewMatches),
    filtersByPrice(filters) && scopeAndPricesOnly(filters)
      ? db
          .select({ n: count() })
          .from(productPrices)
          .where(and(priceScope(filters), ...priceConditions(filters)))
      : (filtersByPrice(filters) ? count$.innerJoin(productPrices, pricesOfProduct) : count$).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/**
 * The two cheapest offers that count of the row's product, as one JSON array in the row: the same
 * offers, in the same order, as findCheapestOffers ranks first.
 */
const cheapestOffersJson = sql<Omit<CardOfferRow, 'productId'>[]>`coalesce((
  select json_agg(json_build_object('price', x.price, 'shippingFree', x.shipping_free,
           'shippingCost', x.shipping_cost, 'storeName', x.name, 'storeSlug', x.slug) order by x.price, x.name)
    from (select o.price, o.shipping_free, o.shipping_cost, s.name, s.slug
            from ${storeOffers} o
            join ${stores} s on s.id = o.store_id
           where o.product_id = ${products.id} and o.is_active and s.is_active and ${offerIsFresh('o', 's')}
           order by o.price, s.name
           limit 2) x), '[]'::json)`;

/** A card's columns with its two cheapest offers (`cheapestOffersJson`), for one statement a page. */
export const cardWithOffersColumns = { ...cardColumns, offers: cheapestOffersJson };

type CardWithOffersRow = ProductCardRow & { offers: Omit<CardOfferRow, 'productId'>[] };

/** Rows of `cardWithOffersColumns` as the cards and their store lines, in the order of the rows. */
export function splitCardsAndOffers(found: readonly CardWithOffersRow[]): {
  rows: ProductCardRow[];
  offers: CardOfferRow[];
} {
  const rows: ProductCardRow[] = [];
  const offers: CardOfferRow[] = [];
  for (const { offers: own, ...card } of found) {
    rows.push(card);
    for (const o of own) offers.push({ productId: card.id, ...o });
  }
  return { rows, offers };
}

/** The listing index's page statement, prepared once per database handle (as the product page's). */
const cardsStatements = new WeakMap<Database, ReturnType<typeof prepareCardsByIds>>();

function prepareCardsByIds(db: Database) {
  return db
    .select(cardWithOffersColumns)
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(sql`${products.id} = any (${sql.placeholder('ids')}::uuid[])`)
    .prepare('listing_cards_by_ids');
}

/**
 * The cards of these products in the order of `ids` (a page the listing index chose), and the
 * cards' store lines: one prepared statement, one round trip.
 */
export async function findCardsByIds(
  db: Database,
  ids: readonly string[],
): Promise<{ rows: ProductCardRow[]; offers: CardOfferRow[] }> {
  if (ids.length === 0) return { rows: [], offers: [] };
  let statement = cardsStatements.get(db);
  if (!statement) cardsStatements.set(db, (statement = prepareCardsByIds(db)));
  const found = await statement.execute({ ids: `{${ids.join(',')}}` });
  const byId = new Map(found.map((r) => [r.id.toLowerCase(), r]));
  return splitCardsAndOffers(ids.flatMap((id) => byId.get(id) ?? []));
}

/**
 * The active products matching a text search, by top-level category: their ids, or null when more
 * than `max` match (the GIN index finds them; no row is read but the matches' own). One text
 * column a category: about 4 MB for 110,000 matches, where a row per id costs a parse each.
 */
export async function findMatchIdsByCategory(
  db: Database,
  search: { where: SQL },
  max: number,
): Promise<{ categoryId: string; ids: string[] }[] | null> {
  const result = await db.execute(sql`
    select m.category_id, string_agg(m.id::text, ',') as ids, count(*) as n
      from (select ${products.id}, ${products.categoryId} from ${products}
             where ${products.isActive} and ${search.where} limit ${max + 1}) as m
     group by m.category_id`);
  const rows = sqlRows<{ category_id: string; ids: string; n: string | number }>(result);
  if (rows.reduce((n, r) => n + Number(r.n), 0) > max) return null;
  return rows.map((r) => ({ categoryId: r.category_id, ids: r.ids.split(',') }));
}

/** One page of a listing without its total (a facet request counts it in its facetPass). */
export function findListingRows(db: Database, filters: ListingFilters, page: ListingPage): Promise<ProductListRow[]> {
  return findPage(db, filters, page, listingConditions(filters), FEW_MATCHES);
}

function findPage(
  db: Database,
  filters: ListingFilters,
  page: ListingPage,
  where: SQL | undefined,
  fewMatches: number,
): Promise<ProductListRow[]> {
  const offset = (page.page - 1) * page.limit;
  const scoped = Boolean(filters.categoryId || filters.subcategoryId) && !filters.search;
  if ((page.sort === 'price-low' || page.sort === 'price-high') && scoped) {
    return scopeAndPricesOnly(filters)
      ? findPageByPrice(db, filters, page.sort, where, page.limit, offset)
      : findPageByPriceOfFew(db, filters, page.sort, where, page.limit, offset, fewMatches);
  }
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(where)
    .orderBy(...orderFor(page.sort, filters))
    .limit(page.limit)
    .offset(offset);
}

/** Up to this many matches, a price-sorted page sorts the matches instead of walking the prices index. */
const FEW_MATCHES = 3_000;

/**
 * A category's page sorted by price when brands, stores or specifications narrow it: if they
 * leave few products (one indexed probe, stopped after `fewMatches` + 1), the page is those
 * products sorted — a few milliseconds — instead of a walk of the category's prices that visits
 * tens of thousands of products to find a rare brand's page (1.9 s at 1M products, ADR 015).
 */
async function findPageByPriceOfFew(
  db: Database,
  filters: ListingFilters,
  sort: 'price-low' | 'price-high',
  where: SQL | undefined,
  limit: number,
  offset: number,
  fewMatches: number,
): Promise<ProductListRow[]> {
  const probe = db.select({ id: products.id }).from(products);
  const matches = await (filtersByPrice(filters) ? probe.innerJoin(productPrices, pricesOfProduct) : probe)
    .where(where)
    .limit(fewMatches + 1);
  if (matches.length > fewMatches) return findPageByPrice(db, filters, sort, where, limit, offset);
  if (matches.length <= offset) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(sql`${products.id} = any (${`{${matches.map((m) => m.id).join(',')}}`}::uuid[])`)
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
}

/**
 * A category's page sorted by price: its prices rows in price order (product_prices' category +
 * price index), each product fetched and filtered in turn until the page is full (ADR 015).
 * Highest first walks the index backwards, which gives the priced products in order; the ones
 * without a price follow them, from a second walk when the page reaches past the priced matches.
 */
async function findPageByPrice(
  db: Database,
  filters: ListingFilters,
  sort: 'price-low' | 'price-high',
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<ProductListRow[]> {
  if (sort === 'price-low') {
    return walkPrices(
      db,
      filters,
      where,
      undefined,
      [sql`${productPrices.minPrice} asc nulls last`, 'asc'],
      limit,
      offset,
    );
  }
  const priced = await walkPrices(
    db,
    filters,
    where,
    isNotNull(productPrices.minPrice),
    [sql`${productPrices.minPrice} desc`, 'desc'],
    limit,
    offset,
  );
  if (priced.length === limit) return priced;
  // Matches with a price before this page: all of them if the page began among them.
  const pricedBefore = priced.length > 0 ? offset + priced.length : await countPriced(db, filters, where);
  const unpriced = await walkPrices(
    db,
    filters,
    where,
    isNull(productPrices.minPrice),
    [undefined, 'desc'],
    limit - priced.length,
    offset + priced.length - pricedBefore,
  );
  return [...priced, ...unpriced];
}

async function countPriced(db: Database, filters: ListingFilters, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(and(where, isNotNull(productPrices.minPrice)));
  return Number(row?.n ?? 0);
}

/**
 * The walk: written as a lateral subquery that cannot be merged into the join (its LIMIT 1),
 * because the planner misjudges how many products of a category pass brand and specification
 * filters (they are correlated: 22 % where it assumes 1 %) and would otherwise collect and sort
 * every match — up to 10× slower at 1M products (ADR 015, amendment).
 */
function walkPrices(
  db: Database,
  filters: ListingFilters,
  where: SQL | undefined,
  pricesWhere: SQL | undefined,
  [byPrice, byId]: [SQL | undefined, 'asc' | 'desc'],
  limit: number,
  offset: number,
): Promise<ProductListRow[]> {
  const ordered = db
    .select()
    .from(productPrices)
    // The prices row's own conditions narrow the walk before any product is fetched.
    .where(and(priceScope(filters), ...priceConditions(filters), pricesWhere))
    .as('product_prices');
  const product = db
    .select(ownColumns)
    .from(products)
    .where(and(eq(products.id, ordered.productId), where))
    // At most one row anyway (by primary key); a LIMIT keeps the subquery from being merged.
    .limit(1)
    .as('products');
  const {
    productId: _productId,
    categoryId: _c,
    subcategoryId: _s,
    isActive: _a,
    storeIds: _ids,
    ...prices
  } = ordered._.selectedFields;
  const idOrder = byId === 'asc' ? asc(ordered.productId) : desc(ordered.productId);
  return db
    .select({ ...product._.selectedFields, ...prices })
    .from(ordered)
    .crossJoinLateral(product)
    .orderBy(...(byPrice ? [byPrice, idOrder] : [idOrder]))
    .limit(limit)
    .offset(offset) as Promise<ProductListRow[]>;
}

export interface ValueCount {
  value: string;
  label: string;
  count: number;
}

export async function brandCounts(db: Database, filters: ListingFilters): Promise<ValueCount[]> {
  const from = db.select({ value: products.brand, n: count() }).from(products);
  const rows = await (filtersByPrice(filters, 'brand') ? from.innerJoin(productPrices, pricesOfProduct) : from)
    .where(listingConditions(filters, 'brand'))
    .groupBy(products.brand)
    .orderBy(desc(count()), asc(products.brand));
  return rows.map((r) => ({ value: r.value, label: r.value, count: Number(r.n) }));
}

export async function storeCounts(db: Database, filters: ListingFilters): Promise<ValueCount[]> {
  // Each product's counting stores are kept in its prices row (store_ids), so a store's count is
  // how many of the listing's prices rows name it: no offer is read (a 160k-product category has
  // ~800k). A scope with price-row filters only counts from product_prices alone.
  const [from, where] = scopeAndPricesOnly(filters)
    ? [sql`${productPrices}`, and(priceScope(filters), ...priceConditions(filters, 'store'))]
    : [sql`${products} join ${productPrices} on ${pricesOfProduct}`, listingConditions(filters, 'store')];
  const result = await db.execute(sql`
    select ${stores.slug} as value, ${stores.name} as label, count(*) as n
      from ${from} cross join lateral unnest(${productPrices.storeIds}) as c(store_id)
      join ${stores} on ${stores.id} = c.store_id and ${stores.isActive}
     where ${where}
     group by ${stores.slug}, ${stores.name}
     order by 3 desc, ${stores.name}`);
  return sqlRows<{ value: string; label: string; n: string | number }>(result).map((r) => ({
    value: r.value,
    label: r.label,
    count: Number(r.n),
  }));
}

export async function priceBounds(db: Database, filters: ListingFilters): Promise<{ min: number; max: number } | null> {
  const bounds = {
    min: sql<number | null>`min(${productPrices.minPrice})`,
    max: sql<number | null>`max(${productPrices.minPrice})`,
  };
  // A category or subcategory with no other filter than the prices row's own: its prices rows
  // alone answer, from both ends of their (category, min_price) index, without reading a product.
  const [row] = scopeAndPricesOnly(filters)
    ? await db
        .select(bounds)
        .from(productPrices)
        .where(and(priceScope(filters), ...priceConditions(filters, 'price')))
    : await db
        .select(bounds)
        .from(products)
        .innerJoin(productPrices, pricesOfProduct)
        .where(listingConditions(filters, 'price'));
  return row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null;
}

/** (key, value, count) of specification values over a filtered set; `except` as above. */
export async function specCounts(
  db: Database,
  filters: ListingFilters,
  except?: FilterGroup,
  onlyKey?: string,
): Promise<{ key: string; value: string; count: number }[]> {
  const where = listingConditions(filters, except);
  const prices = filtersByPrice(filters, except)
    ? sql`join ${productPrices} on ${productPrices.productId} = ${products.id}`
    : sql``;
  // One key's values are read straight from each product's specifications rather than by
  // expanding every pair and keeping the key's (a phone has a dozen).
  const result = await db.execute(
    onlyKey
      ? sql`
    select ${onlyKey}::text as key, ${products.specifications} ->> ${onlyKey}::text as value, count(*) as n
    from ${products} ${prices}
    where ${where} and ${products.specifications} ? ${onlyKey}::text
    group by 2`
      : sql`
    select spec.key, spec.value, count(*) as n
    from ${products} ${prices} cross join lateral jsonb_each_text(${products.specifications}) as spec(key, value)
    where ${where}
    group by spec.key, spec.value`,
  );
  return sqlRows<{ key: string; value: string; n: string | number }>(result).map((r) => ({
    key: r.key,
    value: r.value,
    count: Number(r.n),
  }));
}

/** What one pass over a listing's whole filtered set counts (each group only when asked). */
export interface FacetPass {
  brands?: ValueCount[];
  stores?: ValueCount[];
  price?: { min: number; max: number } | null;
  advanced: Record<AdvancedFilter, number>;
  /** How many products the listing has. */
  total: number;
}

/**
 * The facets of every group nobody selected from, and the listing's total, in one statement:
 * the filtered set is read once (its products and prices rows, the widest reads of a facet
 * request) into a materialized CTE, and each group aggregates that. With a group selected, its
 * counts need the set without its own filter and come from their own statement (brandCounts,
 * storeCounts, priceBounds, specCounts with `except`). Ties keep the order of the separate
 * statements: most products first, then by brand or store name.
 */
export async function facetPass(
  db: Database,
  filters: ListingFilters,
  groups: { brands: boolean; stores: boolean; price: boolean },
): Promise<FacetPass> {
  const branches: SQL[] = [
    sql`select 'total' as kind, null::text as key, null::text as value, count(*) as n, 0::bigint as ord from m`,
    sql`select 'advanced', x.key, null, x.n, 0 from (
          select count(*) filter (where free_shipping) as free_shipping, count(*) filter (where in_stock) as in_stock,
                 count(*) filter (where price_dropped) as price_dropped, count(*) filter (where lowest_in_6m) as lowest_in_6m
            from m) c
         cross join lateral (values ('freeShipping', c.free_shipping), ('inStock', c.in_stock),
                                    ('priceDropped', c.price_dropped), ('lowestIn6m', c.lowest_in_6m)) as x(key, n)`,
  ];
  if (groups.brands) {
    branches.push(sql`select 'brand', brand, null, count(*), row_number() over (order by count(*) desc, brand)
                        from m group by brand`);
  }
  if (groups.stores) {
    branches.push(sql`select 'store', ${stores.slug}, ${stores.name}, c.n,
                             row_number() over (order by c.n desc, ${stores.name})
                        from (select u.store_id, count(*) as n from m cross join lateral unnest(m.store_ids) as u(store_id)
                               group by u.store_id) c
                        join ${stores} on ${stores.id} = c.store_id and ${stores.isActive}`);
  }
  if (groups.price) {
    branches.push(sql`select 'price', min(min_price)::text, max(min_price)::text, count(min_price), 0 from m`);
  }
  const result = await db.execute(sql`
    with m as materialized (
      select ${products.brand} as brand, ${productPrices.storeIds} as store_ids, ${productPrices.minPrice} as min_price,
             ${ADVANCED_CONDITIONS.freeShipping} as free_shipping, ${ADVANCED_CONDITIONS.inStock} as in_stock,
             ${ADVANCED_CONDITIONS.priceDropped} as price_dropped, ${ADVANCED_CONDITIONS.lowestIn6m} as lowest_in_6m
        from ${products} join ${productPrices} on ${pricesOfProduct}
       -- The prices row's copies of the scope let the planner narrow both tables by their own index.
       where ${and(listingConditions(filters), priceScope(filters))}
    )
    ${sql.join(branches, sql` union all `)}`);
  const rows = sqlRows<{
    kind: string;
    key: string | null;
    value: string | null;
    n: string | number;
    ord: string | number;
  }>(result).sort((a, b) => Number(a.ord) - Number(b.ord));
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const pass: FacetPass = {
    advanced: { freeShipping: 0, inStock: 0, priceDropped: 0, lowestIn6m: 0 },
    total: Number(of('total')[0]?.n ?? 0),
  };
  for (const r of of('advanced')) pass.advanced[r.key as AdvancedFilter] = Number(r.n);
  if (groups.brands) pass.brands = of('brand').map((r) => ({ value: r.key!, label: r.key!, count: Number(r.n) }));
  if (groups.stores) {
    pass.stores = of('store').map((r) => ({ value: r.key!, label: r.value!, count: Number(r.n) }));
  }
  if (groups.price) {
    const [bounds] = of('price');
    pass.price = bounds && Number(bounds.n) > 0 ? { min: Number(bounds.key), max: Number(bounds.value) } : null;
  }
  return pass;
}

export interface CardOfferRow {
  productId: string;
  price: number;
  shippingFree: boolean;
  shippingCost: number;
  storeName: string;
  storeSlug: string;
}

/** The two cheapest offers that count (active, fresh) of each given product, for the card's store lines. */
export async function findCheapestOffers(db: Database, productIds: string[], perProduct = 2): Promise<CardOfferRow[]> {
  if (productIds.length === 0) return [];
  const ranked = db
    .select({
      productId: storeOffers.productId,
      price: storeOffers.price,
      shippingFree: storeOffers.shippingFree,
      shippingCost: storeOffers.shippingCost,
      storeName: sql<string>`${stores.name}`.as('store_name'),
      storeSlug: sql<string>`${stores.slug}`.as('store_slug'),
      rank: sql<number>`row_number() over (partition by ${storeOffers.productId} order by ${storeOffers.price}, ${stores.name})`.as(
        'rank',
      ),
    })
    .from(storeOffers)
    .innerJoin(stores, eq(stores.id, storeOffers.storeId))
    .where(
      and(
        inArray(storeOffers.productId, productIds),
        eq(storeOffers.isActive, true),
        eq(stores.isActive, true),
        offerIsFresh('store_offers', 'stores'),
      ),
    )
    .as('ranked');
  return db
    .select({
      productId: ranked.productId,
      price: ranked.price,
      shippingFree: ranked.shippingFree,
      shippingCost: ranked.shippingCost,
      storeName: ranked.storeName,
      storeSlug: ranked.storeSlug,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perProduct}`)
    .orderBy(ranked.productId, ranked.rank);
}

/**
 * Up to `limit` other listed products of the given scope (a subcategory, else a category), the
 * nearest to `priceKurus` first: the cheapest above and the dearest below come from the two ends
 * of product_prices' (scope, min_price) index, so it costs two short index walks.
 */
export async function findPricePeers(
  db: Database,
  productId: string,
  scope: { categoryId: string; subcategoryId: string | null },
  priceKurus: number,
  limit: number,
): Promise<string[]> {
  const inScope = scope.subcategoryId
    ? eq(productPrices.subcategoryId, scope.subcategoryId)
    : eq(productPrices.categoryId, scope.categoryId);
  const base = and(
    inScope,
    eq(productPrices.isActive, true),
    sql`${productPrices.productId} <> ${productId}`,
    sql`${productPrices.minPrice} is not null`,
  );
  const columns = { id: productPrices.productId, price: productPrices.minPrice };
  const [above, below] = await Promise.all([
    db
      .select(columns)
      .from(productPrices)
      .where(and(base, sql`${productPrices.minPrice} >= ${priceKurus}`))
      .orderBy(asc(productPrices.minPrice), asc(productPrices.productId))
      .limit(limit),
    db
      .select(columns)
      .from(productPrices)
      .where(and(base, sql`${productPrices.minPrice} < ${priceKurus}`))
      .orderBy(desc(productPrices.minPrice), asc(productPrices.productId))
      .limit(limit),
  ]);
  return [...above, ...below]
    .sort(
      (a, b) => Math.abs((a.price ?? 0) - priceKurus) - Math.abs((b.price ?? 0) - priceKurus) || (a.id < b.id ? -1 : 1),
    )
    .slice(0, limit)
    .map((r) => r.id);
}

/**
 * A listed product's page last changed at the later of the product's own update and its figures'
 * (prices, offers' stores and stock, ratings: `figures_changed_at`, migration 0027).
 */
const pageChangedAt = sql`greatest(${products.updatedAt}, ${productPrices.figuresChangedAt})`;

/** One part of the sitemap's product list: the listed products from `firstId` on, in id order. */
export interface SitemapPartRow {
  part: number;
  firstId: string;
  count: number;
  /** The latest change among its products' pages. */
  lastmod: Date;
}

/**
 * The listed products (those `GET /products` lists) cut in id order into parts of `partSize`: one
 * pass over the catalogue that returns a row per part, never the products themselves.
 */
export async function findSitemapParts(db: Database, partSize: number): Promise<SitemapPartRow[]> {
  const numbered = db
    .select({
      id: products.id,
      changedAt: sql`${pageChangedAt}`.as('changed_at'),
      part: sql<number>`(row_number() over (order by ${products.id}) - 1) / ${partSize} + 1`.as('part'),
    })
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(eq(productPrices.isActive, true))
    .as('numbered');
  return db
    .select({
      part: sql`${numbered.part}`.mapWith(Number),
      // uuid has no min() before PostgreSQL 16; its text sorts the same way (lowercase hex).
      firstId: sql<string>`min(${numbered.id}::text)`,
      count: sql`count(*)`.mapWith(Number),
      lastmod: sql`max(${numbered.changedAt})`.mapWith(products.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.part)
    .orderBy(numbered.part);
}

/**
 * The listed products with ids from `firstId` up to (not including) `beforeId`, in id order, with
 * when each page last changed; at most `limit` (a part's range may have gained products since it
 * was cut).
 */
export async function findSitemapProducts(
  db: Database,
  range: { firstId: string; beforeId: string | null; limit: number },
): Promise<Array<{ id: string; changedAt: Date }>> {
  return db
    .select({ id: products.id, changedAt: sql`${pageChangedAt}`.mapWith(products.updatedAt) })
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(
      and(
        eq(productPrices.isActive, true),
        gte(products.id, range.firstId),
        range.beforeId === null ? undefined : lt(products.id, range.beforeId),
      ),
    )
    .orderBy(asc(products.id))
    .limit(range.limit);
}
