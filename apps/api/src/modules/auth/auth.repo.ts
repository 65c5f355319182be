import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { refreshSessions, type RefreshSessionRow } from '../../db/schema/refresh-sessions';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';
import { sessionCache } from './session-cache';

type Db = Database | Transaction;

/*
 * Every write below tells the session cache (session-cache.ts) right after it, so a signed-in
 * request on this instance never sees a session or user older than the write. Callers inside a
 * transaction tell it again after the commit (forgetUser / forgetSession).
 */

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** A live (not soft-deleted) account by e-mail; `email` must already be normalised. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserByProvider(
  db: Db,
  provider: 'google' | 'facebook',
  providerId: string,
): Promise<UserRow | undefined> {
  const column = provider === 'google' ? users.googleId : users.facebookId;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(column, providerId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  sessionCache.forgetUser(id);
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/**
 * Counts one failed password atomically (concurrent attempts cannot undercount). On reaching
 * `maxAttempts` the account is locked until `lockedUntil` and the counter starts over.
 */
export async function recordFailedLogin(
  db: Db,
  userId: string,
  maxAttempts: number,
  lockedUntil: Date,
): Promise<{ locked: boolean }> {
  const reached = sql`${users.failedLoginCount} + 1 >= ${maxAttempts}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reached} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${reached} then ${lockedUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  sessionCache.forgetUser(userId);
  return { locked: Boolean(row?.lockedUntil && row.lockedUntil.getTime() === lockedUntil.getTime()) };
}

export async function recordSuccessfulLogin(db: Db, userId: string, now: Date): Promise<UserRow> {
  return updateUser(db, userId, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now });
}

// ---------------------------------------------------------------------------------------------
// Refresh sessions
// ---------------------------------------------------------------------------------------------

export interface NewSession {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  remember: boolean;
  userAgent: string | null;
  ip: string | null;
  now: Date;
}

export async function insertSession(db: Db, s: NewSession): Promise<RefreshSessionRow> {
  const [row] = await db
    .insert(refreshSessions)
    .values({
      userId: s.userId,
      familyId: s.familyId,
      tokenHash: s.tokenHash,
      expiresAt: s.expiresAt,
      remember: s.remember,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.now,
      lastUsedAt: s.now,
    })
    .returning();
  // A rotation inserts the family's new head: the cached head is the rotated row.
  sessionCache.forgetSession(s.familyId);
  if (!row) throw new Error('insert refresh_sessions returned no row');
  return row;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<RefreshSessionRow | undefined> {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Locks the row so two refreshes with the same token serialise: the second sees it rotated. */
export async function findSessionByTokenHashForUpdate(
  tx: Transaction,
  tokenHash: string,
): Promise<RefreshSessionRow | undefined> {
  const [row] = await tx.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash)).for('update');
  return row;
}

/** The live head of a session family together with its user (one query per authenticated request). */
export async function findLiveSessionWithUser(
  db: Db,
  familyId: string,
  userId: string,
): Promise<{ session: RefreshSessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: refreshSessions, user: users })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(
        eq(refreshSessions.familyId, familyId),
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function markRotated(tx: Transaction, id: string, replacedById: string, now: Date): Promise<void> {
  const rows = await tx
    .update(refreshSessions)
    .set({ revokedAt: now, revokedReason: 'rotated', replacedById })
    .where(eq(refreshSessions.id, id))
    .returning({ familyId: refreshSessions.familyId });
  for (const row of rows) sessionCache.forgetSession(row.familyId);
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: Date): Promise<number> {
  const rows = await db
    .update(refreshSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  sessionCache.forgetSession(familyId);
  return rows.length;
}

/** Ends every session of a user, optionally sparing one family (the caller's own). */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  now: Date,
  exceptFamilyId?: string,
): Promise<number> {
  const rows = await db
    .update(refreshSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
        exceptFamilyId ? ne(refreshSessions.familyId, exceptFamilyId) : undefined,
      ),
    )
    .returning({ id: refreshSessions.id });
  sessionCache.forgetUser(userId);
  return rows.length;
}

/** Records activity for the idle timeout, at most once per `minIntervalMs` (one write a minute, not per request). */
export async function touchSession(db: Db, id: string, now: Date, minIntervalMs: number): Promise<void> {
  const before = new Date(now.getTime() - minIntervalMs);
  await db
    .update(refreshSessions)
    .set({ lastUsedAt: now })
    .where(
      and(eq(refreshSessions.id, id), or(isNull(refreshSessions.lastUsedAt), lt(refreshSessions.lastUsedAt, before))),
    );
}

// ---------------------------------------------------------------------------------------------
// Password reset tokens
// ---------------------------------------------------------------------------------------------

export async function countRecentResetTokens(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** A new link makes the older ones of the same user useless. */
export async function invalidateResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/** Claims an unused, unexpired token exactly once (concurrent resets: only one wins). */
export async function consumeResetToken(tx: Transaction, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
