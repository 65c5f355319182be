import { desc } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeedImportReport } from '@kiyasla/contracts/admin-stores';
import { instant } from './columns';
import { feedFormat, feedImportSource, feedImportStatus, feedMode } from './enums';
import { stores } from './stores';
import { users } from './users';

/**
 * One feed import (upload, CLI or scheduled pull) and its report: the store's import history.
 * Written 'running' when it starts and finished with its outcome, so a crashed import is visible.
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    source: feedImportSource('source').notNull(),
    /** Null when the body was refused before its format was known. */
    format: feedFormat('format'),
    mode: feedMode('mode'),
    status: feedImportStatus('status').notNull().default('running'),
    /** The operator overrode the "deactivates more than half of the store" guard. */
    forced: boolean('forced').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    report: jsonb('report').$type<FeedImportReport>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The admin or moderator who uploaded it; null for the scheduler and the CLI. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('feed_imports_store_started_idx').on(t.storeId, desc(t.startedAt))],
);

export type FeedImportRow = typeof feedImports.$inferSelect;
export type NewFeedImportRow = typeof feedImports.$inferInsert;
