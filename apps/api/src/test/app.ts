import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SettingsGroup, SystemSettings } from '@kiyasla/contracts/settings';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { DbHandle } from '../db/client';
import { systemSettings } from '../db/schema/system-settings';
import { testConfig } from './config';
import { createTestDatabase } from './db';

/**
 * The one way an API suite gets an app: `const t = useTestApp()` at the top of a suite (or of a
 * describe block), or `createTestApp()` where the suite must start something first.
 */
export interface TestApp {
  /** The current app; `reopen()` replaces it. */
  app: FastifyInstance;
  db: DbHandle;
  /**
   * A new app on the same database, for a test that closed the current one (closing flushes
   * buffered view counts and search logs).
   */
  reopen(): Promise<FastifyInstance>;
  /** Closes the current app, then the database unless the caller passed its own. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Overrides of testConfig(). */
  config?: Partial<AppConfig>;
  /** An open database to build on instead of a fresh seeded copy; the caller closes it. */
  db?: DbHandle;
  /** Runs before the app is ready: routes or hooks that exist only for the test (or the web pages). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** A fresh migrated and seeded database (or `options.db`) and the whole API on it, ready for `inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  const open = async () => {
    const app = await buildApp({ config: testConfig(options.config), db });
    await options.beforeReady?.(app);
    await app.ready();
    return app;
  };
  const t: TestApp = {
    app: await open(),
    db,
    reopen: async () => {
      t.app = await open();
      return t.app;
    },
    close: async () => {
      await t.app.close();
      if (!options.db) await db.close();
    },
  };
  return t;
}

/**
 * `createTestApp(options)` in the suite's beforeAll and closed in its afterAll. Read `t.app` and
 * `t.db` inside hooks and tests (they throw before the app is built).
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(options);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    reopen: () => current().reopen(),
    close: () => current().close(),
  };
}

/** Changes one admin settings group (as the admin screen would) and drops the cache. */
export async function setSettings<G extends SettingsGroup>(
  t: Pick<TestApp, 'app' | 'db'>,
  group: G,
  patch: Partial<SystemSettings[G]>,
): Promise<void> {
  const [row] = await t.db.db.select().from(systemSettings).where(eq(systemSettings.group, group));
  await t.db.db
    .update(systemSettings)
    .set({ value: { ...(row?.value ?? {}), ...patch } })
    .where(eq(systemSettings.group, group));
  t.app.settings.invalidate();
}
