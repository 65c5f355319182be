import type { Store } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findActiveStore, listActiveStores } from './stores.repo';
import { isUuid } from '@kiyasla/contracts/ids';

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

export async function listStores(db: Database): Promise<Store[]> {
  return (await listActiveStores(db)).map(present);
}

export async function getStore(db: Database, idOrSlug: string): Promise<Store> {
  const row = await findActiveStore(db, isUuid(idOrSlug) ? { id: idOrSlug.toLowerCase() } : { slug: idOrSlug });
  if (!row) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
  return present(row);
}
