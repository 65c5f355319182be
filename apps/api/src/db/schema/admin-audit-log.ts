import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * One row per write made in the back office (ADR 016), inserted in the transaction of the write
 * it describes: a write that rolls back leaves no entry, and no committed write lacks one.
 * `before` and `after` hold the changed entity as the admin API presents it, secrets masked.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the acting account is purged; `actor_email` keeps who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** Stable action code, e.g. `user.update` (AUDIT_ACTIONS in @kiyasla/contracts/admin-audit). */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('admin_audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

export type AdminAuditLogRow = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditLogRow = typeof adminAuditLog.$inferInsert;
