import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { randomUUID, randomBytes } from 'node:crypto';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { DbHandle } from './db/client';
import { messages } from '@kiyasla/contracts/messages';
import { DEFAULT_SETTINGS } from '@kiyasla/contracts/settings';
import { userFacingIssueMessage } from '@kiyasla/contracts/validation-messages';
import { AppError } from './lib/errors';
import { hasUnstorableText } from './lib/storable-text';
import { COMPRESSION_THRESHOLD_BYTES, ZLIB_OPTIONS } from './lib/prepared-reply';
import { apiFallback, registerErrorHandling } from './plugins/error-handler';
import { registerSwagger } from './plugins/swagger';
import { allowEmptyJsonBody } from './plugins/empty-json-body';
import { rejectMalformedHost, strictTransportSecurityOverHttps } from './plugins/host-header';
import { clientIp } from './lib/client-identity';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { contentSecurityPolicy, securityPolicyHeaders } from './plugins/csp';
import { registerCors } from './plugins/cors';
import { cspReportRoutes } from './plugins/csp-report';
import { healthRoutes } from './modules/health/health.routes';
import { categoryRoutes } from './modules/categories/categories.routes';
import { productRoutes } from './modules/products/products.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { storeRoutes } from './modules/stores/stores.routes';
import { settingsPlugin } from './modules/settings/settings.plugin';
import { settingsRoutes } from './modules/settings/settings.routes';
import { mailPlugin } from './mail/mail.plugin';
import { policiesPlugin } from './plugins/policies';
import { maintenancePlugin } from './plugins/maintenance';
import { requestMetricsPlugin } from './plugins/request-metrics';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/account/account.routes';
import { registerAccountJobs } from './jobs/scheduler';
import { registerPriceChangeConsumer } from './jobs/price-change-consumer';
import { registerNotificationChannels } from './modules/notifications/deliveries/channels';
import { setPublicReadCaching } from './lib/public-read-cache';
import { registerListingIndex } from './modules/products/listing-index.plugin';
import { registerReadInvalidation } from './lib/read-invalidation-listener';
import { registerLocalImportSocket } from './modules/feeds/cli/local-import-server';
import { registerFreshnessSweep } from './modules/feeds/freshness/freshness-sweep';
import { registerFeedScheduler } from './modules/feeds/schedule/feed-scheduler';
import { searchRoutes } from './modules/search/search.routes';
import { registerWordIndex } from './modules/search/word-index.plugin';
import { favoriteRoutes } from './modules/favorites/favorites.routes';
import { comparisonRoutes } from './modules/comparisons/comparisons.routes';
import { alertRoutes } from './modules/alerts/alerts.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { adminStoreRoutes } from './modules/admin/stores/admin-stores.routes';
import { adminAuditRoutes } from './modules/admin/audit/audit.routes';
import { adminUserRoutes } from './modules/admin/users/admin-users.routes';
import { adminSettingsRoutes } from './modules/admin/settings/admin-settings.routes';
import { adminStatsRoutes } from './modules/admin/stats/admin-stats.routes';
import { adminCategoryRoutes } from './modules/admin/categories/admin-categories.routes';
import { adminProductRoutes } from './modules/admin/products/admin-products.routes';
import { adminAnalyticsRoutes } from './modules/admin/analytics/admin-analytics.routes';
import { adminSearchTermRoutes } from './modules/admin/search-terms/admin-search-terms.routes';
import { adminReviewRoutes } from './modules/admin/reviews/admin-reviews.routes';
import { adminSubscriptionRoutes } from './modules/admin/subscriptions/admin-subscriptions.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { registerSubscriptionJobs } from './jobs/subscription-lifecycle';

// Validation messages for users: a rule without a message of its own answers in a plain Turkish
// sentence by its kind ('Bu alan gereklidir'), never with zod's types, patterns or bounds.
z.config({ localeError: userFacingIssueMessage });

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    dbHandle: DbHandle;
    /** Sent by in-process SSR calls so they share no rate-limit bucket with real clients. */
    internalToken: string;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: DbHandle;
}

/**
 * PostgreSQL cannot store U+0000 nor a lone UTF-16 surrogate (lib/storable-text.ts): one in a
 * query string or a JSON body would fail deep in a query as a 500, or be changed silently. Refuse
 * it at the door with a 400 instead. The JSON body is checked once parsed, so a backslash typed
 * before "u0000" stays ordinary text.
 */
function rejectNulCharacters(app: FastifyInstance) {
  const nulError = () => new AppError(400, 'INVALID_CHARACTER', messages.generic.invalidCharacter);
  app.addHook('onRequest', async (req) => {
    if (/%00/.test(req.url) || req.url.includes('\u0000')) throw nulError();
  });
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  const forbiddenKeyError = () => new AppError(400, 'FORBIDDEN_KEY', messages.generic.forbiddenKey);
  const parsesAsJson = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    defaultJson(req, text, (err, value) => {
      // The secure parser refuses a prototype key as it refuses broken JSON: JSON it refused that
      // plain JSON.parse reads (which only defines such a key, polluting nothing) carries one.
      if (err) return done(parsesAsJson(text) ? forbiddenKeyError() : err, undefined);
      if (hasUnstorableText(value)) return done(nulError(), undefined);
      done(null, value);
    });
  });
}

