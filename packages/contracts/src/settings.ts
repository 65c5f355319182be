import { z } from 'zod';
import { DEFAULT_MAX_COMPARISON_ITEMS, DEFAULT_MAX_WISHLIST_ITEMS } from './constants';
import { SUGGESTION_LIMIT, TRENDING_LIMIT } from './search';

/** The favorites' price-drop threshold in percent until an operator changes it. */
export const DEFAULT_PRICE_DROP_THRESHOLD = 5;

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
  priceDropThreshold: { min: 1, max: 90 },
  taxRate: { min: 0, max: 1 },
  rateLimitPerMinute: { min: 10, max: 10_000 },
  searchSuggestionLimit: { min: 1, max: 20 },
  trendingSearchLimit: { min: 1, max: 20 },
} as const;

/** The fields' Turkish names, for validation messages that name the field (and the admin form's labels). */
export const SETTINGS_FIELD_LABELS = {
  siteName: 'Site adı',
  siteUrl: 'Site adresi',
  siteDescription: 'Site açıklaması',
  contactEmail: 'İletişim e-postası',
  supportEmail: 'Destek e-postası',
  phone: 'Telefon',
  language: 'Dil',
  currency: 'Para birimi',
  address: 'Adres',
  passwordMinLength: 'En kısa şifre uzunluğu',
  sessionTimeout: 'Oturum zaman aşımı (dakika)',
  maxLoginAttempts: 'En fazla giriş denemesi',
  lockoutDuration: 'Hesap kilitleme süresi (dakika)',
  enableTwoFactor: 'İki adımlı doğrulama',
  passwordRequireSymbols: 'Şifrede özel karakter zorunlu',
  passwordRequireNumbers: 'Şifrede rakam zorunlu',
  enableIpWhitelist: 'IP izin listesi',
  enableRegistration: 'Yeni üyelik',
  enableSocialLogin: 'Sosyal medya ile giriş',
  enablePremium: 'Premium üyelik',
  enableReviews: 'Ürün değerlendirmeleri',
  enableComments: 'Yorumlar',
  enablePriceAlerts: 'Fiyat alarmları',
  enableComparison: 'Ürün karşılaştırma',
  enableWishlist: 'Favoriler',
  maxComparisonItems: 'En fazla karşılaştırılacak ürün',
  maxWishlistItems: 'Ücretsiz planda en fazla favori',
  priceDropThreshold: 'Favorilerde fiyat düşüşü bildirimi eşiği (%)',
  provider: 'Ödeme sağlayıcısı',
  shopierApiKey: 'Shopier API anahtarı',
  shopierApiSecret: 'Shopier API gizli anahtarı',
  shopierWebsiteIndex: 'Shopier web sitesi indeksi',
  stripePublicKey: 'Stripe açık anahtarı',
  stripeSecretKey: 'Stripe gizli anahtarı',
  iyzicoApiKey: 'iyzico API anahtarı',
  iyzicoSecretKey: 'iyzico gizli anahtarı',
  taxRate: 'Vergi oranı',
  webhookSecret: 'Webhook gizli anahtarı',
  enablePayments: 'Ödemeler',
  enableRefunds: 'İadeler',
  testMode: 'Test modu',
  enableMaintenanceMode: 'Bakım modu',
  maintenanceMessage: 'Bakım mesajı',
  scheduledMaintenance: 'Planlı bakım',
  startDate: 'Bakım başlangıcı',
  endDate: 'Bakım bitişi',
  enablePublicApi: 'Herkese açık API',
  enableApiDocs: 'API belgeleri',
  rateLimitPerMinute: 'Dakikada en fazla istek',
  searchSuggestionLimit: 'Arama önerisi sayısı',
  trendingSearchLimit: 'Popüler arama sayısı',
  corsOrigins: 'İzin verilen CORS kökenleri',
  feedFetchAllow: 'Feed çekme izin listesi',
  enableEmailNotifications: 'E-posta bildirimleri',
  fromName: 'Gönderen adı',
  fromAddress: 'Gönderen e-postası',
  replyTo: 'Yanıt adresi',
  smtpHost: 'SMTP sunucusu',
  smtpPort: 'SMTP portu',
  smtpSecure: 'Bağlantı baştan TLS ile (SMTPS, genellikle port 465)',
  smtpUser: 'SMTP kullanıcı adı',
  smtpPassword: 'SMTP şifresi',
  enableWeeklySummary: 'Haftalık özet',
} as const;
type FieldName = keyof typeof SETTINGS_FIELD_LABELS;
const label = (field: FieldName) => SETTINGS_FIELD_LABELS[field];

