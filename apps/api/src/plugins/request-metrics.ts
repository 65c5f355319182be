import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { messages } from '@kiyasla/contracts/messages';
import { clusterMetricsSource, type MergedMetrics } from '../lib/cluster-metrics';
import { AppError } from '../lib/errors';
import { readCacheFigures } from '../lib/public-read-cache';

/** The API's own figures, as the admin analytics page shows them (systemStats). */
export interface ApiRequestFigures {
  /** API calls answered since this instance started (by all its processes). */
  apiCalls: number;
  /** Mean response time of those calls, ms (0 before the first). */
  averageResponseMs: number;
  /** Share of those calls answered with a 5xx, percent. */
  errorRate: number;
  /** Since this instance started, hours. */
  uptimeHours: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus registry and the request figures drawn from it. */
    metrics: { registry: Registry; figures(): Promise<ApiRequestFigures> };
  }
}

/** Status classes, not codes: the label set stays small. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The stable codes of GET /metrics refusals (403). */
const METRICS_ERROR_CODES = {
  /** Neither loopback nor the token. */
  forbidden: 'FORBIDDEN',
  /** Behind a trusted proxy, without the right token. */
  tokenRequired: 'METRICS_TOKEN_REQUIRED',
  /** Behind a trusted proxy with no METRICS_TOKEN configured: refused to everyone. */
  disabled: 'METRICS_DISABLED',
} as const;

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The request figures from a registry's JSON (one process's, or the processes' merged). */
export function requestFigures(metrics: MergedMetrics['json']): ApiRequestFigures {
  const values = (name: string) => metrics.find((m) => m.name === name)?.values ?? [];
  const counts = values('kiyasla_api_requests_total');
  const total = counts.reduce((sum, v) => sum + v.value, 0);
  const errors = counts.filter((v) => v.labels.status === '5xx').reduce((sum, v) => sum + v.value, 0);
  const seconds = values('kiyasla_api_request_duration_seconds')
    .filter((v) => v.metricName === 'kiyasla_api_request_duration_seconds_sum')
    .reduce((sum, v) => sum + v.value, 0);
  const uptime = Math.max(0, ...values('kiyasla_uptime_seconds').map((v) => v.value));
  return {
    apiCalls: total,
    averageResponseMs: total > 0 ? Math.round((seconds * 1000 * 10) / total) / 10 : 0,
    errorRate: total > 0 ? Math.round((errors / total) * 10_000) / 100 : 0,
    uptimeHours: Math.round((uptime / 3600) * 100) / 100,
  };
}

/**
 * Measures every API request (count, duration, status class) into a Prometheus registry of this
 * app (one per app: tests build many) and serves it at `GET /metrics` in the Prometheus text
 * format — to loopback callers (the socket's address, never X-Forwarded-For), or to anyone
 * presenting `Authorization: Bearer $METRICS_TOKEN`. Behind a trusted proxy (TRUST_PROXY) the
 * socket's peer is the proxy, loopback for every caller when it runs on this host: then only the
 * token opens it, and without one it is closed to everyone. The admin analytics page reads the same
 * counters (`app.metrics.figures()`), so both show one truth. With several processes (WORKERS)
 * each labels its series with its worker id, and both read the processes' merged registry.
 */
export const requestMetricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    registry.setDefaultLabels(
      cluster.isWorker && cluster.worker ? { app: 'kiyasla', worker: String(cluster.worker.id) } : { app: 'kiyasla' },
    );
    collectDefaultMetrics({ register: registry, prefix: 'kiyasla_' });
    const started = Date.now();

    const requests = new Counter({
      name: 'kiyasla_api_requests_total',
      help: 'API requests answered, by method and status class',
      labelNames: ['method', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'kiyasla_api_request_duration_seconds',
      help: 'API response time in seconds',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'kiyasla_uptime_seconds',
      help: 'Seconds since this instance started',
      registers: [registry],
      aggregator: 'max',
      collect() {
        this.set((Date.now() - started) / 1000);
      },
    });
    new Gauge({
      name: 'kiyasla_maintenance_mode',
      help: '1 while the site is in maintenance mode (switch or scheduled window)',
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.set((await app.maintenance()).active ? 1 : 0);
      },
    });

    // The public read caches (ADR 010): how often a lookup is answered from memory, and what the
    // catalog's changes do to the entries. The caches count in memory; a scrape reads the totals.
    new Counter({
      name: 'kiyasla_read_cache_lookups_total',
      help: 'Public read cache lookups: hit (fresh), stale (served while refreshing), miss (waited for a load)',
      labelNames: ['cache', 'outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const f of readCacheFigures()) {
          this.inc({ cache: f.name, outcome: 'hit' }, f.hits);
          this.inc({ cache: f.name, outcome: 'stale' }, f.stale);
          this.inc({ cache: f.name, outcome: 'miss' }, f.misses);
        }
      },
    });
    new Counter({
      name: 'kiyasla_read_cache_invalidations_total',
      help: 'Public read cache entries a product change dropped, or bounded to PRICE_ORDER_STALENESS_MS',
      labelNames: ['cache', 'effect'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const f of readCacheFigures()) {
          this.inc({ cache: f.name, effect: 'dropped' }, f.dropped);
          this.inc({ cache: f.name, effect: 'bounded' }, f.bounded);
        }
      },
    });
    new Gauge({
      name: 'kiyasla_read_cache_entries',
      help: 'Entries held by each public read cache',
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const f of readCacheFigures()) this.set({ cache: f.name }, f.entries);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      requests.inc({ method: request.method, status: statusClass(reply.statusCode) });
      duration.observe(reply.elapsedTime / 1000);
    });

    const merged = clusterMetricsSource(registry);
    const figures = async () => requestFigures((await merged()).json);
    app.decorate('metrics', { registry, figures });

    const { trustProxy, metricsToken } = app.config;
    if (trustProxy && !metricsToken) {
      // Said once at start, so the operator whose scraper gets 403 finds the reason in the log.
      app.addHook('onReady', async () => {
        app.log.warn(
          'GET /metrics is refused to everyone: TRUST_PROXY is on, so a loopback caller may be anyone behind the proxy, and METRICS_TOKEN is not set',
        );
      });
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (trustProxy) {
        if (!metricsToken) throw new AppError(403, METRICS_ERROR_CODES.disabled, messages.metrics.disabled);
        if (!bearerMatches(request, metricsToken)) {
          throw new AppError(403, METRICS_ERROR_CODES.tokenRequired, messages.metrics.tokenRequired);
        }
      } else if (!isLoopback(request.socket.remoteAddress) && !bearerMatches(request, metricsToken)) {
        throw new AppError(403, METRICS_ERROR_CODES.forbidden, messages.metrics.forbidden);
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send((await merged()).text);
    });
  },
  { name: 'request-metrics', dependencies: ['maintenance'] },
);