/** Builds the API (everything under /api) without listening; server.ts listens, tests inject. */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    // Avatars arrive as data URLs of up to 5 MB, i.e. ~6.7 MB of base64.
    bodyLimit: 8 * 1024 * 1024,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    forceCloseConnections: 'idle',
    // While the server drains (SIGTERM), a request that still arrives on an open keep-alive
    // connection is served (with Connection: close) rather than answered by Fastify's own 503
    // outside the error format: the database closes only after the drain (server.ts, ADR 020).
    return503OnClosing: false,
    // Errors raised before our hooks run, in the error format with security headers.
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('config', config);
  app.decorate('dbHandle', db);
  app.decorate('internalToken', randomBytes(24).toString('hex'));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const apiNotFound = apiFallback(app);
  app.addHook('preParsing', allowEmptyJsonBody);
  // JSON is the API's body type: Fastify's default text/plain parser handed routes a string, which
  // their schemas refused as a 400 about types. Now 415, as for any other type. Routes that take
  // other bodies add their own parsers: feed uploads (text/plain among them), CSP reports, payment
  // and unsubscribe callbacks (form-urlencoded), the web pages (anything).
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    // plugins/csp.ts sends it: scripts need each response's nonce, never 'unsafe-inline'.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Sent over HTTPS only (strictTransportSecurityOverHttps).
    strictTransportSecurity: false,
  });
  // After helmet: a refused Host still gets the security headers.
  securityPolicyHeaders(
    app,
    contentSecurityPolicy({ formTargets: [new URL(config.payments.shopierPaymentUrl).origin] }),
  );
  rejectNulCharacters(app);
  rejectMalformedHost(app);
  strictTransportSecurityOverHttps(app);
  // lib/prepared-reply.ts sends cached replies pre-compressed with the same threshold and level.
  // Request bodies: the encodings messages.generic.unsupportedContentEncoding names, on every
  // Node version (zstd would depend on it).
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    zlibOptions: ZLIB_OPTIONS,
    requestEncodings: ['gzip', 'deflate', 'br', 'identity'],
  });
  await registerSwagger(app);
  await app.register(settingsPlugin);
  await app.register(mailPlugin);
  await app.register(policiesPlugin);
  // Before maintenance: a third party allowed cross-origin can read the 503 too.
  registerCors(app);
  await app.register(maintenancePlugin);
  await app.register(requestMetricsPlugin);
  registerAccountJobs(app);
  registerPriceChangeConsumer(app);
  registerSubscriptionJobs(app);
  registerNotificationChannels(app);
  // Off only when asked (PUBLIC_READ_CACHE=false, the benchmark's cache-miss rows).
  if (config.publicReadCache === false) setPublicReadCaching(false);
  registerReadInvalidation(app);
  registerListingIndex(app, config.listingIndex !== false);
  registerWordIndex(app, config.searchIndex !== false);
  registerFreshnessSweep(app);
  registerFeedScheduler(app);
  // The embedded database's data directory, where `npm run feed:import` finds the running server.
  registerLocalImportSocket(app, config.databaseUrl ? undefined : config.dataDir);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        // RATE_LIMIT_MAX when the environment sets it, else the admin setting, read per request
        // from the cached settings: a saved change applies at once on every instance (ADR 016).
        // While the settings cannot be read (the database away, ADR 020), the default limit.
        max:
          config.rateLimitMax ??
          (() =>
            app.settings.group('api').then(
              (api) => api.rateLimitPerMinute,
              () => DEFAULT_SETTINGS.api.rateLimitPerMinute,
            )),
        timeWindow: '1 minute',
        // Server-rendered pages call in-process on their shopper's behalf: counted for that
        // shopper (lib/client-identity.ts), like the shopper's own calls — a search page too.
        keyGenerator: (req) => clientIp(req, app.internalToken),
      });
      await api.register(healthRoutes);
      await api.register(cspReportRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(storeRoutes);
      await api.register(searchRoutes);
      await api.register(mediaRoutes, { db: db.db });
      await api.register(settingsRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(favoriteRoutes);
      await api.register(comparisonRoutes);
      await api.register(alertRoutes);
      await api.register(notificationRoutes);
      await api.register(paymentRoutes);
      await api.register(adminStoreRoutes);
      await api.register(adminAuditRoutes);
      await api.register(adminUserRoutes);
      await api.register(adminSettingsRoutes);
      await api.register(adminStatsRoutes);
      await api.register(adminCategoryRoutes);
      await api.register(adminProductRoutes);
      await api.register(adminAnalyticsRoutes);
      await api.register(adminSearchTermRoutes);
      await api.register(adminReviewRoutes);
      await api.register(adminSubscriptionRoutes);
      // Any other /api path is a JSON 404 (405 for a path that takes other methods), never the
      // web app's HTML page.
      api.all('/*', apiNotFound);
    },
    { prefix: '/api' },
  );

  return app;
}
