import path from 'node:path';
import type { AppConfig } from '../config';
import { repoRoot } from '../lib/paths';

/** A configuration for tests: in-memory database, silent logs, a fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    databaseUrl: undefined,
    dataDir: path.join(repoRoot(), 'data', 'test'),
    seedDemo: true,
    jwtSecret: 'test-secret-test-secret-test-secret-123456',
    smtpUrl: undefined,
    mailFrom: 'Kıyasla <no-reply@kiyasla.test>',
    adminEmail: undefined,
    adminPassword: undefined,
    workers: 1,
    logLevel: 'silent',
    rateLimitMax: 10_000,
    publicReadCache: true,
    trustProxy: false,
    authRateLimitMax: 10_000,
    googleClientId: undefined,
    // Unroutable on purpose: no test may reach Google or Facebook; social tests start stand-ins.
    googleJwksUrl: 'http://127.0.0.1:9/oauth2/v3/certs',
    googleIssuers: ['https://accounts.google.com', 'accounts.google.com'],
    facebookAppId: undefined,
    facebookAppSecret: undefined,
    facebookGraphUrl: 'http://127.0.0.1:9',
    // No allow-list: a test that pulls from its local stand-in feed server names it.
    feeds: { maxBytes: 50 * 1024 * 1024, fetchTimeoutMs: 5_000, fetchAllow: [], schedulerEnabled: false },
    // Unroutable: payment tests start local stand-ins and name them.
    payments: {
      shopierPaymentUrl: 'http://127.0.0.1:9/shopier',
      stripeApiUrl: 'http://127.0.0.1:9',
      iyzicoBaseUrl: 'http://127.0.0.1:9',
    },
    ...overrides,
  };
}
