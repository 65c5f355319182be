import { z } from 'zod';
import { planSchema } from './plans';

/**
 * GET /api/config (public): what the operators set in the admin back office that the web app
 * must obey — feature switches, limits, the password policy, plans, sign-in providers and
 * maintenance state. Never carries a secret.
 */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  features: z.object({
    enableRegistration: z.boolean(),
    enableSocialLogin: z.boolean(),
    enablePremium: z.boolean(),
    enableReviews: z.boolean(),
    enableComments: z.boolean(),
    enablePriceAlerts: z.boolean(),
    enableComparison: z.boolean(),
    enableWishlist: z.boolean(),
  }),
  limits: z.object({
    /** Products in the comparison list (admin `maxComparisonItems`, default 5). */
    maxComparisonItems: z.number().int(),
    minComparisonItems: z.number().int(),
    /** Favorites on the free plan (admin `maxWishlistItems`). */
    maxWishlistItems: z.number().int(),
    /** Favorites on any premium plan. */
    premiumWishlistItems: z.number().int(),
    /** Saved comparisons per plan id; null = unlimited. */
    savedComparisons: z.record(z.string(), z.number().int().nullable()),
    avatarMaxBytes: z.number().int(),
  }),
  /** Feed it to `registerFormSchema(policy)` / `passwordRuleMessage(policy)` of contracts/auth. */
  passwordPolicy: z.object({
    minLength: z.number().int(),
    requireUppercase: z.boolean(),
    requireLowercase: z.boolean(),
    requireNumbers: z.boolean(),
    requireSymbols: z.boolean(),
  }),
  plans: z.array(planSchema),
  auth: z.object({
    /** The Google client id for the sign-in button; null when Google sign-in is not configured. */
    googleClientId: z.string().nullable(),
    /** The Facebook app id for the SDK; null when Facebook sign-in is not configured. */
    facebookAppId: z.string().nullable(),
    rememberMeDays: z.number().int(),
    /** Admin idle timeout of sessions without "Beni hatırla". */
    sessionTimeoutMinutes: z.number().int(),
  }),
  maintenance: z.object({
    /** Maintenance mode now: the switch, or a scheduled window that has begun and not ended. */
    active: z.boolean(),
    /** The scheduled window's end while it holds the site in maintenance; null otherwise. */
    endsAt: z.string().nullable(),
    enabled: z.boolean(),
    message: z.string(),
    scheduled: z.object({
      enabled: z.boolean(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
    }),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
