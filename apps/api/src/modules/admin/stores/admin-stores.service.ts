import {
  adminStoreMessages as m,
  storeSlugFor,
  type AdminStore,
  type AdminStoreCreate,
  type AdminStoreListQuery,
  type AdminStoreUpdate,
  type FeedImport,
  type FeedUnmatchedItem,
} from '@kiyasla/contracts/admin-stores';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { feedFetchMessages } from '@kiyasla/contracts/feed-fetch-messages';
import { messages } from '@kiyasla/contracts/messages';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database } from '../../../db/client';
import { refreshStoreProductPriceAggregates } from '../../../db/product-price-aggregates';
import type { NewStoreRow } from '../../../db/schema/stores';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { invalidatePublicReads } from '../../../lib/public-read-cache';
import { announceReadChange, EVERYTHING } from '../../../lib/read-invalidation';
import { paginate } from '../../../lib/reply';
import { isUniqueViolation } from '../../auth/db-errors';
import { mayConnectToUrl, parseFetchAllowList } from '../../feeds/fetch/address-policy';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-stores.repo';
import { mirrorImages, type ImageMirrorDeps } from '../../media/mirror-image';
import { presentImport } from './feed-import.presenter';

export interface AdminStoresDeps {
  db: Database;
  /**
   * The feed-fetch allow-list as a pull reads it (FEED_FETCH_ALLOW and the admin setting), for
   * judging a feed URL on save; without it only public addresses pass.
   */
  fetchAllow?: () => Promise<readonly string[]>;
}

/** What a store's save needs beyond that: the download of a logo named on another site (ADR 021). */
export type AdminStoreWriteDeps = AdminStoresDeps & { images: ImageMirrorDeps };

/** The form with its logo on another site downloaded and named by its path here (ADR 021). */
async function withKeptLogo<T extends { logo?: string | null | undefined }>(
  deps: ImageMirrorDeps,
  input: T,
): Promise<T> {
  if (!input.logo) return input;
  const [logo] = await mirrorImages(deps, [{ path: 'logo', url: input.logo }]);
  return { ...input, logo };
}

/**
 * Refuses a feed URL whose pull could only fail with FEED_FETCH_BLOCKED_ADDRESS: a literal
 * private, loopback or link-local address, or `localhost`, that the allow-list does not name.
 */
async function refuseBlockedFeedUrl(deps: AdminStoresDeps, feedUrl: string): Promise<void> {
  const allow = parseFetchAllowList((await deps.fetchAllow?.()) ?? []);
  if (mayConnectToUrl(new URL(feedUrl), allow)) return;
  const message = feedFetchMessages.FEED_FETCH_BLOCKED_ADDRESS;
  throw badRequest('FEED_URL_BLOCKED_ADDRESS', message, [{ path: 'body.feedUrl', message }]);
}

