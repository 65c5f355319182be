import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/**
 * One row per issued refresh token. Rotation replaces a row (`replaced_by_id`); every token
 * descending from one login shares a `family_id`, so presenting an already-rotated token revokes
 * the whole family (reuse detection).
 */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique('refresh_sessions_token_hash_uq'),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** 'rotated' | 'logout' | 'reuse' | 'idle' | 'password' | 'reset' | 'account-deleted' | 'deactivated' | 'social-link'. */
    revokedReason: text('revoked_reason'),
    replacedById: uuid('replaced_by_id'),
    /** "Beni hatırla": a long absolute lifetime and no admin idle timeout. Copied on rotation. */
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [
    index('refresh_sessions_user_idx').on(t.userId),
    index('refresh_sessions_family_idx').on(t.familyId),
    // The hourly retention (jobs/prune-refresh-sessions.ts, migration 0033) keeps rotated rows and
    // a session's newest row for different times after their expiry: one index for each.
    index('refresh_sessions_rotated_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.replacedById} is not null`),
    index('refresh_sessions_newest_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.replacedById} is null`),
  ],
);

export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
