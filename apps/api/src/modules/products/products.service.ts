import type {
  Category,
  Facets,
  PriceHistory,
  PriceHistoryRange,
  ProductCard,
  ProductDetail,
  Review,
  ReviewSummary,
  SitemapPart,
  SitemapProduct,
  StoreOffer,
} from '@kiyasla/contracts/catalog';
import { SPEC_FILTER_KEYS, specLabel, specRank } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { kurusToTry, tryToKurus } from '@kiyasla/contracts/money';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { PublicReadCache, type ReadTags, type TagReads } from '../../lib/public-read-cache';
import {
  answerFromIndex,
  byCodePoint,
  listingIndexBuilding,
  listingIndexServes,
  MAX_AGE_MS,
  productSetOf,
  setFacetsFromIndex,
  type ProductSet,
  type RawFacets,
} from './listing-index';
import { listingReadTags } from './listing-read-tags';
import { catalogBrands } from './catalog-brands';
import { paginate } from '../../lib/reply';
import { getCategory, listCategories } from '../categories/categories.service';
import { parseSpecFilters, type ListingFilters, type ListingPage, type TextSearch } from './listing-filters';
import { buildPriceSeries, dayIndex, dayStart, lowestInDaysBefore, rangeFirstDay } from './price-series';
import type { CardOfferRow, ProductCardRow, ProductListRow } from './products.repo';
import {
  findActiveProduct,
  findApprovedReviews,
  findEarlierLows,
  findOffersWithStores,
  findPriceChangesFrom,
  findProductPage,
  reviewDistribution,
  type OfferWithStoreRow,
} from './product-detail.repo';
import { shippingLabel, toProductCard } from './products.presenter';
import {
  brandCounts,
  facetPass,
  findCheapestOffers,
  findListingRows,
  findPricePeers,
  findCardsByIds,
  findMatchIdsByCategory,
  findProducts,
  findSitemapParts,
  findSitemapProducts,
  type SitemapPartRow,
  priceBounds,
  specCounts,
  storeCounts,
} from './products.repo';
import { isUuid } from '@kiyasla/contracts/ids';
import type { AdvancedFilter, ReviewSort } from '@kiyasla/contracts/catalog-constants';
import { requestedAdvancedFilters, type ListingQuery } from '@kiyasla/contracts/listing';
import { TtlCache } from '../../lib/ttl-cache';

/** A specification key becomes a filter group only with 2..MAX distinct values in the set. */
const MAX_FACET_VALUES = 40;

export interface ListingScope {
  /** Category slug or id (a subcategory id also works). */
  category?: string;
  /** Subcategory slug under `category`, or an id. */
  subcategory?: string;
  /** Restrict to these products. */
  productIds?: string[];
  /** A text search (condition + rank) from the search module. */
  search?: TextSearch;
}

/** The listing query with the sorts of a listing, plus `relevance` for searches. */
export type ListingInput = Omit<ListingQuery, 'sort' | AdvancedFilter> & {
  sort: ListingPage['sort'];
} & Partial<Record<AdvancedFilter, boolean>>;

async function toFilters(db: Database, scope: ListingScope, q: ListingInput): Promise<ListingFilters> {
  const category = scope.category ? await getCategory(db, scope.category) : undefined;
  const subcategory = scope.subcategory
    ? await getCategory(db, scope.subcategory, category && category.parent === null ? category.slug : undefined)
    : undefined;
  const filters: ListingFilters = {
    brands: q.brand,
    stores: q.store,
    specs: parseSpecFilters(q.spec),
    advanced: requestedAdvancedFilters(q),
    ...(q.featured ? { featured: true } : {}),
    ...(q.minPrice !== undefined ? { minPriceKurus: tryToKurus(q.minPrice) } : {}),
    ...(q.maxPrice !== undefined ? { maxPriceKurus: tryToKurus(q.maxPrice) } : {}),
    ...(scope.productIds ? { productIds: scope.productIds } : {}),
    ...(scope.search ? { search: scope.search } : {}),
  };
  if (category) {
    if (category.parent) {
      filters.categoryId = category.parent;
      filters.subcategoryId = category._id;
    } else {
      filters.categoryId = category._id;
    }
  }
  if (subcategory) filters.subcategoryId = subcategory._id;
  return filters;
}

