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
 * (login, register, Google, Facebook, refresh, logout, forgot and reset password).
 */

const m = messages.auth;

/** Lifetime of an access token (JWT); never beyond the session's own expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** "Beni hatırla" sessions last this long and are not ended by the admin idle timeout. */
export const REMEMBER_ME_DAYS = 30;
/** Sessions without "Beni hatırla" end after the admin idle timeout, and at most after this. */
export const SESSION_MAX_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;

const anyPassword = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024, m.passwordRequired);

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
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH),
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
    tokenId: z.string().min(1).max(8192).optional(),
    /** Google ID token (Google Identity Services `credential`). */
    credential: z.string().min(1).max(8192).optional(),
    /** Sent by the older button; ignored: the profile is read from the verified token. */
    profileObj: z.unknown().optional(),
    rememberMe: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.tokenId ?? v.credential), { message: m.googleFailed, path: ['credential'] });
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

export const facebookLoginRequestSchema = z.object({
  accessToken: z.string().min(1).max(4096),
  userID: z.string().regex(/^\d{1,64}$/),
  /** name, email and picture are accepted but ignored: the profile is read from the Graph API. */
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  picture: z.unknown().optional(),
  rememberMe: z.boolean().optional(),
});
export type FacebookLoginRequest = z.infer<typeof facebookLoginRequestSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(20).max(200) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Optional: lets a client whose access token already expired still end its session. */
export const logoutRequestSchema = z.object({ refreshToken: z.string().min(20).max(200).optional() }).nullish();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  /** The `token` query parameter of the e-mailed link (/reset-password?token=...). */
  token: z.string().min(20).max(200),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Web path of the reset link mailed by POST /auth/forgot-password. */
export const RESET_PASSWORD_PATH = '/reset-password';
