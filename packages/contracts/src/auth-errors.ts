/** Error codes of /api/auth/* (the `code` of the error envelope); free of zod. */

export const AUTH_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DISABLED',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'REGISTRATION_DISABLED',
  'SOCIAL_LOGIN_DISABLED',
  'SOCIAL_LOGIN_NOT_CONFIGURED',
  'SOCIAL_TOKEN_INVALID',
  'SOCIAL_EMAIL_MISSING',
  'PROVIDER_UNAVAILABLE',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SESSION_EXPIRED',
  'SESSION_REVOKED',
  'REFRESH_INVALID',
  'REFRESH_REUSED',
  'EMAIL_IMMUTABLE',
  'AVATAR_TOO_LARGE',
  'AVATAR_NOT_IMAGE',
  'WRONG_PASSWORD',
  'PASSWORD_UNCHANGED',
  'RESET_TOKEN_INVALID',
  'AVATAR_NOT_FOUND',
  'RATE_LIMITED',
  'FORBIDDEN',
  'PREMIUM_REQUIRED',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Codes after which the client must sign out (clear token, user, refreshToken). TOKEN_EXPIRED
 * is not among them: the client refreshes first and signs out only if the refresh fails.
 */
export const SIGN_OUT_CODES: readonly AuthErrorCode[] = [
  'UNAUTHORIZED',
  'TOKEN_INVALID',
  'SESSION_EXPIRED',
  'SESSION_REVOKED',
  'REFRESH_INVALID',
  'REFRESH_REUSED',
  'ACCOUNT_DISABLED',
];
