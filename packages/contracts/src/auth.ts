import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES, USER_ROLES } from './constants';
import { messages } from './messages';

/**
 * Auth, profile and account contracts: every request and response of /api/auth/*, the user as
 * clients see it, and the validation rules of specification §5 that the register, login and
 * profile forms reuse. The server applies the same schemas, so a rule lives in one place.
 */

const m = messages.auth;

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Avatar upload limit of §5/§9 (decoded bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted for avatars; the server checks the bytes, not only the declared type. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
/** Spec §5: phone input is limited to 17 characters ("+90 5xx xxx xx xx"). */
export const PHONE_MAX_LENGTH = 17;
export const PHONE_PREFIX = '+90';

/** Lifetime of an access token (JWT); never beyond the session's own expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** "Beni hatırla" sessions last this long and are not ended by the admin idle timeout. */
export const REMEMBER_ME_DAYS = 30;
/** Sessions without "Beni hatırla" end after the admin idle timeout, and at most after this. */
export const SESSION_MAX_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Policy pages: personal data is purged this many days after an account is deleted. */
export const ACCOUNT_PURGE_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Field rules (§5)
// ---------------------------------------------------------------------------------------------

/** Non-empty, no spaces, one @ and a dot after it (§5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters of any alphabet (Turkish ç ğ ı İ ö ş ü included) and spaces. */
export const NAME_PATTERN = /^[\p{L}\s]+$/u;
/** What the name inputs drop while the user types (§5 "other characters are rejected while typing"). */
export const NAME_DISALLOWED_CHARS = /[^\p{L}\s]/gu;

/** E-mail as the server stores it: trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: m.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid);

function personName(message: string) {
  return z
    .string({ error: message })
    .trim()
    .overwrite((v) => v.normalize('NFC').replace(/\s+/g, ' '))
    .min(NAME_MIN_LENGTH, message)
    .max(NAME_MAX_LENGTH, message)
    .regex(NAME_PATTERN, message);
}
export const firstNameSchema = personName(m.firstNameRule);
export const lastNameSchema = personName(m.lastNameRule);

/** Optional phone: digits, spaces, +, parentheses and hyphens; 10 to 15 digits; at most 17 characters. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, m.phoneInvalid)
  .refine((v) => v === '' || (/^\+?[\d\s()-]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, ''))), m.phoneInvalid);

export interface PasswordPolicy {
  minLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
}

/** §5: at least 8 characters with upper case, lower case, digit and special character. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: DEFAULT_PASSWORD_MIN_LENGTH,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
};

/** The admin security group drives the policy; upper and lower case are always required. */
export function passwordPolicyFromSettings(security: {
  passwordMinLength: number;
  passwordRequireNumbers: boolean;
  passwordRequireSymbols: boolean;
}): PasswordPolicy {
  return {
    minLength: security.passwordMinLength,
    requireUppercase: true,
    requireLowercase: true,
    requireNumbers: security.passwordRequireNumbers,
    requireSymbols: security.passwordRequireSymbols,
  };
}

/**
 * The rule text of §5 for a policy. With the default policy it is, verbatim,
 * 'Şifre en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir'.
 */
export function passwordRuleMessage(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string {
  const parts = [
    policy.requireUppercase && 'büyük harf',
    policy.requireLowercase && 'küçük harf',
    policy.requireNumbers && 'rakam',
    policy.requireSymbols && 'özel karakter',
  ].filter((p): p is string => Boolean(p));
  const head = `Şifre en az ${policy.minLength} karakter olmalı`;
  if (parts.length === 0) return head + 'dır';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} ve ${parts[parts.length - 1]}`;
  return `${head} ve ${list} içermelidir`;
}

export function passwordMeetsPolicy(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): boolean {
  return (
    [...password].length >= policy.minLength &&
    password.length <= PASSWORD_MAX_LENGTH &&
    (!policy.requireUppercase || /\p{Lu}/u.test(password)) &&
    (!policy.requireLowercase || /\p{Ll}/u.test(password)) &&
    (!policy.requireNumbers || /\p{Nd}/u.test(password)) &&
    (!policy.requireSymbols || /[^\p{L}\p{N}\s]/u.test(password))
  );
}

/** A new password under `policy`, with the rule text as its only message. */
export function passwordSchema(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  const message = passwordRuleMessage(policy);
  return z.string({ error: message }).refine((v) => passwordMeetsPolicy(v, policy), message);
}

const anyPassword = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024, m.passwordRequired);

// ---------------------------------------------------------------------------------------------
// The user as clients see it
// ---------------------------------------------------------------------------------------------

export const addressSchema = z.union([
  z.string().trim().max(300),
  z.object({
    street: z.string().trim().max(200).optional(),
    city: z.string().trim().max(100).optional(),
    country: z.string().trim().max(100).optional(),
  }),
]);
export type Address = z.infer<typeof addressSchema>;

export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** TRY paid for the current plan. */
  price: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  nextRenewalDate: z.string().nullable(),
  autoRenew: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Read-only: PUT /auth/update-details refuses a different e-mail. */
  email: z.string(),
  phone: z.string().nullable(),
  address: addressSchema.nullable(),
  bio: z.string().nullable(),
  /** An image URL (our /api/auth/avatars/... or the social provider's picture), or null. */
  avatar: z.string().nullable(),
  /** Same as `avatar`; some screens read this name (§3). */
  profilePicture: z.string().nullable(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  /** False for accounts created through Google/Facebook that never set a password. */
  hasPassword: z.boolean(),
  /** Which social sign-ins are linked. */
  providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
  createdAt: z.string(),
  subscription: subscriptionSchema,
  /** Active non-free plan (§4 "Premium"). */
  isPremium: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

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

export const updateDetailsRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  /** Accepted only when unchanged ('E-posta adresi değiştirilemez'). */
  email: z.string().max(254).optional(),
  phone: phoneSchema.nullable().optional(),
  address: addressSchema.nullable().optional(),
  bio: z.string().trim().max(500).nullable().optional(),
  /**
   * A `data:image/...;base64,` URL (≤ 5 MB, a real image) to upload; the current avatar URL to
   * keep it; null or '' to remove it.
   */
  avatar: z
    .string()
    .max(12 * 1024 * 1024)
    .nullable()
    .optional(),
});
export type UpdateDetailsRequest = z.infer<typeof updateDetailsRequestSchema>;

/** The profile edit form (the Profil tab); the avatar is uploaded through the same request. */
export const profileFormSchema = updateDetailsRequestSchema.pick({
  firstName: true,
  lastName: true,
  phone: true,
  address: true,
  bio: true,
});

export const changePasswordRequestSchema = z.object({
  /** Required when the account has a password (`user.hasPassword`). */
  currentPassword: z.string().max(1024).optional(),
  newPassword: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The account-settings password form: new password under the policy and its confirmation. */
export function changePasswordFormSchema(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      currentPassword: z.string().max(1024).optional(),
      newPassword: passwordSchema(policy),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: m.newPasswordsMismatch,
    });
}

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

export const deleteAccountRequestSchema = z.object({
  /** Required when the account has a password. */
  password: z.string().max(1024).optional(),
  /** For accounts without a password (social sign-in only): the account's e-mail, typed again. */
  confirmEmail: z.string().max(254).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Notification settings (§3)
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_TOPICS = [
  'price_drop',
  'price_target',
  'new_products',
  'system_updates',
  'promotions',
  'weekly_summary',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The per-topic channel object of each topic. */
export const TOPIC_CHANNEL_KEYS = {
  price_drop: 'priceDropChannels',
  price_target: 'priceTargetChannels',
  new_products: 'newProductChannels',
  system_updates: 'systemUpdateChannels',
  promotions: 'promotionChannels',
  weekly_summary: 'weeklySummaryChannels',
} as const satisfies Record<NotificationTopic, string>;

export const notificationChannelsSchema = z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(TIME_OF_DAY_PATTERN);

export const notificationSettingsSchema = z.object({
  // Quick toggles of the profile settings tab.
  priceAlerts: z.boolean(),
  email: z.boolean(),
  newsletter: z.boolean(),
  // Per-topic switches.
  price_drop: z.boolean(),
  price_target: z.boolean(),
  new_products: z.boolean(),
  system_updates: z.boolean(),
  promotions: z.boolean(),
  weekly_summary: z.boolean(),
  // Per-topic channels.
  priceDropChannels: notificationChannelsSchema,
  priceTargetChannels: notificationChannelsSchema,
  newProductChannels: notificationChannelsSchema,
  systemUpdateChannels: notificationChannelsSchema,
  promotionChannels: notificationChannelsSchema,
  weeklySummaryChannels: notificationChannelsSchema,
  // Global.
  doNotDisturb: z.boolean(),
  soundEnabled: z.boolean(),
  quietHours: z.object({ start: timeOfDay, end: timeOfDay }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * PUT /auth/notification-settings body: any subset; channel objects and quietHours may be
 * partial too. Unknown keys are ignored.
 */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .extend({
    priceDropChannels: notificationChannelsSchema.partial(),
    priceTargetChannels: notificationChannelsSchema.partial(),
    newProductChannels: notificationChannelsSchema.partial(),
    systemUpdateChannels: notificationChannelsSchema.partial(),
    promotionChannels: notificationChannelsSchema.partial(),
    weeklySummaryChannels: notificationChannelsSchema.partial(),
    quietHours: z.object({ start: timeOfDay, end: timeOfDay }).partial(),
  })
  .partial();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

const onChannels: NotificationChannels = { push: true, email: true, sms: false };

/** §9: price_drop, price_target, system_updates, weekly_summary on; new_products, promotions off; quiet 22:00–08:00. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  priceAlerts: true,
  email: true,
  // Marketing e-mail needs an explicit opt-in (ETK/KVKK), so it starts off.
  newsletter: false,
  price_drop: true,
  price_target: true,
  new_products: false,
  system_updates: true,
  promotions: false,
  weekly_summary: true,
  priceDropChannels: onChannels,
  priceTargetChannels: onChannels,
  newProductChannels: onChannels,
  systemUpdateChannels: onChannels,
  promotionChannels: { push: false, email: false, sms: false },
  weeklySummaryChannels: { push: false, email: true, sms: false },
  doNotDisturb: false,
  soundEnabled: true,
  quietHours: { start: '22:00', end: '08:00' },
};

/**
 * Applies a partial update (or a stored, possibly older document) over `base`, one level deep:
 * channel objects and quiet hours merge key by key. A value that does not fit its schema (e.g.
 * written by an older release) keeps the base value; unknown keys are dropped.
 */
export function mergeNotificationSettings(
  base: NotificationSettings,
  patch: NotificationSettingsUpdate | Record<string, unknown>,
): NotificationSettings {
  const merged: Record<string, unknown> = { ...base };
  const shape = notificationSettingsSchema.shape as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(patch)) {
    const field = shape[key];
    if (!field || value === undefined) continue;
    const current = (base as Record<string, unknown>)[key];
    const next =
      current && typeof current === 'object' && value && typeof value === 'object'
        ? { ...current, ...(value as object) }
        : value;
    const parsed = field.safeParse(next);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as NotificationSettings;
}

// ---------------------------------------------------------------------------------------------
// Privacy settings (§3): two server-backed toggles
// ---------------------------------------------------------------------------------------------

export const privacySettingsSchema = z.object({
  profileVisibility: z.boolean(),
  activitySharing: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsUpdateSchema = privacySettingsSchema.partial();
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { profileVisibility: true, activitySharing: false };

/** Privacy toggles kept in the browser only (§3); their defaults are the web app's choice. */
export const LOCAL_PRIVACY_KEYS = [
  'dataCollection',
  'marketingEmails',
  'personalizedAds',
  'searchHistory',
  'locationTracking',
  'cookieSettings',
  'thirdPartySharing',
  'analyticsOptIn',
] as const;

// ---------------------------------------------------------------------------------------------
// Data export (GET /auth/export, KVKK right of access)
// ---------------------------------------------------------------------------------------------

const iso = z.string();
const productRef = z.object({ _id: z.string(), name: z.string().nullable() });

/** The downloaded JSON file itself (not wrapped in the envelope). Money in TRY. */
export const accountExportSchema = z.object({
  format: z.literal('kiyasla-account-export/v1'),
  generatedAt: iso,
  profile: userSchema,
  notificationSettings: notificationSettingsSchema,
  privacySettings: privacySettingsSchema,
  favorites: z.array(z.object({ product: productRef, createdAt: iso })),
  priceAlerts: z.array(
    z.object({
      _id: z.string(),
      product: productRef,
      store: z.string().nullable(),
      targetPrice: z.number(),
      triggerType: z.string(),
      isActive: z.boolean(),
      triggered: z.boolean(),
      triggeredAt: iso.nullable(),
      triggeredPrice: z.number().nullable(),
      createdAt: iso,
    }),
  ),
  savedComparisons: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      productIds: z.array(z.string()),
      isPublic: z.boolean(),
      tags: z.array(z.string()),
      createdAt: iso,
    }),
  ),
  notifications: z.array(
    z.object({
      _id: z.string(),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      isRead: z.boolean(),
      createdAt: iso,
    }),
  ),
  reviews: z.array(
    z.object({
      _id: z.string(),
      product: productRef,
      rating: z.number(),
      title: z.string().nullable(),
      comment: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  payments: z.array(
    z.object({
      _id: z.string(),
      provider: z.string(),
      plan: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: iso,
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: iso,
      lastUsedAt: iso.nullable(),
      expiresAt: iso,
      active: z.boolean(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

// ---------------------------------------------------------------------------------------------
// Error codes of /api/auth/* (the `code` of the error envelope)
// ---------------------------------------------------------------------------------------------

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