// The category list is cached and replaced as a whole: index each list once, not per request.
const categoriesById = new WeakMap<Category[], Map<string, Category>>();

function indexCategories(list: Category[]): Map<string, Category> {
  let byId = categoriesById.get(list);
  if (!byId) {
    byId = new Map(list.map((c) => [c._id, c]));
    categoriesById.set(list, byId);
  }
  return byId;
}

/** The cards of these rows; `known` are their store lines when the rows' read brought them. */
export async function toCards(
  db: Database,
  rows: readonly ProductCardRow[],
  known?: readonly CardOfferRow[],
): Promise<ProductCard[]> {
  const [categories, offers] = await Promise.all([
    listCategories(db),
    known ??
      findCheapestOffers(
        db,
        rows.map((r) => r.id),
      ),
  ]);
  const byId = indexCategories(categories);
  const offersByProduct = new Map<string, CardOfferRow[]>();
  for (const offer of offers) {
    const list = offersByProduct.get(offer.productId);
    if (list) list.push(offer);
    else offersByProduct.set(offer.productId, [offer]);
  }
  return rows.map((r) => toProductCard(r, byId, offersByProduct.get(r.id) ?? []));
}

export interface ListingResult {
  items: ProductCard[];
  pagination: Pagination;
  facets?: Facets;
}

// Category pages (first pages, common filters) and their facets are the hottest public reads;
// a miss on a 100,000-product category costs counting, faceting and sorting all of it.
const listingCache = new PublicReadCache<ListingResult>(30_000, 2_000, { name: 'listing' });
/**
 * The filter panels of category listings, apart from their pages (ADR 010, 2026-12-02): a panel
 * does not depend on the sort or the page, so a category's pages share one; and its price bounds
 * and store counts read every product's price, so a feed's churn reloads it within the bound,
 * where the page (sorted by popularity, say) is kept until a product it shows changes.
 */
const listingFacetsCache = new PublicReadCache<Facets>(30_000, 2_000, { name: 'listing_facets' });

/**
 * Products per part of the sitemap (`/sitemaps/products-N.xml`): well under the protocol's 50,000
 * URLs and 50 MB a file, and a part is one index range read.
 */
export const SITEMAP_PART_SIZE = 10_000;

/**
 * The sitemap's parts, cut at most once per 10 minutes per instance (one load shared by the
 * requests that arrive meanwhile): cutting reads the whole catalogue, and the route is public.
 * A part's products are read when asked (an index range of its ids), not kept: a million
 * products' entries would hold hundreds of megabytes.
 */
const sitemapPartsCache = new TtlCache<SitemapPartRow[]>(10 * 60_000);

/** Drops the sitemap's parts (a test that changed the catalogue reads them again at once). */
export function forgetSitemapProducts(): void {
  sitemapPartsCache.clear();
}

const sitemapParts = (db: Database, partSize: number) =>
  sitemapPartsCache.get(String(partSize), () => findSitemapParts(db, partSize));

/** The sitemap's parts of product pages: how many each has and their latest change (`GET /sitemap/products`). */
export async function listSitemapParts(db: Database, partSize = SITEMAP_PART_SIZE): Promise<SitemapPart[]> {
  return (await sitemapParts(db, partSize)).map((row) => ({
    part: row.part,
    count: row.count,
    lastmod: row.lastmod.toISOString(),
  }));
}

