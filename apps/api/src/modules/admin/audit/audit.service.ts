import {
  SECRET_MASK,
  turkishDayStart,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditLogQuery,
} from '@kiyasla/contracts/admin-audit';
import type { Pagination } from '@kiyasla/contracts/envelope';
import type { Database, Transaction } from '../../../db/client';
import type { AdminAuditLogRow } from '../../../db/schema/admin-audit-log';
import { paginate } from '../../../lib/reply';
import * as repo from './audit.repo';

/** Who made an admin write, from the request that made it (audit-actor.ts). */
export interface AuditActor {
  id: string;
  email: string;
  role: string;
  requestId: string | null;
  ip: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Field names whose values are never written to the log in clear (passwords, keys, tokens...). */
const SECRET_KEY = /pass(word)?|secret|token|api_?key|hash|credential/i;

/**
 * A copy of `value` with every secret-looking field replaced by SECRET_MASK (an empty secret
 * stays empty: "not set" is not a secret). Applied to every entry, whatever the caller passes.
 */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (
      SECRET_KEY.test(key) &&
      field !== null &&
      field !== '' &&
      typeof field !== 'boolean' &&
      typeof field !== 'object'
    ) {
      out[key] = SECRET_MASK;
    } else {
      out[key] = maskSecrets(field);
    }
  }
  return out;
}

function snapshot(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  const masked = maskSecrets(value);
  return masked && typeof masked === 'object' && !Array.isArray(masked)
    ? (masked as Record<string, unknown>)
    : { value: masked };
}

/**
 * Writes one audit entry. Call it with the transaction of the write it describes, so the two
 * commit or roll back together.
 */
export async function recordAudit(db: Database | Transaction, actor: AuditActor, record: AuditRecord): Promise<void> {
  await repo.insertAuditEntry(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    before: snapshot(record.before),
    after: snapshot(record.after),
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

function presentEntry(row: AdminAuditLogRow): AuditEntry {
  return {
    _id: row.id,
    actor: { _id: row.actorId, email: row.actorEmail, role: row.actorRole },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    requestId: row.requestId,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAudit(
  db: Database,
  query: AuditLogQuery,
): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const actor = query.actor?.trim();
  const filter: repo.AuditFilter = {
    ...(actor && UUID.test(actor) ? { actorId: actor.toLowerCase() } : {}),
    ...(actor && !UUID.test(actor) ? { actorEmailLike: actor.toLowerCase() } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.entityType ? { entityType: query.entityType } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
    ...(query.from ? { from: turkishDayStart(query.from) } : {}),
    ...(query.to ? { to: turkishDayStart(query.to, { next: true }) } : {}),
  };
  const { rows, total } = await repo.listAuditEntries(db, filter, query.page, query.limit);
  return { items: rows.map(presentEntry), pagination: paginate(query.page, query.limit, total) };
}
