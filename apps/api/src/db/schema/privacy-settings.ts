import { boolean, pgTable, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/** Only the two server-backed privacy toggles; the others are local to the browser. */
export const privacySettings = pgTable('privacy_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profileVisibility: boolean('profile_visibility').notNull().default(true),
  activitySharing: boolean('activity_sharing').notNull().default(false),
  updatedAt: updatedAt(),
});
