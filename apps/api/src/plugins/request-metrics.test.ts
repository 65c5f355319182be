import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AppConfig } from '../config';
import type { DbHandle } from '../db/client';
import { body } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';

/*
 * Who may read GET /metrics. Without a trusted proxy the socket's address is the caller's own:
 * loopback reads freely, anyone else needs METRICS_TOKEN. Behind a trusted proxy on the same host
 * every caller reaches us from loopback, so there only the token opens it — and with no token
 * configured nobody does (said once in the log at start).
 */

const TOKEN = 'metrics-token-of-the-test-0123456789';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(() => db?.close());

/** An app on the file's database with `config`, its start-up warnings recorded. */
function useMetricsApp(config: Partial<AppConfig>) {
  const state: { t?: TestApp; warn?: MockInstance } = {};
  beforeAll(async () => {
    state.t = await createTestApp({
      db,
      config,
      beforeReady: (app) => {
        state.warn = vi.spyOn(app.log, 'warn');
      },
    });
  }, 120_000);
  afterAll(() => state.t?.close());
  const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) =>
    state.t!.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const startWarnings = () => state.warn!.mock.calls.map((c) => String(c.at(-1)));
  return { scrape, startWarnings };
}

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
const metricsWarning = (lines: string[]) => lines.filter((l) => l.includes('/metrics'));

describe('GET /metrics without a trusted proxy', () => {
  const { scrape, startWarnings } = useMetricsApp({ trustProxy: false, metricsToken: TOKEN });

  it('serves loopback without a token, another host only with it', async () => {
    expect((await scrape()).statusCode).toBe(200);
    const remote = await scrape({}, '203.0.113.9');
    expect(remote.statusCode).toBe(403);
    expect(body(remote)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Ölçümler yalnızca yerel adresten veya ölçüm anahtarıyla okunabilir.',
    });
    expect((await scrape(bearerOf(TOKEN), '203.0.113.9')).statusCode).toBe(200);
    expect(metricsWarning(startWarnings())).toEqual([]);
  });
});

describe('GET /metrics behind a trusted proxy (TRUST_PROXY)', () => {
  describe('with METRICS_TOKEN', () => {
    const { scrape, startWarnings } = useMetricsApp({ trustProxy: true, metricsToken: TOKEN });

    it('refuses loopback without the token: the proxy on this host makes every caller look like loopback', async () => {
      for (const res of [
        await scrape(),
        await scrape({ 'x-forwarded-for': '127.0.0.1' }),
        await scrape(bearerOf(`${TOKEN}x`)),
        await scrape(bearerOf('metrics-token-of-the-test-012345678X')),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(body(res)).toMatchObject({
          code: 'METRICS_TOKEN_REQUIRED',
          message: 'Ölçümler yalnızca ölçüm anahtarıyla okunabilir.',
        });
      }
    });

    it('serves anyone with the token', async () => {
      const res = await scrape(bearerOf(TOKEN));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('kiyasla_api_requests_total');
      expect((await scrape({ ...bearerOf(TOKEN), 'x-forwarded-for': '203.0.113.9' }, '10.0.0.2')).statusCode).toBe(200);
      expect(metricsWarning(startWarnings())).toEqual([]);
    });
  });

  describe('without METRICS_TOKEN', () => {
    const { scrape, startWarnings } = useMetricsApp({ trustProxy: true, metricsToken: undefined });

    it('refuses everyone, loopback included, and says why in the log at start', async () => {
      for (const res of [await scrape(), await scrape(bearerOf(TOKEN)), await scrape({}, '203.0.113.9')]) {
        expect(res.statusCode).toBe(403);
        expect(body(res)).toMatchObject({
          code: 'METRICS_DISABLED',
          message: 'Ölçümler kapalı: sunucu bir vekil sunucunun arkasında ve ölçüm anahtarı tanımlanmamış.',
        });
      }
      const [warning, ...more] = metricsWarning(startWarnings());
      expect(more).toEqual([]);
      expect(warning).toContain('TRUST_PROXY');
      expect(warning).toContain('METRICS_TOKEN');
    });
  });
});
