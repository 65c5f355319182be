/**
 * The root of the TanStack Query keys of data that belongs to the signed-in user (profile
 * settings, the account's read models): the AuthProvider drops everything under it when the
 * session's owner changes (ADR 009). Entities that keep such data build their keys on it.
 */
export const ownerDataKey = ['account'] as const;