/** A part's product pages and when each last changed (`GET /sitemap/products/:part`); 404 past the last part. */
export async function listSitemapPart(
  db: Database,
  part: number,
  partSize = SITEMAP_PART_SIZE,
): Promise<SitemapProduct[]> {
  const parts = await sitemapParts(db, partSize);
  const row = parts[part - 1];
  if (!row) throw notFound('SITEMAP_PART_NOT_FOUND', messages.catalog.sitemapPartNotFound);
  const rows = await findSitemapProducts(db, {
    firstId: row.firstId,
    beforeId: parts[part]?.firstId ?? null,
    // The protocol's limit for one file.
    limit: 50_000,
  });
  return rows.map((r) => ({ _id: r.id, lastmod: r.changedAt.toISOString() }));
}

/** Product cards of a listing, with pagination and (on request) the filter panel's facets. */
export async function listProducts(
  db: Database,
  scope: ListingScope,
  typed: ListingInput,
  /** A caller that caches the result (the search) learns what can change it. */
  tag?: TagReads,
): Promise<ListingResult> {
  // The catalogue's brand spellings before the cache key: `apple` and `Apple` are one listing.
  const q = await withCatalogBrands(db, typed);
  // Personal sets (favorites, comparisons) and text searches are keyed elsewhere or not at all.
  if (scope.productIds || scope.search) return loadListing(db, scope, q, tag);
  if (q.facets) return listingWithPanel(db, scope, q);
  const key = JSON.stringify([scope.category ?? null, scope.subcategory ?? null, q]);
  return listingCache.get(key, (tagEntry) => loadListing(db, scope, q, tagEntry));
}

/** The query with its brand filter as the catalogue spells the brands (catalog-brands.ts). */
async function withCatalogBrands(db: Database, q: ListingInput): Promise<ListingInput> {
  return q.brand.length === 0 ? q : { ...q, brand: await catalogBrands(db, q.brand) };
}

/**
 * A listing's page (its entry without facets) and its panel (its own entry). When both are loaded
 * by this request, one pass computes them (the listing index's matches, or SQL's) and each entry
 * takes its part with its own tags. A cache's `get` starts a missed load before it returns, so once
 * both `get`s are called, each load knows whether the other runs too.
 */
async function listingWithPanel(db: Database, scope: ListingScope, q: ListingInput): Promise<ListingResult> {
  const pageQuery = { ...q, facets: false };
  let pageLoads = false;
  let panelLoads = false;
  let both: Promise<PageAndPanel> | undefined;
  const together = () => (both ??= loadPageAndPanel(db, scope, q));
  const panel = listingFacetsCache.get(
    JSON.stringify([scope.category ?? null, scope.subcategory ?? null, panelKey(q)]),
    async (tag) => {
      panelLoads = true;
      // The page's `get` has been called once this resumes.
      await Promise.resolve();
      if (!pageLoads) return loadFacets(db, scope, q, tag);
      const { facets, panelTags } = await together();
      tag(panelTags);
      return facets;
    },
  );
  const page = listingCache.get(
    JSON.stringify([scope.category ?? null, scope.subcategory ?? null, pageQuery]),
    async (tag) => {
      pageLoads = true;
      if (!panelLoads) return loadListing(db, scope, pageQuery, tag);
      const { page: loaded, pageTags } = await together();
      tag(pageTags);
      return loaded;
    },
  );
  const [pageResult, facets] = await Promise.all([page, panel]);
  return withFacets(pageResult, facets);
}

interface PageAndPanel {
  page: ListingResult;
  pageTags: ReadTags;
  facets: Facets;
  panelTags: ReadTags;
}

/** A listing's page and panel in one pass, each with what can change it. */
async function loadPageAndPanel(db: Database, scope: ListingScope, q: ListingInput): Promise<PageAndPanel> {
  const filters = await toFilters(db, scope, q);
  const { rows, offers, total, facets } = await pageAndFacets(
    db,
    filters,
    { sort: q.sort, page: q.page, limit: q.limit },
    true,
  );
  return {
    page: { items: await toCards(db, rows, offers), pagination: paginate(q.page, q.limit, total) },
    pageTags: listingReadTags(
      filters,
      { ...q, facets: false },
      rows.map((r) => r.id),
    ),
    // Asked with facets, pageAndFacets always counts them.
    facets: facets ?? (await computeFacets(db, filters)).facets,
    panelTags: panelReadTags(filters),
  };
}

