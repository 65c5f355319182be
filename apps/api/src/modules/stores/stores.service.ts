import type { Store } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { clearWithPublicReads } from '../../lib/public-read-cache';
import { TtlCache } from '../../lib/ttl-cache';
import { listActiveStores } from './stores.repo';
import { isUuid } from '@kiyasla/contracts/ids';

/**
 * The active stores with their offer counts, read at most once per 5 minutes per instance (one
 * load shared by the requests that arrive meanwhile): each count walks the store's offers, a
 * million for a large store, and `/stores` and `GET /stores` are public. A store's own change in
 * the back office announces everything (ADR 010), which empties this on every instance; the
 * counts follow feed imports and offers turning stale within the 5 minutes.
 */
export const STORES_MAX_AGE_MS = 5 * 60_000;
const cache = new TtlCache<Store[]>(STORES_MAX_AGE_MS);
clearWithPublicReads(() => cache.clear());

/** Drops the kept list (a test that changed offers reads it again at once). */
export function forgetStores(): void {
  cache.clear();
}

type StoreRow = Awaited<ReturnType<typeof listActiveStores>>[number];

function present(row: StoreRow): Store {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logoUrl,
    website: row.website,
    rating: row.rating,
    ratingCount: row.ratingCount,
    metrics: { averageRating: row.rating },
    offerCount: Number(row.offerCount),
  };
}

export function listStores(db: Database): Promise<Store[]> {
  return cache.get('all', async () => (await listActiveStores(db)).map(present));
}

/** An active store by id or slug, from the kept list (a store that is not in it is not active). */
export async function getStore(db: Database, idOrSlug: string): Promise<Store> {
  const id = isUuid(idOrSlug) ? idOrSlug.toLowerCase() : null;
  const store = (await listStores(db)).find((s) => (id ? s._id === id : s.slug === idOrSlug));
  if (!store) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
  return store;
}
