import {
  DEFAULT_NOTIFICATION_SETTINGS,
  mergeNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@kiyasla/contracts/notification-settings';
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings, type PrivacySettingsUpdate } from '@kiyasla/contracts/privacy';
import { type UpdateDetailsRequest } from '@kiyasla/contracts/account';
import { normalizeEmail, type User } from '@kiyasla/contracts/user';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import type { ProfileChanges } from './profile.repo';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sessionCache } from '../auth/session-cache';
import type { AuthUser } from '../auth/session-verifier';
import { presentUser } from '../auth/user.presenter';
import { extensionFor } from '../../lib/image-type';
import { decodeAvatarDataUrl } from './avatar';
import {
  deleteAvatars,
  findAvatar,
  findNotificationSettings,
  findPrivacySettings,
  lockNotificationSettings,
  replaceAvatar,
  saveNotificationSettings,
  savePrivacySettings,
  updateProfile,
} from './profile.repo';
import { isUuid } from '@kiyasla/contracts/ids';

export const AVATAR_PATH_PREFIX = '/api/auth/avatars/';

/**
 * PUT /auth/update-details. Only the caller's own row is touched (the id comes from the session,
 * never from the body). Absent fields stay as they are; '' or null clears phone, address, bio
 * and avatar. The e-mail may be sent back unchanged but never changed.
 */
export async function updateDetails(db: Database, caller: AuthUser, input: UpdateDetailsRequest): Promise<User> {
  const current = caller.row;
  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    throw badRequest('EMAIL_IMMUTABLE', messages.auth.emailImmutable, [
      { path: 'body.email', message: messages.auth.emailImmutable },
    ]);
  }

  const changes: ProfileChanges = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.bio !== undefined) changes.bio = input.bio || null;
  if (input.address !== undefined) changes.address = emptyAddress(input.address) ? null : input.address;

  let upload: ReturnType<typeof decodeAvatarDataUrl> | null = null;
  let removeAvatar = false;
  if (input.avatar !== undefined && input.avatar !== current.avatarUrl) {
    if (input.avatar === null || input.avatar === '') removeAvatar = true;
    else if (input.avatar.startsWith('data:')) upload = decodeAvatarDataUrl(input.avatar);
    // Any other string would be an image URL of the client's choosing (tracking pixels): refused.
    else throw new AppError(400, 'AVATAR_NOT_IMAGE', messages.auth.avatarNotImage);
  }

  const updated = await db.transaction(async (tx) => {
    if (upload) {
      const id = await replaceAvatar(tx, current.id, upload);
      changes.avatarUrl = `${AVATAR_PATH_PREFIX}${id}.${upload.extension}`;
    } else if (removeAvatar) {
      await deleteAvatars(tx, current.id);
      changes.avatarUrl = null;
    }
    return Object.keys(changes).length > 0 ? updateProfile(tx, current.id, changes) : current;
  });
  sessionCache.forgetUser(current.id);
  return presentUser(updated);
}

function emptyAddress(address: UpdateDetailsRequest['address']): boolean {
  if (address === null || address === undefined) return true;
  if (typeof address === 'string') return address.trim() === '';
  return !address.street && !address.city && !address.country;
}

/** An uploaded avatar by its file name `<id>.<ext>`; anything else is a 404. */
export async function getAvatar(db: Database, file: string): Promise<{ contentType: string; data: Buffer }> {
  const match = /^([0-9a-f-]{36})\.([a-z]{3,4})$/i.exec(file);
  const id = match?.[1]?.toLowerCase();
  const avatar = id && isUuid(id) ? await findAvatar(db, id) : undefined;
  if (!avatar || extensionFor(avatar.contentType) !== match?.[2]?.toLowerCase()) {
    throw notFound('AVATAR_NOT_FOUND', messages.auth.avatarNotFound);
  }
  return { contentType: avatar.contentType, data: avatar.data };
}

export async function getNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const stored = await findNotificationSettings(db, userId);
  return stored ? mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, stored) : DEFAULT_NOTIFICATION_SETTINGS;
}

/** Partial update: given keys replace, channel objects and quiet hours merge key by key. */
export async function updateNotificationSettings(
  db: Database,
  userId: string,
  patch: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const current = mergeNotificationSettings(
      DEFAULT_NOTIFICATION_SETTINGS,
      await lockNotificationSettings(tx, userId),
    );
    const next = mergeNotificationSettings(current, patch);
    await saveNotificationSettings(tx, userId, next);
    return next;
  });
}

export async function getPrivacySettings(db: Database, userId: string): Promise<PrivacySettings> {
  return (await findPrivacySettings(db, userId)) ?? DEFAULT_PRIVACY_SETTINGS;
}

export async function updatePrivacySettings(
  db: Database,
  userId: string,
  patch: PrivacySettingsUpdate,
): Promise<PrivacySettings> {
  return db.transaction(async (tx) => {
    const current = (await findPrivacySettings(tx, userId)) ?? DEFAULT_PRIVACY_SETTINGS;
    const next = {
      profileVisibility: patch.profileVisibility ?? current.profileVisibility,
      activitySharing: patch.activitySharing ?? current.activitySharing,
    };
    await savePrivacySettings(tx, userId, next);
    return next;
  });
}