/** What can change a listing's filter panel: the prices of every product of its scope. */
function panelReadTags(filters: ListingFilters): ReadTags {
  return listingReadTags(filters, { sort: 'popularity', facets: true }, []);
}

/** What a listing's filter panel depends on: its filters, not its sort, page or page size. */
export function panelKey(q: ListingInput): Omit<ListingInput, 'sort' | 'page' | 'limit' | 'facets'> {
  const { sort: _sort, page: _page, limit: _limit, facets: _facets, ...filters } = q;
  return filters;
}

/**
 * The filter panel of a listing (a category's, or a search's with `scope.search`): from the listing
 * index when it serves it, else from SQL. `tag` learns what can change it: the price of any
 * product of its scope (its price bounds, store counts and advanced counts read them).
 */
export async function loadFacets(
  db: Database,
  scope: ListingScope,
  typed: ListingInput,
  tag: TagReads,
): Promise<Facets> {
  const filters = await toFilters(db, scope, await withCatalogBrands(db, typed));
  const indexed = await answerFromIndex(db, filters, { sort: 'popularity', page: 1, limit: 0 }, true);
  const facets = indexed?.facets ? presentFacets(filters, indexed.facets) : (await computeFacets(db, filters)).facets;
  tag(panelReadTags(filters));
  return facets;
}

// One object per (page, panel) pair, as long as both are cached: its reply's bytes are kept with it.
const withPanels = new WeakMap<object, WeakMap<Facets, object>>();

/** A page with its filter panel (the same object for the same two, so its prepared reply is reused). */
export function withFacets<T extends { facets?: Facets }>(page: T, facets: Facets): T {
  let byPanel = withPanels.get(page);
  if (!byPanel) withPanels.set(page, (byPanel = new WeakMap()));
  let both = byPanel.get(facets) as T | undefined;
  if (!both) byPanel.set(facets, (both = { ...page, facets }));
  return both;
}

/**
 * A listing's page and total, and its facets when asked: from the listing index when it serves the
 * listing (a category's, ADR 005), else from SQL, where the facets' pass counts the total.
 */
async function pageAndFacets(
  db: Database,
  filters: ListingFilters,
  page: ListingPage,
  withFacets: boolean | undefined,
): Promise<{ rows: ProductCardRow[]; offers?: CardOfferRow[]; total: number; facets?: Facets }> {
  const indexed = await answerFromIndex(db, filters, page, Boolean(withFacets));
  if (indexed) {
    const { rows, offers } = await findCardsByIds(db, indexed.ids);
    return {
      rows,
      offers,
      total: indexed.total,
      ...(indexed.facets ? { facets: presentFacets(filters, indexed.facets) } : {}),
    };
  }
  if (!withFacets) return findProducts(db, filters, page);
  const [rows, { facets, total }] = await Promise.all([findListingRows(db, filters, page), computeFacets(db, filters)]);
  return { rows, total, facets };
}

async function loadListing(db: Database, scope: ListingScope, q: ListingInput, tag?: TagReads): Promise<ListingResult> {
  const filters = await toFilters(db, scope, q);
  const { rows, offers, total, facets } = await pageAndFacets(
    db,
    filters,
    { sort: q.sort, page: q.page, limit: q.limit },
    q.facets,
  );
  // Only a price change of what can alter this page drops it (ADR 010).
  tag?.(
    listingReadTags(
      filters,
      q,
      rows.map((r) => r.id),
    ),
  );
  return {
    items: await toCards(db, rows, offers),
    pagination: paginate(q.page, q.limit, total),
    ...(facets ? { facets } : {}),
  };
}

const valueSort = new Intl.Collator('tr', { numeric: true, sensitivity: 'base' });

/**
 * Facets under OR-within / AND-across: one pass over the fully filtered set serves every
 * group nobody selected from; each group with a selection is counted again without its own
 * filter, so its other values still show what they would add.
 */
