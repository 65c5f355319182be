import { z } from 'zod';
import { messages } from './messages';
import { CHECKED_PASSWORD_MAX_LENGTH, passwordField } from './auth';
import {
  addressSchema,
  firstNameSchema,
  lastNameSchema,
  passwordSchema,
  phoneSchema,
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH,
  type PasswordPolicy,
} from './user';

/**
 * The signed-in user's own account (the profile page and account settings): profile details and
 * avatar, password change, account deletion, and the read models of the profile tabs (activity,
 * achievements, sessions, payment history).
 */

const m = messages.auth;

/** Avatar upload limit of §5/§9 (decoded bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted for avatars; the server checks the bytes, not only the declared type. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

/** An avatar data URL longer than this cannot hold a 5 MB picture (base64 is 4/3 of the bytes). */
const AVATAR_DATA_URL_MAX_LENGTH = 12 * 1024 * 1024;
export const BIO_MAX_LENGTH = 500;

/** A password the server only checks (current password, deletion): may be empty, not endless. */
const checkedPassword = z
  .string(m.passwordRequired)
  .max(CHECKED_PASSWORD_MAX_LENGTH, m.passwordTooLong(CHECKED_PASSWORD_MAX_LENGTH));

/** Policy pages: personal data is purged this many days after an account is deleted. */
export const ACCOUNT_PURGE_DAYS = 30;

export const updateDetailsRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  /** Accepted only when unchanged ('E-posta adresi değiştirilemez'). */
  email: z.string(m.emailInvalid).max(254, m.emailInvalid).optional(),
  phone: phoneSchema.nullable().optional(),
  address: addressSchema.nullable().optional(),
  bio: z.string().trim().max(BIO_MAX_LENGTH, m.bioTooLong(BIO_MAX_LENGTH)).nullable().optional(),
  /**
   * A `data:image/...;base64,` URL (≤ 5 MB, a real image) to upload; the current avatar URL to
   * keep it; null or '' to remove it. Longer than any 5 MB picture can be: the §5 size message
   * (the route answers it as the 413 AVATAR_TOO_LARGE of a body over its limit).
   */
  avatar: z.string(m.avatarNotImage).max(AVATAR_DATA_URL_MAX_LENGTH, m.avatarTooLarge).nullable().optional(),
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
  currentPassword: checkedPassword.optional(),
  newPassword: passwordField(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The account-settings password form: new password under the policy and its confirmation. */
export function changePasswordFormSchema(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      currentPassword: checkedPassword.optional(),
      newPassword: passwordSchema(policy),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: m.newPasswordsMismatch,
    });
}

export const deleteAccountRequestSchema = z.object({
  /** Required when the account has a password. */
  password: checkedPassword.optional(),
  /** For accounts without a password (social sign-in only): the account's e-mail, typed again. */
  confirmEmail: z.string(m.emailInvalid).max(254, m.emailInvalid).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Read models of the profile tabs: GET /auth/overview, /auth/sessions, /auth/payments
// ---------------------------------------------------------------------------------------------

/** The newest activity events GET /auth/overview returns (the tab shows them a page at a time). */
export const ACCOUNT_ACTIVITY_LIMIT = 200;

const iso = z.string();
/** A product an event refers to; `name` is null when the product was removed from the catalog. */
const productRef = z.object({ _id: z.string(), name: z.string().nullable() });

/** One thing the user did, newest first; `id` is stable, for list keys. */
export const accountActivityEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('favorite'), id: z.string(), date: iso, product: productRef }),
  z.object({ kind: z.literal('alert'), id: z.string(), date: iso, product: productRef, targetPrice: z.number() }),
  z.object({
    kind: z.literal('alert-triggered'),
    id: z.string(),
    date: iso,
    product: productRef,
    /** TRY price that triggered the alert, when recorded. */
    price: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('comparison'),
    id: z.string(),
    date: iso,
    name: z.string(),
    productCount: z.number().int(),
  }),
  z.object({ kind: z.literal('review'), id: z.string(), date: iso, product: productRef, rating: z.number() }),
  z.object({ kind: z.literal('payment'), id: z.string(), date: iso, plan: z.string(), amount: z.number() }),
  z.object({ kind: z.literal('joined'), id: z.string(), date: iso }),
]);
export type AccountActivityEvent = z.infer<typeof accountActivityEventSchema>;
export type AccountActivityKind = AccountActivityEvent['kind'];

/** `data` of GET /auth/overview: the Aktivite and Başarılar tabs. */
export const accountOverviewSchema = z.object({
  counts: z.object({
    favorites: z.number().int(),
    priceAlerts: z.number().int(),
    savedComparisons: z.number().int(),
    reviews: z.number().int(),
    /** TRY the user saved through triggered price alerts (target reached below the price they set it at). */
    savedAmount: z.number(),
  }),
  /** At most ACCOUNT_ACTIVITY_LIMIT events, newest first; the sign-up is always the last one. */
  activity: z.array(accountActivityEventSchema),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** One item of GET /auth/sessions: the account's active sessions (signed-in devices). */
export const accountSessionSchema = z.object({
  createdAt: iso,
  lastUsedAt: iso.nullable(),
  expiresAt: iso,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** One item of GET /auth/payments: the account's premium payments, newest first. Money in TRY. */
export const paymentRecordSchema = z.object({
  _id: z.string(),
  provider: z.string(),
  plan: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: iso,
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