interface Page<T> {
  items: T[];
  pagination: Pagination;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentStore(row: repo.AdminStoreRow, last: repo.FeedImportListRow | undefined): AdminStore {
  const lastImport = last ? presentImport(last) : null;
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logoUrl,
    website: row.website,
    feedUrl: row.feedUrl,
    feedIntervalMinutes: row.feedIntervalMinutes,
    freshnessHours: row.freshnessHours,
    isActive: row.isActive,
    offerCount: Number(row.offerCount),
    activeOfferCount: Number(row.activeOfferCount),
    unmatchedCount: Number(row.unmatchedCount),
    feedNextPullAt: iso(row.feedNextPullAt),
    feedLastSuccessAt: iso(row.feedLastSuccessAt),
    lastImport: lastImport && {
      _id: lastImport._id,
      source: lastImport.source,
      status: lastImport.status,
      startedAt: lastImport.startedAt,
      finishedAt: lastImport.finishedAt,
      report: lastImport.report,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentUnmatched(row: repo.UnmatchedRow): FeedUnmatchedItem {
  return {
    _id: row.id,
    sku: row.sku,
    gtin: row.gtin,
    brand: row.brand,
    model: row.model,
    title: row.title,
    price: row.price === null ? null : row.price / 100,
    url: row.url,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    timesSeen: row.timesSeen,
    resolvedProductId: row.resolvedProductId,
    resolvedBy: row.resolvedBy,
    resolvedAt: iso(row.resolvedAt),
  };
}

const storeNotFound = () => notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
const slugTaken = () => new AppError(409, 'STORE_SLUG_TAKEN', m.slugTaken);

async function withLastImports(db: Database, rows: repo.AdminStoreRow[]): Promise<AdminStore[]> {
  const latest = await repo.latestImports(
    db,
    rows.map((r) => r.id),
  );
  const byStore = new Map(latest.map((i) => [i.storeId, i]));
  return rows.map((row) => presentStore(row, byStore.get(row.id)));
}

export async function listAdminStores({ db }: AdminStoresDeps, query: AdminStoreListQuery): Promise<Page<AdminStore>> {
  const folded = query.q ? foldTurkish(query.q) : undefined;
  const { rows, total } = await repo.listStores(db, folded, query.page, query.limit);
  return { items: await withLastImports(db, rows), pagination: paginate(query.page, query.limit, total) };
}

export async function getAdminStore({ db }: AdminStoresDeps, id: string): Promise<AdminStore> {
  const row = await repo.findStore(db, id);
  if (!row) throw storeNotFound();
  const [store] = await withLastImports(db, [row]);
  return store!;
}

/**
 * The scheduler's next pull: due at once when a feed URL and an interval are set (or changed),
 * unscheduled when either is missing. A new URL forgets the old one's HTTP validators.
 */
function feedSchedule(
  before: { feedUrl: string | null; feedIntervalMinutes: number | null } | undefined,
  after: { feedUrl: string | null; feedIntervalMinutes: number | null },
): Partial<NewStoreRow> {
  const changed =
    !before || before.feedUrl !== after.feedUrl || before.feedIntervalMinutes !== after.feedIntervalMinutes;
  if (!changed) return {};
  const urlChanged = !before || before.feedUrl !== after.feedUrl;
  return {
    feedNextPullAt: after.feedUrl && after.feedIntervalMinutes ? new Date() : null,
    ...(urlChanged ? { feedEtag: null, feedLastModified: null } : {}),
  };
}

function slugOrRefuse(name: string, slug: string | undefined): string {
  const value = storeSlugFor(name, slug);
  if (!value) throw badRequest('STORE_SLUG_INVALID', m.slugEmpty, [{ path: 'body.slug', message: m.slugEmpty }]);
  return value;
}

export async function createAdminStore(
  deps: AdminStoreWriteDeps,
  actor: AuditActor,
  form: AdminStoreCreate,
): Promise<AdminStore> {
  const feed = { feedUrl: form.feedUrl ?? null, feedIntervalMinutes: form.feedIntervalMinutes ?? null };
  if (feed.feedUrl) await refuseBlockedFeedUrl(deps, feed.feedUrl);
  const input = await withKeptLogo(deps.images, form);
  const store = await deps.db.transaction(async (tx) => {
    let id: string;
    try {
      id = await repo.insertStore(tx, {
        name: input.name,
        slug: slugOrRefuse(input.name, input.slug),
        logoUrl: input.logo ?? null,
        website: input.website ?? null,
        ...feed,
        ...(input.freshnessHours !== undefined ? { freshnessHours: input.freshnessHours } : {}),
        isActive: input.isActive ?? true,
        ...feedSchedule(undefined, feed),
      });
    } catch (err) {
      if (isUniqueViolation(err, 'stores_slug_uq')) throw slugTaken();
      throw err;
    }
    const created = await getAdminStore({ db: tx }, id);
    await recordAudit(tx, actor, { action: 'store.create', entityType: 'store', entityId: id, after: created });
    // An active store shows in the public store list and filters at once, on every instance.
    await announceReadChange(tx, EVERYTHING);
    return created;
  });
  invalidatePublicReads();
  return store;
}

/** Whether the change alters which of the store's offers count (db/offer-freshness.ts). */
function countingChanges(before: repo.AdminStoreRow, values: Partial<NewStoreRow>): boolean {
  return (
    (values.isActive !== undefined && values.isActive !== before.isActive) ||
    (values.freshnessHours !== undefined && values.freshnessHours !== before.freshnessHours) ||
    (values.feedUrl !== undefined && (values.feedUrl === null) !== (before.feedUrl === null))
  );
}

export async function updateAdminStore(
  deps: AdminStoreWriteDeps,
  actor: AuditActor,
  id: string,
  form: AdminStoreUpdate,
): Promise<AdminStore> {
  // An unknown store is a 404 before any logo is downloaded for it.
  if (!(await repo.findStore(deps.db, id))) throw storeNotFound();
  const input = await withKeptLogo(deps.images, form);
  const store = await deps.db.transaction(async (tx) => {
    const before = await repo.findStore(tx, id);
    if (!before) throw storeNotFound();
    // Only a new URL: one saved before (or before the allow-list changed) does not block other edits.
    if (input.feedUrl && input.feedUrl !== before.feedUrl) await refuseBlockedFeedUrl(deps, input.feedUrl);
    const [shownBefore] = await withLastImports(tx, [before]);
    const feed = {
      feedUrl: input.feedUrl === undefined ? before.feedUrl : input.feedUrl,
      feedIntervalMinutes:
        input.feedIntervalMinutes === undefined ? before.feedIntervalMinutes : input.feedIntervalMinutes,
    };
    const values: Partial<NewStoreRow> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.slug !== undefined && input.slug !== '' ? { slug: input.slug } : {}),
      ...(input.logo !== undefined ? { logoUrl: input.logo } : {}),
      ...(input.website !== undefined ? { website: input.website } : {}),
      ...(input.freshnessHours !== undefined ? { freshnessHours: input.freshnessHours } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      ...feed,
      ...feedSchedule(before, feed),
    };
    try {
      if (!(await repo.updateStore(tx, id, values))) throw storeNotFound();
    } catch (err) {
      if (isUniqueViolation(err, 'stores_slug_uq')) throw slugTaken();
      throw err;
    }
    // Deactivating a store (or narrowing its freshness window) takes its offers out of its
    // products' lowest prices and store counts; with the store row, in one transaction.
    if (countingChanges(before, values)) await refreshStoreProductPriceAggregates(tx, id);
    const after = await getAdminStore({ db: tx }, id);
    await recordAudit(tx, actor, {
      action: 'store.update',
      entityType: 'store',
      entityId: id,
      before: shownBefore,
      after,
    });
    // Store names, logos and the active flag show on product pages, listings and filters (ADR 010).
    await announceReadChange(tx, EVERYTHING);
    return after;
  });
  invalidatePublicReads();
  return store;
}

/**
 * A store with offers is never deleted: its offers carry the price history shoppers see on
 * product charts. It can be deactivated instead (PUT isActive: false). ADR 014.
 */
export async function deleteAdminStore({ db }: AdminStoresDeps, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findStore(tx, id);
    if (!before) throw storeNotFound();
    const [shownBefore] = await withLastImports(tx, [before]);
    if (!(await repo.deleteStoreWithoutOffers(tx, id))) {
      const offers = await repo.countStoreOffers(tx, id);
      if (offers === 0) throw storeNotFound();
      throw new AppError(409, 'STORE_HAS_OFFERS', m.storeHasOffers(offers));
    }
    await recordAudit(tx, actor, { action: 'store.delete', entityType: 'store', entityId: id, before: shownBefore });
    await announceReadChange(tx, EVERYTHING);
  });
  invalidatePublicReads();
}

