import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Feeds "trending searches". Deliberately holds no user id, IP or session: no personal data. */
export const searchLog = pgTable(
  'search_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** foldTurkish()ed, trimmed query. */
    queryNormalized: text('query_normalized').notNull(),
    resultCount: integer('result_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_log_created_idx').on(t.createdAt)],
);