export async function computeFacets(db: Database, filters: ListingFilters): Promise<{ facets: Facets; total: number }> {
  const raw = await countFacets(db, filters);
  return { facets: presentFacets(filters, raw), total: raw.pass.total };
}

/** The facet groups a shopper chose from: their counts leave out their own filter. */
function selectedGroups(filters: ListingFilters): { brands: boolean; stores: boolean; price: boolean } {
  return {
    brands: filters.brands.length > 0,
    stores: filters.stores.length > 0,
    price: filters.minPriceKurus !== undefined || filters.maxPriceKurus !== undefined,
  };
}

/**
 * Up to how many matches a search's facets are counted by the listing index from the matches' ids
 * (16 bytes an id while cached); a search matching more is counted by SQL.
 */
export const INDEXED_MATCHES_MAX = 250_000;

/**
 * A text search's matches (null: more than INDEXED_MATCHES_MAX). They depend on the products' text
 * and active flags, which only the admin catalog changes, and it announces everything (ADR 010): no
 * price change drops them. Under a feed's churn a search's panel is loaded again every
 * PRICE_ORDER_STALENESS_MS; its matches stay here, and the index counts them with current prices.
 * They are read again after MAX_AGE_MS, the listing index's own bound on a lost announcement.
 */
const matchSets = new PublicReadCache<ProductSet | null>(MAX_AGE_MS, 32, { name: 'search_matches' });

let matchSetLoads = 0;

/** How many times a search's matches were read from the database (tests see the cache hold them). */
export function searchMatchSetLoads(): number {
  return matchSetLoads;
}

function searchMatches(db: Database, search: TextSearch, key: string): Promise<ProductSet | null> {
  return matchSets.get(key, async (tag) => {
    matchSetLoads++;
    const rows = await findMatchIdsByCategory(db, search, INDEXED_MATCHES_MAX);
    tag({});
    return rows && productSetOf(rows);
  });
}

/**
 * The raw counts of computeFacets: a category's listing's from the listing index (answerFromIndex
 * does that with its page), a search's from the index over the search's matches (their ids from
 * SQL), else from SQL.
 */
async function countFacets(db: Database, filters: ListingFilters): Promise<RawFacets> {
  const search = filters.search;
  if (search?.key !== undefined && !filters.productIds && listingIndexServes(db) && !listingIndexBuilding(db)) {
    const set = await searchMatches(db, search, search.key);
    const indexed = set && (await setFacetsFromIndex(db, filters, set));
    if (indexed) return indexed;
  }
  return countFacetsBySql(db, filters);
}

/** The raw counts of computeFacets from SQL. */
async function countFacetsBySql(db: Database, filters: ListingFilters): Promise<RawFacets> {
  const selectedKeys = [...filters.specs.keys()];
  const selected = selectedGroups(filters);
  const [pass, base, brands, stores, price, ...own] = await Promise.all([
    facetPass(db, filters, { brands: !selected.brands, stores: !selected.stores, price: !selected.price }),
    specCounts(db, filters),
    selected.brands ? brandCounts(db, filters) : undefined,
    selected.stores ? storeCounts(db, filters) : undefined,
    selected.price ? priceBounds(db, filters) : undefined,
    ...selectedKeys.map((key) => specCounts(db, filters, `spec:${key}`, key)),
  ]);
  return {
    pass,
    base,
    own,
    ...(brands ? { brands } : {}),
    ...(stores ? { stores } : {}),
    ...(selected.price ? { price: price ?? null } : {}),
  };
}