async function requireStore(db: Database, id: string) {
  if (!(await repo.findStoreFeed(db, id))) throw storeNotFound();
}

export async function listStoreImports(
  { db }: AdminStoresDeps,
  storeId: string,
  page: number,
  limit: number,
): Promise<Page<FeedImport>> {
  await requireStore(db, storeId);
  const { rows, total } = await repo.listImports(db, storeId, page, limit);
  return { items: rows.map(presentImport), pagination: paginate(page, limit, total) };
}

export async function listStoreUnmatched(
  { db }: AdminStoresDeps,
  storeId: string,
  page: number,
  limit: number,
): Promise<Page<FeedUnmatchedItem>> {
  await requireStore(db, storeId);
  const { rows, total } = await repo.listUnmatched(db, storeId, page, limit);
  return { items: rows.map(presentUnmatched), pagination: paginate(page, limit, total) };
}

/**
 * Maps an unmatched feed item to a product. The resolved row is the remembered sku → product
 * mapping: the next import writes the offer (external_id = sku) with the item's then-current price.
 */
export async function matchUnmatchedItem(
  { db }: AdminStoresDeps,
  actor: AuditActor,
  storeId: string,
  itemId: string,
  productId: string,
): Promise<FeedUnmatchedItem> {
  await requireStore(db, storeId);
  const item = await repo.findUnmatched(db, storeId, itemId);
  if (!item) throw notFound('UNMATCHED_ITEM_NOT_FOUND', m.unmatchedNotFound);
  if (!(await repo.productExists(db, productId))) throw notFound('PRODUCT_NOT_FOUND', messages.catalog.productNotFound);
  if (item.resolvedProductId) throw new AppError(409, 'UNMATCHED_ALREADY_MATCHED', m.alreadyMatched);
  if (await repo.offerOfOtherSku(db, storeId, productId, item.sku)) {
    throw new AppError(409, 'STORE_PRODUCT_HAS_OFFER', m.skuOfferConflict);
  }
  return db.transaction(async (tx) => {
    const resolved = await repo.resolveUnmatched(tx, itemId, productId, actor.id);
    if (!resolved) throw new AppError(409, 'UNMATCHED_ALREADY_MATCHED', m.alreadyMatched);
    const after = presentUnmatched(resolved);
    await recordAudit(tx, actor, {
      action: 'store.unmatched.match',
      entityType: 'feed-unmatched-item',
      entityId: itemId,
      before: { ...presentUnmatched(item), storeId },
      after: { ...after, storeId },
    });
    return after;
  });
}
