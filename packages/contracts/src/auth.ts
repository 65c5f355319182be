import { z } from 'zod';
import { messages } from './messages';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  passwordSchema,
  phoneSchema,
  userSchema,
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH,
  type PasswordPolicy,
} from './user';

/**
 * Signing in and the session: every request and response of the sign-in calls of /api/auth/*
 * (login, register, Google, Facebook, refresh, logout, forgot and reset password, e-mail verification).
 */

const m = messages.auth;

/** Lifetime of an access token (JWT); never beyond the session's own expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** "Beni hatırla" sessions last this long and are not ended by the admin idle timeout. */
export const REMEMBER_ME_DAYS = 30;
/** Sessions without "Beni hatırla" end after the admin idle timeout, and at most after this. */
export const SESSION_MAX_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** Longest password accepted where one is only checked (sign-in, confirmations): older accounts may exceed the policy. */
export const CHECKED_PASSWORD_MAX_LENGTH = 1024;

/** A password as a form sends it: present, and at most `max` characters, each failure named. */
export function passwordField(max: number) {
  return z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(max, m.passwordTooLong(max));
}

const anyPassword = passwordField(CHECKED_PASSWORD_MAX_LENGTH);

/** `data` of login, register, Google, Facebook and refresh. */
export const authSessionSchema = z.object({
  user: userSchema,
  /** Bearer access token (JWT). */
  token: z.string(),
  /** Opaque refresh token: send to POST /auth/refresh; it is replaced on every use. */
  refreshToken: z.string(),
  /** When `token` expires (ISO); refresh shortly before. */
  expiresAt: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: anyPassword,
  /** "Beni hatırla": a 30-day session instead of one ended by the admin idle timeout. */
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What the register page sends (§3: only these four fields). The server checks the password policy. */
export const registerRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordField(PASSWORD_MAX_LENGTH),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register request with the password policy applied (from GET /api/config `passwordPolicy`). */
export function registerRequestSchemaFor(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return registerRequestSchema.extend({ password: passwordSchema(policy) });
}

/** The whole register form of §3/§5, for react-hook-form; submit `pick`s the four request fields. */
export function registerFormSchema(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return registerRequestSchemaFor(policy)
    .extend({
      phone: phoneSchema.optional(),
      confirmPassword: z.string(),
      acceptTerms: z.boolean().refine((v) => v, m.termsRequired),
      acceptMarketing: z.boolean().optional(),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: m.passwordsMismatch });
}

export const googleLoginRequestSchema = z
  .object({
    /** Google ID token (older button API). */
    tokenId: z.string(m.googleFailed).min(1, m.googleFailed).max(8192, m.googleFailed).optional(),
    /** Google ID token (Google Identity Services `credential`). */
    credential: z.string(m.googleFailed).min(1, m.googleFailed).max(8192, m.googleFailed).optional(),
    /** Sent by the older button; ignored: the profile is read from the verified token. */
    profileObj: z.unknown().optional(),
    rememberMe: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.tokenId ?? v.credential), { message: m.googleFailed, path: ['credential'] });
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const facebookLoginRequestSchema = z.object({
  accessToken: z.string(m.facebookFailed).min(1, m.facebookFailed).max(4096, m.facebookFailed),
  userID: z.string(m.facebookFailed).regex(/^\d{1,64}$/, m.facebookFailed),
  /** name, email and picture are accepted but ignored: the profile is read from the Graph API. */
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  picture: z.unknown().optional(),
  rememberMe: z.boolean().optional(),
});
export type FacebookLoginRequest = z.infer<typeof facebookLoginRequestSchema>;

/** A refresh token as the API issues it; anything else is answered as an invalid session. */
const refreshToken = z.string(m.tokenInvalid).min(20, m.tokenInvalid).max(200, m.tokenInvalid);

export const refreshRequestSchema = z.object({ refreshToken });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Optional: lets a client whose access token already expired still end its session. */
export const logoutRequestSchema = z.object({ refreshToken: refreshToken.optional() }).nullish();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  /** The `token` query parameter of the e-mailed link (/reset-password?token=...). */
  token: z.string(m.resetTokenInvalid).min(20, m.resetTokenInvalid).max(200, m.resetTokenInvalid),
  password: passwordField(PASSWORD_MAX_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Web path of the reset link mailed by POST /auth/forgot-password. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** `POST /auth/verify-email`: the `token` query parameter of the mailed link (/verify-email?token=...). */
export const verifyEmailRequestSchema = z.object({
  token: z.string(m.verificationTokenInvalid).min(20, m.verificationTokenInvalid).max(200, m.verificationTokenInvalid),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** `data` of `POST /auth/verify-email` (EmailVerificationStatus of contracts/email-verification). */
export const verifyEmailResultSchema = z.object({ status: z.enum(['verified', 'already-verified']) });

/** `data` of `POST /auth/verify-email/resend` (VerificationResent of contracts/email-verification). */
export const verificationResentSchema = z.object({
  email: z.string(),
  resendAfterSeconds: z.number().int().nonnegative(),
});
