import { z } from 'zod';
import { DEFAULT_MAX_COMPARISON_ITEMS, DEFAULT_MAX_WISHLIST_ITEMS } from './constants';

/**
 * System settings edited in the admin back office (`/admin/settings`). Each group is one row of
 * the `system_settings` table; the API validates writes with these schemas and the web form uses
 * the same ranges, so both sides agree on what an operator may set.
 */

export const SETTINGS_GROUPS = ['general', 'security', 'features', 'payment', 'maintenance', 'api', 'email'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SITE_LANGUAGES = ['tr', 'en'] as const;
export const SITE_CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
/** `demo` is the built-in local checkout that keeps the purchase flow usable offline. */
export const PAYMENT_PROVIDERS = ['demo', 'shopier', 'stripe', 'iyzico'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Ranges of the admin specification (section 5), shared by the form and the server. */
export const SETTINGS_RANGES = {
  passwordMinLength: { min: 6, max: 50 },
  sessionTimeout: { min: 5, max: 1440 },
  maxLoginAttempts: { min: 3, max: 10 },
  lockoutDuration: { min: 5, max: 60 },
  maxComparisonItems: { min: 2, max: 10 },
  maxWishlistItems: { min: 10, max: 1000 },
  taxRate: { min: 0, max: 1 },
} as const;

const intIn = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);
/** Optional e-mail/URL fields may be left blank in the form; blank is stored as ''. */
const optionalEmail = z.union([z.literal(''), z.email()]);
const optionalUrl = z.union([z.literal(''), z.url()]);

export const generalSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(100),
  siteUrl: optionalUrl,
  siteDescription: z.string().max(500),
  contactEmail: optionalEmail,
  supportEmail: optionalEmail,
  phone: z.string().max(30),
  language: z.enum(SITE_LANGUAGES),
  currency: z.enum(SITE_CURRENCIES),
  address: z.string().max(300),
});

export const securitySettingsSchema = z.object({
  passwordMinLength: intIn(SETTINGS_RANGES.passwordMinLength),
  /** Minutes of inactivity after which a session (refresh token) expires. */
  sessionTimeout: intIn(SETTINGS_RANGES.sessionTimeout),
  maxLoginAttempts: intIn(SETTINGS_RANGES.maxLoginAttempts),
  /** Minutes an account stays locked after `maxLoginAttempts` failures. */
  lockoutDuration: intIn(SETTINGS_RANGES.lockoutDuration),
  enableTwoFactor: z.boolean(),
  passwordRequireSymbols: z.boolean(),
  passwordRequireNumbers: z.boolean(),
  enableIpWhitelist: z.boolean(),
});

export const featureSettingsSchema = z.object({
  enableRegistration: z.boolean(),
  enableSocialLogin: z.boolean(),
  enablePremium: z.boolean(),
  enableReviews: z.boolean(),
  enableComments: z.boolean(),
  enablePriceAlerts: z.boolean(),
  enableComparison: z.boolean(),
  enableWishlist: z.boolean(),
  maxComparisonItems: intIn(SETTINGS_RANGES.maxComparisonItems),
  /** The free plan's favorites limit; premium plans get PREMIUM_WISHLIST_ITEMS. */
  maxWishlistItems: intIn(SETTINGS_RANGES.maxWishlistItems),
});

export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  shopierApiKey: z.string(),
  shopierApiSecret: z.string(),
  shopierWebsiteIndex: z.string(),
  stripePublicKey: z.string(),
  stripeSecretKey: z.string(),
  iyzicoApiKey: z.string(),
  iyzicoSecretKey: z.string(),
  currency: z.enum(SITE_CURRENCIES),
  /** A fraction (0.2 = 20 % KDV), although the admin label says percent. */
  taxRate: z.number().min(SETTINGS_RANGES.taxRate.min).max(SETTINGS_RANGES.taxRate.max),
  webhookSecret: z.string(),
  enablePayments: z.boolean(),
  enableRefunds: z.boolean(),
  testMode: z.boolean(),
});

export const maintenanceSettingsSchema = z.object({
  enableMaintenanceMode: z.boolean(),
  maintenanceMessage: z.string().max(500),
  scheduledMaintenance: z.object({
    enabled: z.boolean(),
    /** ISO date-time strings, or null while no window is planned. */
    startDate: z.iso.datetime({ offset: true }).nullable(),
    endDate: z.iso.datetime({ offset: true }).nullable(),
  }),
});

