import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Trending searches an admin or moderator hid (`/api/admin/search-terms`): trending leaves out
 * every search whose folded words equal `term_key`, whatever its count.
 */
export const hiddenSearchTerms = pgTable('hidden_search_terms', {
  /** The term's folded words joined by a space (parseQuery(term).tokens), as trending groups them. */
  termKey: text('term_key').primaryKey(),
  /** The term as the operator typed it, for the admin screen. */
  term: text('term').notNull(),
  hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export type HiddenSearchTermRow = typeof hiddenSearchTerms.$inferSelect;