export const settingsMessages = {
  range: (field: FieldName, min: number, max: number) => `${label(field)} ${min} ile ${max} arasında olmalıdır`,
  integer: (field: FieldName) => `${label(field)} tam sayı olmalıdır`,
  required: (field: FieldName) => `${label(field)} boş bırakılamaz`,
  tooLong: (field: FieldName, max: number) => `${label(field)} en fazla ${max} karakter olabilir`,
  email: (field: FieldName) => `${label(field)} geçerli bir e-posta adresi olmalıdır`,
  url: (field: FieldName) => `${label(field)} geçerli bir adres (http/https) olmalıdır`,
  choice: (field: FieldName) => `${label(field)} için geçersiz seçim`,
  boolean: (field: FieldName) => `${label(field)} açık veya kapalı olmalıdır`,
  text: (field: FieldName) => `${label(field)} metin olmalıdır`,
  date: (field: FieldName) => `${label(field)} geçerli bir tarih ve saat olmalıdır`,
  scheduleDatesRequired: 'Planlı bakım için başlangıç ve bitiş tarihlerini girin',
  scheduleOrder: 'Bakım bitişi başlangıcından sonra olmalıdır',
  taxRateStep: 'Vergi oranı 0,01 adımlarla girilmelidir (ör. 0,18)',
  origin: (field: FieldName) =>
    `${label(field)} içindeki her satır https://alan-adi.com (veya :port ile) biçiminde, yolsuz bir köken olmalıdır`,
  fetchHost: (field: FieldName) =>
    `${label(field)} içindeki her satır bir sunucu adı, IP adresi, sunucu:port ya da CIDR aralığı (ör. 10.0.0.0/8) olmalıdır`,
  listTooLong: (field: FieldName, max: number) => `${label(field)} en fazla ${max} satır olabilir`,
  singleLine: (field: FieldName) => `${label(field)} tek satır olmalı ve kontrol karakteri içermemelidir`,
} as const;

const m = settingsMessages;
const intIn = (field: FieldName, range: { min: number; max: number }) =>
  z
    .number(m.range(field, range.min, range.max))
    .int(m.integer(field))
    .min(range.min, m.range(field, range.min, range.max))
    .max(range.max, m.range(field, range.min, range.max));
const bool = (field: FieldName) => z.boolean(m.boolean(field));
const text = (field: FieldName, max: number) => z.string(m.text(field)).max(max, m.tooLong(field, max));
const requiredText = (field: FieldName, max: number) =>
  z.string(m.required(field)).trim().min(1, m.required(field)).max(max, m.tooLong(field, max));
/** Control characters (CR and LF among them) and the Unicode line and paragraph separators. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/**
 * A name that goes into mail headers (the sender's name in From, the site name in subjects): a
 * line break there would start a header of the sender's choosing.
 */
const singleLineText = (field: FieldName, max: number) =>
  requiredText(field, max).refine((v) => !CONTROL_CHARACTERS.test(v), m.singleLine(field));
const choice = <T extends readonly [string, ...string[]]>(field: FieldName, values: T) =>
  z.enum(values, m.choice(field));
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
/** Optional e-mail/URL fields may be left blank in the form; blank is stored as ''. */
const optionalEmail = (field: FieldName) => z.union([z.literal(''), z.email(m.email(field))], m.email(field));
const optionalUrl = (field: FieldName) => z.string(m.url(field)).refine((v) => v === '' || isHttpUrl(v), m.url(field));
const dateTime = (field: FieldName) => z.iso.datetime({ offset: true, message: m.date(field) }).nullable();

export const generalSettingsSchema = z.object({
  siteName: singleLineText('siteName', 100),
  siteUrl: optionalUrl('siteUrl'),
  siteDescription: text('siteDescription', 500),
  contactEmail: optionalEmail('contactEmail'),
  supportEmail: optionalEmail('supportEmail'),
  phone: text('phone', 30),
  language: choice('language', SITE_LANGUAGES),
  currency: choice('currency', SITE_CURRENCIES),
  address: text('address', 300),
});

export const securitySettingsSchema = z.object({
  passwordMinLength: intIn('passwordMinLength', SETTINGS_RANGES.passwordMinLength),
  /** Minutes of inactivity after which a session (refresh token) expires. */
  sessionTimeout: intIn('sessionTimeout', SETTINGS_RANGES.sessionTimeout),
  maxLoginAttempts: intIn('maxLoginAttempts', SETTINGS_RANGES.maxLoginAttempts),
  /** Minutes an account stays locked after `maxLoginAttempts` failures. */
  lockoutDuration: intIn('lockoutDuration', SETTINGS_RANGES.lockoutDuration),
  enableTwoFactor: bool('enableTwoFactor'),
  passwordRequireSymbols: bool('passwordRequireSymbols'),
  passwordRequireNumbers: bool('passwordRequireNumbers'),
  enableIpWhitelist: bool('enableIpWhitelist'),
});