/** The filter panel from the raw counts (SQL's or the listing index's). */
function presentFacets(filters: ListingFilters, raw: RawFacets): Facets {
  const { pass, base, own } = raw;
  const selectedKeys = [...filters.specs.keys()];
  const selected = selectedGroups(filters);
  const byKey = new Map<string, { value: string; count: number }[]>();
  for (const row of base) {
    if (filters.specs.has(row.key)) continue;
    const list = byKey.get(row.key) ?? [];
    list.push({ value: row.value, count: row.count });
    byKey.set(row.key, list);
  }
  selectedKeys.forEach((key, i) => {
    byKey.set(
      key,
      (own[i] ?? []).map((r) => ({ value: r.value, count: r.count })),
    );
  });
  const specs = [...byKey]
    .filter(([key, values]) => filters.specs.has(key) || (values.length > 1 && values.length <= MAX_FACET_VALUES))
    .filter(([key]) => SPEC_FILTER_KEYS.has(key))
    .map(([key, values]) => ({
      key,
      label: specLabel(key),
      values: values
        // Values equal to the collator ("Siyah", "siyah") keep one order whatever counted them.
        .sort((a, b) => valueSort.compare(a.value, b.value) || byCodePoint(a.value, b.value))
        .map((v) => ({ value: v.value, label: v.value, count: v.count })),
    }))
    .sort((a, b) => specRank(a.key) - specRank(b.key));
  const bounds = selected.price ? raw.price : pass.price;
  return {
    brands: (selected.brands ? raw.brands : pass.brands) ?? [],
    stores: (selected.stores ? raw.stores : pass.stores) ?? [],
    specs,
    price: bounds ? { min: Math.floor(kurusToTry(bounds.min)), max: Math.ceil(kurusToTry(bounds.max)) } : null,
    advanced: pass.advanced,
  };
}

function presentOffer(o: OfferWithStoreRow): StoreOffer {
  return {
    _id: o.id,
    price: kurusToTry(o.price),
    originalPrice: o.originalPrice !== null && o.originalPrice > o.price ? kurusToTry(o.originalPrice) : null,
    productUrl: o.productUrl,
    availability: o.availability,
    inStock: o.isActive && (o.availability === 'in-stock' || o.availability === 'limited'),
    isActive: o.isActive,
    shipping: {
      free: o.shippingFree || o.shippingCost === 0,
      cost: kurusToTry(o.shippingCost),
      estimatedDays: o.shippingDays,
    },
    shippingLabel: shippingLabel(o.shippingFree, o.shippingCost),
    store: {
      _id: o.storeId,
      name: o.storeName,
      slug: o.storeSlug,
      logo: o.storeLogo,
      website: o.storeWebsite,
      rating: o.storeRating,
      ratingCount: o.storeRatingCount,
      metrics: { averageRating: o.storeRating },
    },
    updatedAt: o.updatedAt.toISOString(),
    confirmedAt: o.confirmedAt.toISOString(),
    stale: o.stale,
  };
}

/** An offer that counts (db/offer-freshness.ts): active and fresh; its store is active, or it would not be listed. */
function counts(o: OfferWithStoreRow): boolean {
  return o.isActive && !o.stale;
}

/**
 * The product's price columns as its listed offers have them now. The stored ones are
 * recomputed when an offer changes and, for offers that turn stale with time alone, by the
 * freshness sweep a few minutes later; the page has its offers anyway, so its lowest price and
 * store count never include an offer its own list shows as stale. The previous lowest price
 * follows the rule of refreshProductPriceAggregates (the stored lowest, when it differs).
 */
function withLivePrices(row: ProductListRow, counting: OfferWithStoreRow[]): ProductListRow {
  const prices = counting.map((o) => o.price);
  const minPrice = prices.length ? Math.min(...prices) : null;
  const discounted = counting.flatMap((o) =>
    o.originalPrice !== null && o.originalPrice > o.price ? [o.originalPrice] : [],
  );
  return {
    ...row,
    minPrice,
    maxPrice: prices.length ? Math.max(...prices) : null,
    originalPrice: discounted.length ? Math.max(...discounted) : null,
    offerCount: counting.length,
    prevMinPrice: minPrice === row.minPrice || row.minPrice === null ? row.prevMinPrice : row.minPrice,
  };
}

async function requireProduct(db: Database, id: string) {
  const row = isUuid(id) ? await findActiveProduct(db, id.toLowerCase()) : undefined;
  if (!row) throw notFound('PRODUCT_NOT_FOUND', messages.catalog.productNotFound);
  return row;
}

