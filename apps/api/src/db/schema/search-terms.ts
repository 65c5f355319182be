import { integer, pgMaterializedView, text } from 'drizzle-orm/pg-core';

/**
 * Materialized view of the distinct folded words in the catalog (migration 0005), used for typo
 * correction and prefix checks. Declared `.existing()`: the migration owns its definition and
 * indexes; this gives queries typed columns. Refresh it after catalog changes:
 * `refresh materialized view concurrently search_terms`.
 */
export const searchTerms = pgMaterializedView('search_terms', {
  term: text('term').notNull(),
  /** Number of active products containing the word. */
  n: integer('n').notNull(),
}).existing();
