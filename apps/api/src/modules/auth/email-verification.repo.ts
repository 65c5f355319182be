import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { emailVerificationTokens, type EmailVerificationTokenRow } from '../../db/schema/email-verification-tokens';
import { users, type UserRow } from '../../db/schema/users';

type Db = Database | Transaction;

/**
 * Locks a live account's row for the rest of the transaction: a resend and a confirmation of the
 * same account take turns (the resend limits are counted and the new link written under it).
 */
export async function lockUser(tx: Transaction, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** When the account's links of the period were made, oldest first (the resend limits). */
export async function verificationTokenTimes(db: Db, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: emailVerificationTokens.createdAt })
    .from(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, since)))
    .orderBy(asc(emailVerificationTokens.createdAt));
  return rows.map((r) => r.createdAt);
}

/** A new link makes the account's older unused ones useless. */
export async function supersedeVerificationTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(emailVerificationTokens)
    .set({ supersededAt: now })
    .where(
      and(
        eq(emailVerificationTokens.userId, userId),
        isNull(emailVerificationTokens.usedAt),
        isNull(emailVerificationTokens.supersededAt),
      ),
    );
}

export async function insertVerificationToken(
  db: Db,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export async function findVerificationToken(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<EmailVerificationTokenRow | undefined> {
  const query = db
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markVerificationTokenUsed(tx: Transaction, id: string, now: Date): Promise<void> {
  await tx.update(emailVerificationTokens).set({ usedAt: now }).where(eq(emailVerificationTokens.id, id));
}