/** The specification does not show the api tab; these are the knobs the API actually honours. */
export const apiSettingsSchema = z.object({
  enablePublicApi: z.boolean(),
  enableApiDocs: z.boolean(),
  rateLimitPerMinute: z.number().int().min(10).max(10_000),
  searchSuggestionLimit: z.number().int().min(1).max(20),
  trendingSearchLimit: z.number().int().min(1).max(20),
});

/** The specification does not show the email tab; the SMTP transport itself comes from SMTP_URL. */
export const emailSettingsSchema = z.object({
  enableEmailNotifications: z.boolean(),
  fromName: z.string().trim().min(1).max(100),
  fromAddress: z.email(),
  replyTo: optionalEmail,
  enableWeeklySummary: z.boolean(),
});

export const systemSettingsSchema = z.object({
  general: generalSettingsSchema,
  security: securitySettingsSchema,
  features: featureSettingsSchema,
  payment: paymentSettingsSchema,
  maintenance: maintenanceSettingsSchema,
  api: apiSettingsSchema,
  email: emailSettingsSchema,
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export type GeneralSettings = SystemSettings['general'];
export type SecuritySettings = SystemSettings['security'];
export type FeatureSettings = SystemSettings['features'];
export type PaymentSettings = SystemSettings['payment'];
export type MaintenanceSettings = SystemSettings['maintenance'];
export type ApiSettings = SystemSettings['api'];
export type EmailSettings = SystemSettings['email'];

/** Fields stored encrypted at rest and never returned in clear by the API. */
export const SECRET_SETTING_FIELDS = {
  payment: ['shopierApiKey', 'shopierApiSecret', 'stripeSecretKey', 'iyzicoApiKey', 'iyzicoSecretKey', 'webhookSecret'],
} as const satisfies { [G in SettingsGroup]?: readonly (keyof SystemSettings[G])[] };

export const DEFAULT_SETTINGS: SystemSettings = {
  general: {
    siteName: 'Kıyasla',
    siteUrl: 'http://localhost:3000',
    siteDescription:
      'Türkiye’nin fiyat karşılaştırma ve fiyat takip sitesi: binlerce üründe mağaza fiyatlarını karşılaştırın, fiyat düşünce haberiniz olsun.',
    contactEmail: 'iletisim@kiyasla.example',
    supportEmail: 'destek@kiyasla.example',
    phone: '+90 850 000 00 00',
    language: 'tr',
    currency: 'TRY',
    address: 'Maslak Mah. Büyükdere Cad. No: 1, Sarıyer / İstanbul',
  },
  security: {
    passwordMinLength: 8,
    sessionTimeout: 60,
    maxLoginAttempts: 5,
    lockoutDuration: 15,
    enableTwoFactor: false,
    passwordRequireSymbols: true,
    passwordRequireNumbers: true,
    enableIpWhitelist: false,
  },
  features: {
    enableRegistration: true,
    enableSocialLogin: true,
    enablePremium: true,
    enableReviews: true,
    enableComments: true,
    enablePriceAlerts: true,
    enableComparison: true,
    enableWishlist: true,
    maxComparisonItems: DEFAULT_MAX_COMPARISON_ITEMS,
    maxWishlistItems: DEFAULT_MAX_WISHLIST_ITEMS,
  },
  payment: {
    provider: 'demo',
    shopierApiKey: '',
    shopierApiSecret: '',
    shopierWebsiteIndex: '',
    stripePublicKey: '',
    stripeSecretKey: '',
    iyzicoApiKey: '',
    iyzicoSecretKey: '',
    currency: 'TRY',
    taxRate: 0.2,
    webhookSecret: '',
    enablePayments: true,
    enableRefunds: true,
    testMode: true,
  },
  maintenance: {
    enableMaintenanceMode: false,
    maintenanceMessage: 'Sitemiz bakımdadır. Lütfen daha sonra tekrar deneyin.',
    scheduledMaintenance: { enabled: false, startDate: null, endDate: null },
  },
  api: {
    enablePublicApi: true,
    enableApiDocs: true,
    rateLimitPerMinute: 300,
    searchSuggestionLimit: 8,
    trendingSearchLimit: 10,
  },
  email: {
    enableEmailNotifications: true,
    fromName: 'Kıyasla',
    fromAddress: 'bildirim@kiyasla.example',
    replyTo: '',
    enableWeeklySummary: true,
  },
};
