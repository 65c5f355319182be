import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('stores_slug_uq'),
    logoUrl: text('logo_url'),
    website: text('website'),
    /** Shoppers' average store rating, 0.0–5.0; read as a number by drizzle. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Pulled by the scheduler every `feed_interval_minutes` when both are set (ADR 014). */
    feedUrl: text('feed_url'),
    feedIntervalMinutes: integer('feed_interval_minutes'),
    /**
     * An offer of a feed-fed store (one with a feed URL or a feed import) not confirmed
     * (`store_offers.last_seen_at`) within this many hours is stale. Hand-kept stores never are.
     */
    freshnessHours: integer('freshness_hours').notNull().default(72),
    /** Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since (as received). */
    feedEtag: text('feed_etag'),
    feedLastModified: text('feed_last_modified'),
    /** When the scheduler should pull next; null: not scheduled (no URL or no interval). */
    feedNextPullAt: instant('feed_next_pull_at'),
    /**
     * The pull lease: the instance named `feed_leased_by` owns this store's import until
     * `feed_lease_until`. Claimed with UPDATE … WHERE lease expired (FOR UPDATE SKIP LOCKED);
     * a crashed instance's lease simply runs out.
     */
    feedLeaseUntil: instant('feed_lease_until'),
    feedLeasedBy: text('feed_leased_by'),
    /** The last import that succeeded or answered 304: the store's feed is alive. */
    feedLastSuccessAt: instant('feed_last_success_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stores_rating_ck', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check('stores_feed_interval_ck', sql`${t.feedIntervalMinutes} is null or ${t.feedIntervalMinutes} >= 15`),
    check('stores_freshness_hours_ck', sql`${t.freshnessHours} > 0`),
    // The scheduler's "which feeds are due" scan: only stores with a feed are in the index.
    index('stores_feed_next_pull_idx')
      .on(t.feedNextPullAt)
      .where(sql`${t.feedUrl} is not null and ${t.feedIntervalMinutes} is not null`),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type NewStoreRow = typeof stores.$inferInsert;
