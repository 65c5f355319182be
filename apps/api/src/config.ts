import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { repoRoot } from './lib/paths';
import { normalizeEmail } from '@kiyasla/contracts/user';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  SEED_DEMO: booleanish.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints it; generated and kept in DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** SMS gateway: `log` (default) writes SMS to the log; `netgsm` sends through Netgsm's REST API. */
  SMS_PROVIDER: z.enum(['log', 'netgsm']).default('log'),
  NETGSM_USERCODE: z.string().min(1).optional(),
  NETGSM_PASSWORD: z.string().min(1).optional(),
  /** The approved sender name (başlık). */
  NETGSM_MSGHEADER: z.string().min(1).max(11).optional(),
  NETGSM_BASE_URL: z.url().default('https://api.netgsm.com.tr'),
  /** Contact of the VAPID claims (push services write to it about problems). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /**
   * Push services (comma separated, `host`, `host:port`, an IP or a CIDR) that browsers may
   * subscribe at and the server may POST to although they are private, loopback, http or on
   * another port (a local stand-in). Empty: public https push services on port 443 only.
   */
  PUSH_FETCH_ALLOW: z.string().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** A deployment's override of the sender; unset, mail goes out as the e-mail settings' sender. */
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: the admin setting api.rateLimitPerMinute decides (and can change at run time). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  /**
   * `false` turns the public read caches off (listings, search, suggestions, product pages):
   * every request does the work of a cache miss. The benchmark's cold rows use it (ADR 005).
   */
  PUBLIC_READ_CACHE: booleanish.default(true),
  /**
   * `false` answers category listings and their facets by SQL instead of the listing index
   * (ADR 005): the benchmark's comparisons and a deployment short of memory use it.
   */
  LISTING_INDEX: booleanish.default(true),
  /**
   * `false` finds a whole-catalog search's matches by SQL instead of the word index (ADR 006):
   * the benchmark's comparisons and a deployment short of memory use it.
   */
  SEARCH_INDEX: booleanish.default(true),
  /**
   * Server processes sharing the port (node:cluster), each with its own event loop, pool and
   * listing index (ADR 001). More than one needs PostgreSQL: the embedded database has one owner.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Bearer token for GET /metrics from other hosts (loopback needs none). */
  METRICS_TOKEN: z.string().min(16).optional(),
  TRUST_PROXY: booleanish.default(false),
  /** Sign-in attempts (login, register, social, password reset) per IP and minute. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Comma-separated accepted `iss` values of Google ID tokens. */
  GOOGLE_ISSUERS: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
  FACEBOOK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric app id').optional(),
  FACEBOOK_APP_SECRET: z.string().min(8).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** Largest feed accepted (upload body, pulled file, decompressed), in megabytes. */
  FEED_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
  /** A scheduled pull gives up after this many seconds without completing. */
  FEED_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * Hosts or addresses (comma separated, `host`, `host:port`, an IP or a CIDR) that scheduled
   * pulls may fetch although they are private or loopback. Empty: only public addresses.
   */
  FEED_FETCH_ALLOW: z.string().default(''),
  /** `false` turns the scheduled pull off on this instance (uploads and the CLI still work). */
  FEED_SCHEDULER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Shopier's payment page (the signed form is posted there). */
  SHOPIER_PAYMENT_URL: z.url().default('https://www.shopier.com/ShowProduct/api_pay4.php'),
  /** Stripe's API origin (the SDK's host, port and protocol); tests point it at a stand-in. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** iyzico's API origin; unset: the sandbox while the payment settings' test mode is on, else production. */
  IYZICO_BASE_URL: z.url().optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  jwtSecret: string;
  /**
   * Web Push signing keys (VAPID). Null: push is off (production on PostgreSQL without VAPID_*).
   * Absent in test configurations: keys are then made per process.
   */
  vapid?: VapidConfig | null;
  /** The SMS gateway; absent in test configurations (the log provider). */
  sms?: SmsConfig;
  /** Web Push destinations; absent in test configurations (no allow-list). */
  push?: PushConfig;
  smtpUrl: string | undefined;
  /** MAIL_FROM: when set, the sender of every e-mail, over the e-mail settings' sender. */
  mailFrom: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Server processes (WORKERS): 1 serves in this process; more fork that many workers. */
  workers: number;
  logLevel: string;
  /**
   * RATE_LIMIT_MAX: API requests per client and minute, overriding the admin setting
   * `api.rateLimitPerMinute` when set (tests, benchmarks, a deployment that pins it).
   */
  rateLimitMax: number | undefined;
  /** PUBLIC_READ_CACHE: off for the benchmark's cache-miss rows. */
  publicReadCache: boolean;
  /** LISTING_INDEX: category listings and facets from memory (ADR 005); off: by SQL. */
  listingIndex?: boolean;
  /** SEARCH_INDEX: a whole-catalog search's matches from the word index in memory (ADR 006); off: by SQL. */
  searchIndex?: boolean;
  /** GET /metrics answers other hosts than loopback only with this bearer token; unset: loopback only. */
  metricsToken?: string;
  trustProxy: boolean;
  authRateLimitMax: number;
  /** Google sign-in is enabled when set (the audience ID tokens must carry). */
  googleClientId: string | undefined;
  googleJwksUrl: string;
  googleIssuers: string[];
  /** Facebook sign-in is enabled when both are set. */
  facebookAppId: string | undefined;
  facebookAppSecret: string | undefined;
  /** Graph API base URL, without a trailing slash (tests point it at a local stand-in). */
  facebookGraphUrl: string;
  feeds: FeedConfig;
  payments: PaymentsConfig;
}

