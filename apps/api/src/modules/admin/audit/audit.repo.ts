import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { adminAuditLog, type NewAdminAuditLogRow } from '../../../db/schema/admin-audit-log';

export async function insertAuditEntry(db: Database | Transaction, values: NewAdminAuditLogRow): Promise<void> {
  await db.insert(adminAuditLog).values(values);
}

export interface AuditFilter {
  actorId?: string;
  /** Lower-case part of the actor's e-mail. */
  actorEmailLike?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** `%`, `_` and `\` are literal in a search. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(adminAuditLog.actorId, f.actorId) : undefined,
    f.actorEmailLike ? sql`${adminAuditLog.actorEmail} like ${likePattern(f.actorEmailLike)}` : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.entityType ? eq(adminAuditLog.entityType, f.entityType) : undefined,
    f.entityId ? eq(adminAuditLog.entityId, f.entityId) : undefined,
    f.from ? gte(adminAuditLog.createdAt, f.from) : undefined,
    f.to ? lt(adminAuditLog.createdAt, f.to) : undefined,
  );
}

/** Newest first. */
export async function listAuditEntries(db: Database, filter: AuditFilter, page: number, limit: number) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(condition)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(adminAuditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
