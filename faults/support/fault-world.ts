import { afterAll, beforeAll, expect } from 'vitest';
import { call, waitFor } from './http';
import { startPostgres, type Postgres } from './postgres';
import { removeDataDir, startServer, type ApiServer } from './server';
import { startSmtp } from './smtp';
import { adminSession, alertCounts, shopper, storeAndProducts, uploadFeedSucceeds, type FeedItem } from './world';

export interface FaultWorld {
  pg: Postgres;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** The built server on `pg` sending through `smtp` (a test may replace it by its restart). */
  server: ApiServer;
  /** What the file measured, printed after its tests. */
  report: Record<string, unknown>;
}

/**
 * A fault file's own PostgreSQL cluster, SMTP stand-in (`smtpOptions`) and built server (with
 * `serverEnv` over the suite's environment), started
 * before its tests and removed after them, when its report is printed under `title`. The fields
 * are set once the tests run.
 */
export function useFaultWorld(
  title: string,
  smtpOptions?: Parameters<typeof startSmtp>[0],
  serverEnv?: Record<string, string>,
): FaultWorld {
  const world = { report: {} } as FaultWorld;
  beforeAll(async () => {
    [world.pg, world.smtp] = await Promise.all([startPostgres(), startSmtp(smtpOptions)]);
    world.server = await startServer({ databaseUrl: world.pg.url, smtpUrl: world.smtp.url, env: serverEnv });
  });
  afterAll(async () => {
    console.log(`[faults] ${title}:`, JSON.stringify(world.report, null, 2));
    await world.server?.stop();
    if (world.server) removeDataDir(world.server);
    await world.smtp?.close();
    await world.pg?.destroy();
  });
  return world;
}

/** Feed items for the products, SKUs `${prefix}-${i}`, at `price(i)`. */
export const feedItems = (prefix: string, productIds: string[], price: (i: number) => number): FeedItem[] =>
  productIds.map((productId, i) => ({ sku: `${prefix}-${i}`, productId, price: price(i) }));

/**
 * The scene of every fault: a new store offering `n` products at 30 TL and up (its lowest price,
 * above every target), and a premium shopper `shopperName` with a 20 TL alert on each of them.
 */
export async function armedAlerts(world: FaultWorld, n: number, skuPrefix: string, shopperName: string) {
  const base = world.server.baseURL;
  const admin = await adminSession(base);
  const { storeId, productIds } = await storeAndProducts(base, admin.token, n);
  await uploadFeedSucceeds(
    base,
    admin.token,
    storeId,
    feedItems(skuPrefix, productIds, (i) => 30 + i),
  );
  const watcher = await shopper(base, shopperName, world.pg);
  for (const product of productIds) {
    const created = await call(base, '/api/alerts', { token: watcher.token, json: { product, targetPrice: 20 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const items = (price: (i: number) => number) => feedItems(skuPrefix, productIds, price);
  return { admin, storeId, productIds, watcher, items };
}

/**
 * The scene's prices fall to 10 TL and up, under every target: every alert fires. Resolves once
 * the first alert e-mail has gone out, while the rest are still going (the SMTP stand-in's delay).
 */
export async function alertMailsGoingOut(world: FaultWorld, scene: Awaited<ReturnType<typeof armedAlerts>>) {
  await uploadFeedSucceeds(
    world.server.baseURL,
    scene.admin.token,
    scene.storeId,
    scene.items((i) => 10 + i / 100),
  );
  await waitFor(
    'the first alert e-mail went out',
    async () => (await alertCounts(world.pg, scene.watcher.userId)).sent > 0,
    20_000,
    100,
  );
}
