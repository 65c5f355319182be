import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { notificationSettings } from '../../db/schema/notification-settings';
import { privacySettings } from '../../db/schema/privacy-settings';
import { userAvatars, type UserAvatarRow } from '../../db/schema/user-avatars';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';
import { sessionCache } from '../auth/session-cache';

type Db = Database | Transaction;

/** The columns of the account's own row its owner may change (PUT /auth/update-details). */
export type ProfileChanges = Partial<
  Pick<NewUserRow, 'firstName' | 'lastName' | 'phone' | 'bio' | 'address' | 'avatarUrl'>
>;

/** Writes profile fields; signed-in requests on this instance see the change at once (ADR 010). */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  sessionCache.forgetUser(userId);
  if (!row) throw new Error(`user ${userId} vanished during update`);
  return row;
}

/** Stores a new avatar and drops the user's previous ones (one picture per user). */
export async function replaceAvatar(
  tx: Transaction,
  userId: string,
  image: { contentType: string; data: Buffer },
): Promise<string> {
  await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
  const [row] = await tx
    .insert(userAvatars)
    .values({ userId, contentType: image.contentType, size: image.data.length, data: image.data })
    .returning({ id: userAvatars.id });
  if (!row) throw new Error('insert user_avatars returned no row');
  return row.id;
}

export async function deleteAvatars(db: Db, userId: string): Promise<void> {
  await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
}

export async function findAvatar(db: Db, id: string): Promise<UserAvatarRow | undefined> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.id, id)).limit(1);
  return row;
}

export async function findNotificationSettings(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row?.settings;
}

/** The user's stored document, row-locked for a read-modify-write (concurrent partial updates must not lose keys). */
export async function lockNotificationSettings(tx: Transaction, userId: string): Promise<Record<string, unknown>> {
  await tx.insert(notificationSettings).values({ userId, settings: {} }).onConflictDoNothing();
  const [row] = await tx
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for('update');
  return row?.settings ?? {};
}

export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { settings, updatedAt: new Date() } });
}

export async function findPrivacySettings(
  db: Db,
  userId: string,
): Promise<{ profileVisibility: boolean; activitySharing: boolean } | undefined> {
  const [row] = await db
    .select({ profileVisibility: privacySettings.profileVisibility, activitySharing: privacySettings.activitySharing })
    .from(privacySettings)
    .where(eq(privacySettings.userId, userId))
    .limit(1);
  return row;
}

export async function savePrivacySettings(
  db: Db,
  userId: string,
  values: { profileVisibility: boolean; activitySharing: boolean },
): Promise<void> {
  await db
    .insert(privacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacySettings.userId, set: { ...values, updatedAt: new Date() } });
}
