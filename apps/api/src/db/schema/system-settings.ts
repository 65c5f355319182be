import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/** One row per settings group ('general', 'security', ...); shapes in @kiyasla/contracts/settings. */
export const systemSettings = pgTable('system_settings', {
  group: text('group').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export type SystemSettingsRow = typeof systemSettings.$inferSelect;
