import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertMailsGoingOut, armedAlerts, feedItems, useFaultWorld } from './support/fault-world';
import { call, data, login, waitFor } from './support/http';
import { startLoad } from './support/load';
import { count } from './support/postgres';
import { startServer } from './support/server';
import { adminSession, ADMIN, storeAndProducts, uploadFeedSucceeds } from './support/world';

/**
 * The server as two processes (WORKERS=2, ADR 001) sharing one port: both serve, a price change
 * made through one is served by both, the metrics and the admin figures count both, a worker that
 * dies is replaced while the other serves, workers that cannot start stop the server (exit 1), and
 * SIGTERM drains both and exits 0.
 */

const N = 12;
const world = useFaultWorld('two server processes', { delayMs: 300 }, { WORKERS: '2' });
const { report } = world;

/** The primary's worker processes (its node children). */
function workerPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(world.server.child.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, comm]) => pid && comm === 'node')
    .map(([pid]) => Number(pid));
}

/** A GET on a connection of its own: the primary hands each new connection to the next worker. */
function freshGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${world.server.baseURL}${path}`,
      { agent: false, headers: { connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

/** The API request counts of /metrics, per worker label. */
async function requestsByWorker(): Promise<Record<string, number>> {
  const { body } = await freshGet('/metrics');
  const counts: Record<string, number> = {};
  for (const m of body.matchAll(/^kiyasla_api_requests_total\{[^}]*worker="(\d+)"[^}]*\} (\d+)/gm)) {
    counts[m[1]!] = (counts[m[1]!] ?? 0) + Number(m[2]);
  }
  return counts;
}

describe('the server as two processes', () => {
  it('serves from both; a price change reaches both; /metrics and the admin figures count both', async () => {
    expect(workerPids()).toHaveLength(2);
    const base = world.server.baseURL;
    // The health check answers once one worker listens; the primary says when both do.
    await waitFor('both workers listen', async () => /— 2 processes/.test(world.server.log()), 60_000, 100);
    // Products of the catalog's second page: the first page's are the SIGTERM test's below.
    const admin = await adminSession(base);
    const { storeId, productIds } = await storeAndProducts(base, admin.token, N, 2);
    const items = (price: (i: number) => number) => feedItems('IKI', productIds, price);
    await uploadFeedSucceeds(
      base,
      admin.token,
      storeId,
      items((i) => 30 + i),
    );

    for (let i = 0; i < 40; i++) expect((await freshGet('/api/categories')).status).toBe(200);
    const byWorker = await requestsByWorker();
    report.requestsByWorker = byWorker;
    expect(Object.keys(byWorker).sort()).toEqual(['1', '2']);
    expect(Math.min(...Object.values(byWorker))).toBeGreaterThan(10);

    // Every product page is read on both workers (so both have it cached) before the price falls.
    const product = productIds[0]!;
    const price = async () =>
      (JSON.parse((await freshGet(`/api/products/${product}`)).body) as { data: { price: number } }).data.price;
    for (let i = 0; i < 6; i++) expect(await price()).toBe(30);
    await uploadFeedSucceeds(
      base,
      admin.token,
      storeId,
      items((i) => 10 + i / 100),
    );
    const seenIn = await waitFor(
      'both workers serve the new price',
      async () => (await Promise.all(Array.from({ length: 6 }, price))).every((p) => p === 10),
      1_000,
      50,
    );
    report.newPriceOnBothWithinMs = seenIn;

    const total = Object.values(await requestsByWorker()).reduce((a, b) => a + b, 0);
    const signedIn = await login(base, ADMIN.email, ADMIN.password);
    const analytics = data<{ systemStats: { apiCalls: number } }>(
      await call(base, '/api/admin/analytics', { token: signedIn.token }),
    );
    report.adminApiCalls = analytics.systemStats.apiCalls;
    expect(analytics.systemStats.apiCalls).toBeGreaterThanOrEqual(total);
  });

  it('replaces a worker that dies while the other serves', async () => {
    const base = world.server.baseURL;
    const signedIn = await login(base, ADMIN.email, ADMIN.password);
    const productIds = data<{ _id: string }[]>(await call(base, '/api/products?limit=12')).map((p) => p._id);
    const load = startLoad({ baseURL: base, tokens: [signedIn.token], productIds }, 6);
    await new Promise((r) => setTimeout(r, 1_000));
    const [victim] = workerPids();
    const killedAt = Date.now();
    process.kill(victim!, 'SIGKILL');
    const replacedIn = await waitFor(
      'a new worker',
      async () => {
        const pids = workerPids();
        return pids.length === 2 && !pids.includes(victim!);
      },
      10_000,
      100,
    );
    report.replacedInMs = replacedIn;
    await new Promise((r) => setTimeout(r, 1_500));
    const loadReport = await load.stop();
    // Requests in flight on the killed worker lose their connection; later ones are all answered.
    const later = loadReport.outcomes.filter((o) => o.startedAt >= killedAt + 500);
    report.afterKill = { requests: later.length, byStatus: loadReport.byStatus };
    expect(later.length).toBeGreaterThan(20);
    expect(later.filter((o) => o.error !== undefined).map((o) => `${o.path} ${o.error}`)).toEqual([]);
    expect(loadReport.badErrors.map((o) => `${o.path} ${o.status}`)).toEqual([]);
    expect(world.server.log()).toMatch(/\[cluster\] worker \d+ \(pid \d+\) exited \(SIGKILL\): starting another/);

    // The new worker serves once it has started: fresh connections reach it, and /metrics names it.
    const servingIn = await waitFor(
      'the new worker serves',
      async () => {
        for (let i = 0; i < 4; i++) expect((await freshGet('/api/categories')).status).toBe(200);
        return Object.keys(await requestsByWorker()).includes('3');
      },
      30_000,
      200,
    );
    report.newWorkerServingInMs = servingIn;
  });

  it('stops with exit 1 when its workers cannot start, replacing them until then', async () => {
    // Another server on a port that something else holds: each of its workers fails to listen.
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-faults-taken-'));
    try {
      const failure = await startServer({ databaseUrl: world.pg.url, env: { WORKERS: '2' } }, { port, dataDir }).then(
        async (server) => {
          await server.stop();
          return 'it started';
        },
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/^server exited with 1/);
      expect(failure).toMatch(/\[cluster\] 5 workers exited within a minute of their start: stopping the server/);
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('drains both workers on SIGTERM: requests answered, claims given back, exit 0', async () => {
    const { pg } = world;
    const base = world.server.baseURL;
    const scene = await armedAlerts(world, N, 'SON', 'kapanis');
    const load = startLoad({ baseURL: base, tokens: [scene.watcher.token], productIds: scene.productIds }, 6);
    // Every alert fires; the e-mails (300 ms each) are going out when the signal comes.
    await alertMailsGoingOut(world, scene);
    const workers = workerPids();
    const signalAt = Date.now();
    const exit = await world.server.signal('SIGTERM');
    const loadReport = await load.stop();
    report.exit = exit;
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(12_000);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    const before = loadReport.outcomes.filter((o) => o.startedAt < signalAt);
    expect(before.filter((o) => o.error !== undefined).map((o) => `${o.path} ${o.error}`)).toEqual([]);
    expect(loadReport.badErrors.map((o) => `${o.path} ${o.status}`)).toEqual([]);
    expect(await count(pg, `select count(*) as n from notification_deliveries where status = 'processing'`)).toBe(0);
    expect(await count(pg, `select count(*) as n from outbox where status = 'processing'`)).toBe(0);
  });
});