export async function getProductOffers(db: Database, id: string): Promise<StoreOffer[]> {
  await requireProduct(db, id);
  return (await findOffersWithStores(db, id.toLowerCase())).map(presentOffer);
}

/**
 * One round trip: the product row comes with its offers in one statement, and the card's two
 * cheapest stores come from the same offers instead of a second offers query.
 */
export async function getProductDetail(db: Database, id: string): Promise<ProductDetail> {
  if (!isUuid(id)) throw notFound('PRODUCT_NOT_FOUND', messages.catalog.productNotFound);
  const [page, categories] = await Promise.all([findProductPage(db, id.toLowerCase()), listCategories(db)]);
  if (!page) throw notFound('PRODUCT_NOT_FOUND', messages.catalog.productNotFound);
  const { product: stored, offers } = page;
  // findOffersWithStores orders the offers that count first, cheapest first, then by store name:
  // the same two offers findCheapestOffers would rank first.
  const counting = offers.filter(counts);
  const row = withLivePrices(stored, counting);
  const cheapest = counting.slice(0, 2).map((o) => ({
    productId: row.id,
    price: o.price,
    shippingFree: o.shippingFree,
    shippingCost: o.shippingCost,
    storeName: o.storeName,
    storeSlug: o.storeSlug,
  }));
  const card = toProductCard(row, indexCategories(categories), cheapest);
  return {
    ...card,
    description: row.description,
    shortDescription: row.shortDescription,
    specifications: row.specifications ?? {},
    features: row.features,
    colors: row.colors,
    warranty: row.warranty,
    dimensions: row.dimensions,
    energyRating: row.energyRating,
    certifications: row.certifications,
    releaseDate: row.releaseDate,
    highestPrice: row.maxPrice === null ? null : kurusToTry(row.maxPrice),
    price: card.currentPrice,
    prices: offers.map(presentOffer),
  };
}

/**
 * The spans "lowest in N days" reads before the range, one after the other until a lower day is
 * settled: the 90 days before the range, the 270 before those, then 1,080, then the rest. A price
 * lowest for months reads months, not years; each change is read once.
 */
const LOOK_BACK_DAYS = [90, 360, 1440, null] as const;

/** "Lowest in N days" from the history before the range, when the range's days did not decide it. */
async function lowestInDaysBeforeRange(
  db: Database,
  chosen: readonly OfferWithStoreRow[],
  endedAt: ReadonlyMap<string, Date>,
  earlier: { price: number; firstDay: number },
  today: number,
): Promise<number> {
  const offers = chosen.map((o) => {
    const ended = endedAt.get(o.id);
    return { id: o.id, endDay: ended ? dayIndex(ended) : null };
  });
  let lastDayBelow: number | null = null;
  let untilDay = earlier.firstDay;
  for (const back of LOOK_BACK_DAYS) {
    const sinceDay = back === null ? null : earlier.firstDay - back;
    const lows = await findEarlierLows(db, offers, earlier.price, earlier.firstDay, { sinceDay, untilDay });
    if (lows.lastDayBelow !== null) lastDayBelow = Math.max(lastDayBelow ?? lows.lastDayBelow, lows.lastDayBelow);
    // A lower day that the changes before the span decide ends before the last of them.
    const settled = lows.unwalkedDay === null || (lastDayBelow !== null && lastDayBelow >= lows.unwalkedDay - 1);
    if (settled || sinceDay === null) {
      // `earlier` means there are changes before the range, so the offers have a first day.
      return lowestInDaysBefore(today, { lastDayBelow, firstChangeDay: lows.firstChangeDay ?? earlier.firstDay });
    }
    untilDay = sinceDay;
  }
  throw new Error('unreachable: the last span reaches back to the first change');
}

/**
 * The price-history tab: reads only what the range needs (findPriceChangesFrom: the chosen offers'
 * changes from the range's first day, and the price each carried into it), and the history before
 * the range only when "lowest in N days" reaches back past it (findEarlierLows, in the database,
 * one row back). The answer is the one the whole history gives (price-history.test.ts compares
 * them). `now` is for tests.
 */
