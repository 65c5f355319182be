import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { users } from './users';

/**
 * Links that verify an account's e-mail address (contracts/email-verification). A table of its
 * own rather than a purpose column on password_reset_tokens: a verification link is bound to the
 * address it was sent to (`email`), lives 48 hours instead of one, is limited per minute and day
 * instead of per hour, and a superseded link answers differently from a used one.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: it verifies that address only. */
    email: text('email').notNull(),
    /** SHA-256 of the token mailed to the user. */
    tokenHash: text('token_hash').notNull().unique('email_verification_tokens_token_hash_uq'),
    expiresAt: instant('expires_at').notNull(),
    /** When the link verified the address. */
    usedAt: instant('used_at'),
    /** When a newer link replaced this one. */
    supersededAt: instant('superseded_at'),
    createdAt: createdAt(),
  },
  // The resend limits count an account's links of the last minute and day.
  (t) => [index('email_verification_tokens_user_created_idx').on(t.userId, t.createdAt)],
);

export type EmailVerificationTokenRow = typeof emailVerificationTokens.$inferSelect;
