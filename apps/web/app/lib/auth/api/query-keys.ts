/**
 * TanStack Query keys of account data. Everything under `account` belongs to the signed-in
 * user and is dropped when the session ends.
 */
export const accountKeys = {
  all: ['account'] as const,
  privacySettings: () => [...accountKeys.all, 'privacy-settings'] as const,
  notificationSettings: () => [...accountKeys.all, 'notification-settings'] as const,
  export: () => [...accountKeys.all, 'export'] as const,
};
