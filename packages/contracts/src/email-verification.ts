/**
 * E-mail address verification (zod-free: the /verify-email page and the account card import it).
 * Registration with e-mail and password mails a single-use link to `VERIFY_EMAIL_PATH`; the
 * signed-in member may ask for a new one (`POST /auth/verify-email/resend`), a new link making the
 * older ones useless. Google and Facebook accounts are verified by their provider.
 */

/** Web path of the link mailed on registration and on a resend: `/verify-email?token=…`. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

/** A new verification e-mail at most once per this many seconds per account. */
export const EMAIL_VERIFICATION_RESEND_SECONDS = 60;

/** At most this many verification e-mails per account in 24 hours (the registration's included). */
export const EMAIL_VERIFICATION_DAILY_LIMIT = 5;

/** The `code` of the answers of the verification routes. */
export const EMAIL_VERIFICATION_ERROR_CODES = {
  /** Unknown, cut short or already used. */
  invalid: 'EMAIL_VERIFICATION_INVALID',
  expired: 'EMAIL_VERIFICATION_EXPIRED',
  /** A newer link was sent since: only the latest one works. */
  superseded: 'EMAIL_VERIFICATION_SUPERSEDED',
  /** The account's address is no longer the one the link was sent to. */
  emailChanged: 'EMAIL_VERIFICATION_EMAIL_CHANGED',
  /** Resend: the address is verified already (409). */
  alreadyVerified: 'EMAIL_ALREADY_VERIFIED',
  /** Resend: too soon or too many today (429 with Retry-After). */
  rateLimited: 'EMAIL_VERIFICATION_RATE_LIMITED',
} as const;
export type EmailVerificationErrorCode =
  (typeof EMAIL_VERIFICATION_ERROR_CODES)[keyof typeof EMAIL_VERIFICATION_ERROR_CODES];

/**
 * `data.status` of `POST /auth/verify-email`: a second click on a used link of an address that is
 * verified answers `already-verified`, not an error.
 */
export type EmailVerificationStatus = 'verified' | 'already-verified';

/** `data` of `POST /auth/verify-email/resend`. */
export interface VerificationResent {
  /** Where the link went (the account's address). */
  email: string;
  /** Seconds until the next resend is accepted. */
  resendAfterSeconds: number;
}