export const featureSettingsSchema = z.object({
  enableRegistration: bool('enableRegistration'),
  enableSocialLogin: bool('enableSocialLogin'),
  enablePremium: bool('enablePremium'),
  enableReviews: bool('enableReviews'),
  enableComments: bool('enableComments'),
  enablePriceAlerts: bool('enablePriceAlerts'),
  enableComparison: bool('enableComparison'),
  enableWishlist: bool('enableWishlist'),
  maxComparisonItems: intIn('maxComparisonItems', SETTINGS_RANGES.maxComparisonItems),
  /** The free plan's favorites limit; premium plans get PREMIUM_WISHLIST_ITEMS. */
  maxWishlistItems: intIn('maxWishlistItems', SETTINGS_RANGES.maxWishlistItems),
  /**
   * Percent: a favorited product's lowest price must fall at least this much for its followers to
   * get a `price_drop` notification (issue 13).
   */
  priceDropThreshold: intIn('priceDropThreshold', SETTINGS_RANGES.priceDropThreshold),
});

export const paymentSettingsSchema = z.object({
  provider: choice('provider', PAYMENT_PROVIDERS),
  shopierApiKey: text('shopierApiKey', 500),
  shopierApiSecret: text('shopierApiSecret', 500),
  shopierWebsiteIndex: text('shopierWebsiteIndex', 100),
  stripePublicKey: text('stripePublicKey', 500),
  stripeSecretKey: text('stripeSecretKey', 500),
  iyzicoApiKey: text('iyzicoApiKey', 500),
  iyzicoSecretKey: text('iyzicoSecretKey', 500),
  currency: choice('currency', SITE_CURRENCIES),
  /** A fraction (0.2 = 20 % KDV), although the admin label says percent; step 0.01. */
  taxRate: z
    .number(m.range('taxRate', SETTINGS_RANGES.taxRate.min, SETTINGS_RANGES.taxRate.max))
    .min(SETTINGS_RANGES.taxRate.min, m.range('taxRate', SETTINGS_RANGES.taxRate.min, SETTINGS_RANGES.taxRate.max))
    .max(SETTINGS_RANGES.taxRate.max, m.range('taxRate', SETTINGS_RANGES.taxRate.min, SETTINGS_RANGES.taxRate.max))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, m.taxRateStep),
  webhookSecret: text('webhookSecret', 500),
  enablePayments: bool('enablePayments'),
  enableRefunds: bool('enableRefunds'),
  testMode: bool('testMode'),
});

export const maintenanceSettingsSchema = z.object({
  enableMaintenanceMode: bool('enableMaintenanceMode'),
  maintenanceMessage: text('maintenanceMessage', 500),
  scheduledMaintenance: z
    .object({
      enabled: bool('scheduledMaintenance'),
      /** ISO date-time strings, or null while no window is planned. */
      startDate: dateTime('startDate'),
      endDate: dateTime('endDate'),
    })
    .refine((v) => !v.enabled || (v.startDate !== null && v.endDate !== null), {
      message: m.scheduleDatesRequired,
      path: ['startDate'],
    })
    .refine((v) => !v.startDate || !v.endDate || Date.parse(v.startDate) < Date.parse(v.endDate), {
      message: m.scheduleOrder,
      path: ['endDate'],
    }),
});

/** An origin as browsers send it in `Origin`: scheme, host and port, no path or trailing slash. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
};
/** `host`, `host:port`, an IP (`[v6]:port`, `v4:port`) or a CIDR range: what the feed fetcher's allow-list reads. */
const FETCH_HOST =
  /^(?:\[[0-9a-f:.]+\](?::\d{1,5})?|[0-9a-f:.]+\/\d{1,3}|[0-9a-f:.]*:[0-9a-f:.]*|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?)$/i;
const API_LIST_MAX = 50;
const lineList = (field: FieldName, valid: (v: string) => boolean, message: string) =>
  z
    .array(z.string(message).trim().max(253, message).refine(valid, message), message)
    .max(API_LIST_MAX, m.listTooLong(field, API_LIST_MAX));

/**
 * The specification does not show the api tab; every field is obeyed at once on every instance:
 * - `rateLimitPerMinute`: the per-client limit of /api (app.ts). RATE_LIMIT_MAX, when set in the
 *   environment, overrides it (tests, load benchmarks, a deployment that pins it).
 * - `searchSuggestionLimit`, `trendingSearchLimit`: the entries of /api/search/suggestions and
 *   /api/search/trending (SUGGESTION_LIMIT and TRENDING_LIMIT in ./search are the defaults).
 * - `enableApiDocs`: off, /api/docs (Swagger UI and the OpenAPI document) answers 404.
 * - `enablePublicApi`: third-party web sites may call the API from the browser, i.e. the
 *   `corsOrigins` get CORS headers. Off, or with an empty list, only the site itself (same origin)
 *   can; the site never depends on it. Server-to-server callers are not affected by CORS.
 * - `feedFetchAllow`: private or loopback hosts the feed puller may fetch (scheduled and "fetch
 *   now"); public addresses need no entry. FEED_FETCH_ALLOW in the environment adds to it.
 */
