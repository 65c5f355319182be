import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offerCounts } from '../../db/offer-freshness';
import { storeOffers } from '../../db/schema/store-offers';
import { stores } from '../../db/schema/stores';

const columns = {
  id: stores.id,
  name: stores.name,
  slug: stores.slug,
  logoUrl: stores.logoUrl,
  website: stores.website,
  rating: stores.rating,
  ratingCount: stores.ratingCount,
  // The outer store's id written out in full: drizzle renders `${stores.id}` as a bare "id", which
  // inside this subquery would mean the offer's own id. The offers that count (active, fresh):
  // the products the store sells now, as the product pages count them.
  offerCount: sql<number>`(select count(*)::int from ${storeOffers} o
    where o.store_id = "stores"."id" and ${offerCounts('o', '"stores"')})`,
};

export function listActiveStores(db: Database) {
  return db.select(columns).from(stores).where(eq(stores.isActive, true)).orderBy(asc(stores.name));
}
