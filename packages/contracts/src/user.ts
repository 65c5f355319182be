import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES, USER_ROLES } from './constants';
import { messages } from './messages';

/**
 * The user as clients see it, and the field rules of specification §5 (e-mail, names, phone,
 * password policy) that the register, login, profile and password forms reuse. The server applies
 * the same schemas, so a rule lives in one place.
 */

const m = messages.auth;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
/** Spec §5: phone input is limited to 17 characters ("+90 5xx xxx xx xx"). */
export const PHONE_MAX_LENGTH = 17;
export const PHONE_PREFIX = '+90';

// ---------------------------------------------------------------------------------------------
// Field rules (§5)
// ---------------------------------------------------------------------------------------------

/** Non-empty, no spaces, one @ and a dot after it (§5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters of any alphabet (Turkish ç ğ ı İ ö ş ü included) and spaces. */
export const NAME_PATTERN = /^[\p{L}\s]+$/u;
/** What the name inputs drop while the user types (§5 "other characters are rejected while typing"). */
export const NAME_DISALLOWED_CHARS = /[^\p{L}\s]/gu;

/**
 * An e-mail address the one way it is stored and compared: trimmed, composed (NFC) and
 * lower-cased without locale — with the Turkish capital dotted İ read as i. A plain
 * `toLowerCase()` turns "İLKAY@…" into "i̇lkay@…" (i + U+0307 combining dot), an address nobody
 * types again; `toLocaleLowerCase('tr')` would turn an ASCII "I" into a dotless "ı".
 */
export function normalizeEmail(value: string): string {
  return value
    .trim()
    .normalize('NFC')
    .replace(/\u0130/g, 'I')
    .toLowerCase();
}

/** E-mail as the server stores it (normalizeEmail). */
export const emailSchema = z
  .string({ error: m.emailInvalid })
  .overwrite(normalizeEmail)
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
  .string({ error: m.phoneInvalid })
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

// ---------------------------------------------------------------------------------------------
// The user as clients see it
// ---------------------------------------------------------------------------------------------

const addressPart = (max: number) => z.string().trim().max(max, m.addressTooLong(max)).optional();
/** One line, or its parts. */
export const addressSchema = z.union([
  z.string().trim().max(300, m.addressTooLong(300)),
  z.object({ street: addressPart(200), city: addressPart(100), country: addressPart(100) }),
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
