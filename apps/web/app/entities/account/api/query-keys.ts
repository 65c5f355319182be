import { ownerDataKey } from '~/entities/session/api/query-keys';

/**
 * TanStack Query keys of account data. Everything under `account` belongs to the signed-in
 * user and is dropped when the session's owner changes (the session's `ownerDataKey`).
 */
export const accountKeys = {
  all: ownerDataKey,
  privacySettings: () => [...accountKeys.all, 'privacy-settings'] as const,
  notificationSettings: () => [...accountKeys.all, 'notification-settings'] as const,
  overview: () => [...accountKeys.all, 'overview'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  payments: () => [...accountKeys.all, 'payments'] as const,
  phoneStatus: () => [...accountKeys.all, 'phone-status'] as const,
};