/** Where the payment providers are reached (tests point each at a local stand-in). */
export interface PaymentsConfig {
  shopierPaymentUrl: string;
  stripeApiUrl: string;
  iyzicoBaseUrl: string | undefined;
}

export interface FeedConfig {
  /** Bytes; an upload body or a pulled feed beyond it is refused (413 / FEED_TOO_LARGE). */
  maxBytes: number;
  fetchTimeoutMs: number;
  /** FEED_FETCH_ALLOW entries, trimmed, lower-case; empty means public addresses only. */
  fetchAllow: string[];
  schedulerEnabled: boolean;
}

export interface PushConfig {
  /** PUSH_FETCH_ALLOW entries, trimmed, lower-case; empty means public https push services only. */
  fetchAllow: string[];
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type SmsConfig =
  { provider: 'log' } | { provider: 'netgsm'; baseUrl: string; usercode: string; password: string; msgheader: string };

export class ConfigError extends Error {}

/**
 * Parses the environment once at boot and fails fast with a readable list of problems.
 * Without JWT_SECRET the embedded setup generates one and keeps it in DATA_DIR so sessions
 * survive restarts; a PostgreSQL deployment in production must set it, because several
 * instances have to share it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (e.g. `DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together');
  }
  const dataDir = path.resolve(repoRoot(), e.DATA_DIR ?? 'data');
  const embedded = !e.DATABASE_URL;
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (!embedded && e.NODE_ENV === 'production') {
      throw new ConfigError(
        'Invalid configuration:\n  JWT_SECRET is required in production with DATABASE_URL (all instances must share it)',
      );
    }
    jwtSecret = persistentSecret(dataDir);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (embedded && e.WORKERS > 1) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS above 1 needs DATABASE_URL (the embedded database is opened by one process only)',
    );
  }
  if (e.SMS_PROVIDER === 'netgsm' && !(e.NETGSM_USERCODE && e.NETGSM_PASSWORD && e.NETGSM_MSGHEADER)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_PROVIDER=netgsm needs NETGSM_USERCODE, NETGSM_PASSWORD and NETGSM_MSGHEADER',
    );
  }
  // PostgreSQL in production: every instance must sign with the same keys, so they come from the
  // environment; without them Web Push is off (the in-app, e-mail and SMS channels still work).
  const vapidKeys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : !embedded && e.NODE_ENV === 'production'
        ? null
        : persistentVapidKeys(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    seedDemo: e.SEED_DEMO ?? embedded,
    jwtSecret,
    vapid: vapidKeys && {
      ...vapidKeys,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL ?? 'no-reply@kiyasla.test'}`,
    },
    sms:
      e.SMS_PROVIDER === 'netgsm'
        ? {
            provider: 'netgsm',
            baseUrl: e.NETGSM_BASE_URL.replace(/\/$/, ''),
            usercode: e.NETGSM_USERCODE!,
            password: e.NETGSM_PASSWORD!,
            msgheader: e.NETGSM_MSGHEADER!,
          }
        : { provider: 'log' },
    push: {
      fetchAllow: e.PUSH_FETCH_ALLOW.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL === undefined ? undefined : normalizeEmail(e.ADMIN_EMAIL),
    adminPassword: e.ADMIN_PASSWORD,
    workers: e.WORKERS,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    publicReadCache: e.PUBLIC_READ_CACHE,
    listingIndex: e.LISTING_INDEX,
    searchIndex: e.SEARCH_INDEX,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleIssuers: e.GOOGLE_ISSUERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    facebookAppId: e.FACEBOOK_APP_ID,
    facebookAppSecret: e.FACEBOOK_APP_SECRET,
    facebookGraphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
    feeds: {
      maxBytes: e.FEED_MAX_MB * 1024 * 1024,
      fetchTimeoutMs: e.FEED_FETCH_TIMEOUT_SECONDS * 1000,
      fetchAllow: e.FEED_FETCH_ALLOW.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      schedulerEnabled: e.FEED_SCHEDULER,
    },
    payments: {
      shopierPaymentUrl: e.SHOPIER_PAYMENT_URL,
      stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
      iyzicoBaseUrl: e.IYZICO_BASE_URL?.replace(/\/$/, ''),
    },
  };
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Like the JWT secret: generated once on the embedded setup and kept in DATA_DIR, so browsers' subscriptions survive restarts. */
function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
        return { publicKey: stored.publicKey, privateKey: stored.privateKey };
      }
    } catch {
      // An unreadable file is replaced below.
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes, zero-padded (web-push refuses a shorter key).
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The database part of the configuration, for the database CLIs (db:migrate, db:seed): the
 * variables they use, checked by loadConfig's own schema and rules (so a bad value gets the
 * server's message), and nothing only the server needs: other variables are not read, and no
 * JWT secret is required or generated (a stand-in satisfies loadConfig and is not returned).
 */
export function loadDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'seedDemo' | 'adminEmail' | 'adminPassword' | 'feeds'> {
  const { DATABASE_URL, DATA_DIR, SEED_DEMO, ADMIN_EMAIL, ADMIN_PASSWORD } = env;
  const { FEED_MAX_MB, FEED_FETCH_TIMEOUT_SECONDS, FEED_FETCH_ALLOW } = env;
  const config = loadConfig({
    DATABASE_URL,
    DATA_DIR,
    SEED_DEMO,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    FEED_MAX_MB,
    FEED_FETCH_TIMEOUT_SECONDS,
    FEED_FETCH_ALLOW,
    JWT_SECRET: 'not-used-by-the-database-commands-0000',
  });
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seedDemo: config.seedDemo,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    feeds: config.feeds,
  };
}