export async function getPriceHistory(
  db: Database,
  id: string,
  range: PriceHistoryRange,
  storeSlug: string | undefined,
  perStore: boolean,
  now: Date = new Date(),
): Promise<PriceHistory> {
  const row = await requireProduct(db, id);
  const offers = await findOffersWithStores(db, row.id);
  const active = offers.filter((o) => o.isActive);
  const chosen = storeSlug ? active.filter((o) => o.storeSlug === storeSlug) : active;
  if (storeSlug && chosen.length === 0) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
  // A stale offer's line ends when its store's freshness window ran out: from then on it is not
  // among the product's prices, as it is not in its lowest price.
  const endedAt = new Map(
    chosen
      .filter((o) => o.stale)
      .map((o) => [o.id, new Date(o.confirmedAt.getTime() + o.storeFreshnessHours * 3_600_000)]),
  );
  const firstDay = rangeFirstDay(range, now);
  const changes = await findPriceChangesFrom(
    db,
    chosen.map((o) => o.id),
    firstDay === null ? null : dayStart(firstDay),
  );
  const series = buildPriceSeries(changes, range, now, endedAt);
  const lowestInDays = series.earlier
    ? await lowestInDaysBeforeRange(db, chosen, endedAt, series.earlier, dayIndex(now))
    : series.lowestInDays;
  const toTry = (points: { date: string; price: number }[]) =>
    points.map((p) => ({ date: p.date, price: kurusToTry(p.price) }));
  const money = (v: number | null) => (v === null ? null : kurusToTry(v));
  return {
    range,
    store: storeSlug ?? null,
    points: toTry(series.points),
    ...(perStore
      ? {
          stores: chosen.map((o) => ({
            _id: o.storeId,
            name: o.storeName,
            slug: o.storeSlug,
            points: toTry(series.perOffer.get(o.id) ?? []),
          })),
        }
      : {}),
    stats: {
      min: money(series.stats.min),
      max: money(series.stats.max),
      avg: money(series.stats.avg),
      current: money(series.stats.current),
    },
    lowestInDays,
  };
}

export async function getProductReviews(
  db: Database,
  id: string,
  q: { sort: ReviewSort; rating?: number; page: number; limit: number },
): Promise<{ items: Review[]; pagination: Pagination; summary: ReviewSummary }> {
  const row = await requireProduct(db, id);
  const [{ rows, total }, distribution] = await Promise.all([
    findApprovedReviews(db, row.id, q),
    reviewDistribution(db, row.id),
  ]);
  const count = [...distribution.values()].reduce((s, n) => s + n, 0);
  const sum = [...distribution].reduce((s, [rating, n]) => s + rating * n, 0);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      authorName: r.authorName,
      rating: r.rating,
      title: r.title,
      comment: r.comment,
      helpfulCount: r.helpfulCount,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: paginate(q.page, q.limit, total),
    summary: {
      average: count ? Math.round((sum / count) * 10) / 10 : 0,
      count,
      distribution: Object.fromEntries([1, 2, 3, 4, 5].map((r) => [String(r), distribution.get(r) ?? 0])),
    },
  };
}

/**
 * Up to `limit` listed products to measure a product against (its pros/cons tab): those of its
 * subcategory nearest to it in price, or of its category when the subcategory has fewer than
 * two others. Empty when the product has no price (nothing to be near).
 */
export async function findSimilarProductIds(db: Database, id: string, limit: number): Promise<string[]> {
  const row = await requireProduct(db, id);
  if (row.minPrice === null) return [];
  const scoped = row.subcategoryId
    ? await findPricePeers(
        db,
        row.id,
        { categoryId: row.categoryId, subcategoryId: row.subcategoryId },
        row.minPrice,
        limit,
      )
    : [];
  if (scoped.length >= 2) return scoped;
  return findPricePeers(db, row.id, { categoryId: row.categoryId, subcategoryId: null }, row.minPrice, limit);
}