export const apiSettingsSchema = z.object({
  enablePublicApi: bool('enablePublicApi'),
  enableApiDocs: bool('enableApiDocs'),
  rateLimitPerMinute: intIn('rateLimitPerMinute', SETTINGS_RANGES.rateLimitPerMinute),
  searchSuggestionLimit: intIn('searchSuggestionLimit', SETTINGS_RANGES.searchSuggestionLimit),
  trendingSearchLimit: intIn('trendingSearchLimit', SETTINGS_RANGES.trendingSearchLimit),
  corsOrigins: lineList('corsOrigins', isOrigin, m.origin('corsOrigins')),
  feedFetchAllow: lineList('feedFetchAllow', (v) => FETCH_HOST.test(v), m.fetchHost('feedFetchAllow')),
});

export const SMTP_PORT_RANGE = { min: 1, max: 65535 } as const;

export const smtpSettingsMessages = {
  host: `${label('smtpHost')} geçerli bir alan adı veya IP adresi olmalıdır (ör. smtp.ornek.com)`,
  hostRequired: `${label('smtpHost')} boş bırakılamaz: kullanıcı adı, şifre veya TLS girildiğinde sunucu da girilmelidir`,
  userRequired: `${label('smtpUser')} boş bırakılamaz: şifre girildiğinde kullanıcı adı da girilmelidir`,
} as const;

/** A host name (smtp.ornek.com), an IPv4 address, or an IPv6 address; no scheme, port or spaces. */
const SMTP_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;

/**
 * The specification does not show the email tab; the fields are ours (issue 15), and all are obeyed:
 * - the SMTP server (host, port, TLS, user, password — the password a secret): when a host is set,
 *   every e-mail (outbox, notification copies, the test button) goes through it; without a host,
 *   through SMTP_URL; without either, only to the server's log. A saved change applies at once on
 *   every instance (ADR 016). `smtpSecure` is TLS from the first byte (port 465); off, the server
 *   may still upgrade with STARTTLS (port 587).
 * - the sender: `fromName <fromAddress>`, unless the MAIL_FROM environment variable is set (a
 *   deployment's override, which wins); `replyTo`, when not empty, is the Reply-To in both cases.
 * - the switches: e-mail copies of notifications and the weekly summary.
 */
export const emailSettingsSchema = z
  .object({
    enableEmailNotifications: bool('enableEmailNotifications'),
    fromName: singleLineText('fromName', 100),
    fromAddress: z.email(m.email('fromAddress')),
    replyTo: optionalEmail('replyTo'),
    enableWeeklySummary: bool('enableWeeklySummary'),
    smtpHost: z
      .string(m.text('smtpHost'))
      .trim()
      .max(253, m.tooLong('smtpHost', 253))
      .refine((v) => v === '' || SMTP_HOST.test(v), smtpSettingsMessages.host),
    smtpPort: intIn('smtpPort', SMTP_PORT_RANGE),
    smtpSecure: bool('smtpSecure'),
    smtpUser: text('smtpUser', 255),
    smtpPassword: text('smtpPassword', 500),
  })
  .superRefine((v, ctx) => {
    if (v.smtpHost === '' && (v.smtpUser !== '' || v.smtpPassword !== '' || v.smtpSecure)) {
      ctx.addIssue({ code: 'custom', message: smtpSettingsMessages.hostRequired, path: ['smtpHost'] });
    }
    if (v.smtpPassword !== '' && v.smtpUser === '') {
      ctx.addIssue({ code: 'custom', message: smtpSettingsMessages.userRequired, path: ['smtpUser'] });
    }
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
  email: ['smtpPassword'],
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
    priceDropThreshold: DEFAULT_PRICE_DROP_THRESHOLD,
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
    searchSuggestionLimit: SUGGESTION_LIMIT,
    trendingSearchLimit: TRENDING_LIMIT,
    corsOrigins: [],
    feedFetchAllow: [],
  },
  email: {
    enableEmailNotifications: true,
    fromName: 'Kıyasla',
    fromAddress: 'bildirim@kiyasla.example',
    replyTo: '',
    enableWeeklySummary: true,
    smtpHost: '',
    smtpPort: 587,
    smtpSecure: false,
    smtpUser: '',
    smtpPassword: '',
  },
};
