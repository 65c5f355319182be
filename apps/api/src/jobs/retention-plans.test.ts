import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { createTestDatabase } from '../test/db';
import { pruneAnalyticsEvents } from './prune-analytics-events';
import { pruneFinishedDeliveries } from './prune-notification-deliveries';
import { pruneReadNotifications } from './prune-read-notifications';
import { pruneRefreshSessions } from './prune-refresh-sessions';

/**
 * Each retention batch finds its rows through an index, never by reading the whole table: the
 * statements the jobs run are captured and planned (EXPLAIN, with sequential scans priced out, so
 * the small test tables do not make a scan the cheaper plan). PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  // One row of a type, so the analytics job has a type to delete from.
  await handle.db.execute(sql`insert into analytics_events (type) values ('product_view')`);
}, 180_000);
afterAll(() => handle?.close());

const dialect = new PgDialect();

/** The plans of the deletes `job` runs; the deletes themselves are not run. */
async function deletePlans(job: (db: Database) => Promise<unknown>): Promise<string[]> {
  const deletes: SQL[] = [];
  const spy = new Proxy(handle.db, {
    get: (target, prop, receiver) =>
      prop === 'execute'
        ? async (query: SQL) => {
            if (!/^\s*delete\b/i.test(dialect.sqlToQuery(query).sql)) return target.execute(query);
            deletes.push(query);
            return { rows: [] };
          }
        : Reflect.get(target, prop, receiver),
  });
  await job(spy);
  return Promise.all(
    deletes.map((query) =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return sqlRows<Record<string, string>>(await tx.execute(sql`explain ${query}`))
          .map((r) => Object.values(r)[0])
          .join('\n');
      }),
    ),
  );
}

describe('the retention deletes', () => {
  it('find read notifications by age through their partial index', async () => {
    const [plan] = await deletePlans((db) => pruneReadNotifications(db));
    expect(plan).toContain('notifications_read_created_idx');
  });

  it('find rotated refresh tokens and ended sessions by expiry through their partial indexes', async () => {
    const plans = await deletePlans((db) => pruneRefreshSessions(db));
    expect(plans).toHaveLength(2);
    expect(plans[0]).toContain('refresh_sessions_rotated_expires_idx');
    expect(plans[1]).toContain('refresh_sessions_newest_expires_idx');
  });

  it('find finished deliveries by age through their partial index', async () => {
    const [plan] = await deletePlans((db) => pruneFinishedDeliveries(db));
    expect(plan).toContain('notification_deliveries_finished_created_idx');
  });

  it('find analytics events type by type through the (type, created_at) index', async () => {
    const plans = await deletePlans((db) => pruneAnalyticsEvents(db));
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).toContain('analytics_events_type_created_idx');
  });
});
