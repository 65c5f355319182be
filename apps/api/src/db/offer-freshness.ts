import { sql, type SQL } from 'drizzle-orm';

/**
 * Freshness of offers (ADR 014): an offer of a feed-fed store (one with a feed URL or a feed
 * import that succeeded) that its store has not confirmed (`store_offers.last_seen_at`) within the
 * store's `freshness_hours` is stale. A stale offer is shown muted, is never the lowest price, is
 * never counted and never triggers anything. Hand-kept stores' offers are never stale by age.
 *
 * `offerIsFresh('o', 's')` is that rule as an SQL condition over the aliases of a store_offers row
 * and its stores row; every statement that decides what counts uses it.
 */
export function offerIsFresh(offerAlias: string, storeAlias: string): SQL {
  const o = sql.raw(offerAlias);
  const s = sql.raw(storeAlias);
  return sql`((${s}.feed_url is null and ${s}.feed_last_success_at is null)
           or ${o}.last_seen_at >= now() - make_interval(hours => ${s}.freshness_hours))`;
}

/** An offer that counts: active, of an active store, and fresh. */
export function offerCounts(offerAlias: string, storeAlias: string): SQL {
  return sql`(${sql.raw(offerAlias)}.is_active and ${sql.raw(storeAlias)}.is_active and ${offerIsFresh(offerAlias, storeAlias)})`;
}

/** The availabilities at which an offer can be bought now: the "lowest in-stock price". */
export const IN_STOCK_AVAILABILITIES = ['in-stock', 'limited'] as const;

/**
 * Whether confirming an offer must write its `last_seen_at`: only when the recorded confirmation
 * is older than an eighth of its store's freshness window. A feed pulled every hour lists the same
 * unchanged offers again and again, and rewriting each row at every pull was most of an import's
 * cost (ADR 015). The recorded time is then at most window/8 older than the true last sighting, so
 * an offer whose store stops listing it turns stale up to window/8 early — never late: a price is
 * never shown as confirmed longer than the store's window allows.
 */
export function confirmationDue(offerAlias: string, storeAlias: string): SQL {
  return sql`(${sql.raw(offerAlias)}.last_seen_at < now() - make_interval(hours => ${sql.raw(storeAlias)}.freshness_hours) / 8)`;
}
