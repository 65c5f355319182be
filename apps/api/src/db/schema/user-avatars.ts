import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { users } from './users';

/**
 * Uploaded profile pictures. Kept in the database rather than on a local disk so every API
 * instance can serve them; at most one row per user (the previous one is deleted on upload), so
 * the table stays small. Served by GET /api/auth/avatars/{id}.{ext}; a new upload gets a new id,
 * so responses are cacheable forever.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Sniffed from the bytes, never the client's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_avatars_user_idx').on(t.userId)],
);

export type UserAvatarRow = typeof userAvatars.$inferSelect;
