import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { users, type NewUserRow } from '../../../db/schema/users';
import { sessionCache } from '../../auth/session-cache';

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  subscriptionPlan: users.subscriptionPlan,
  subscriptionStatus: users.subscriptionStatus,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export interface UserFilter {
  /** Already folded (foldTurkish). */
  search?: string;
  role?: NewUserRow['role'];
  isActive?: boolean;
}

/** `%`, `_` and `\` are literal in a search. */
function likePattern(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Closed (soft-deleted) accounts are gone for the back office too. */
function where(f: UserFilter): SQL | undefined {
  return and(
    isNull(users.deletedAt),
    f.search
      ? sql`kiyasla_fold(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${likePattern(f.search)}`
      : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.isActive !== undefined ? eq(users.isActive, f.isActive) : undefined,
  );
}

/** Newest accounts first. */
export async function listUsers(db: Database, filter: UserFilter, page: number, limit: number) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export async function findUser(db: Database | Transaction, id: string, { lock = false } = {}) {
  const query = db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Locks every active admin account and returns their ids. Two admins demoting each other at
 * once then queue behind one another, and the second sees the first's change: the last admin
 * can never be removed by a race.
 */
export async function lockActiveAdmins(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function updateUserAccess(
  tx: Transaction,
  id: string,
  values: Pick<Partial<NewUserRow>, 'role' | 'isActive'>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, id));
  sessionCache.forgetUser(id);
}
