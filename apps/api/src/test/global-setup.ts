import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed';
import { TEMPLATE_DATABASE, databaseUrl, dropDatabase, quoteIdent, withAdminClient } from './postgres-admin';
import './provided-context';

/**
 * Builds ONE migrated and seeded (demo) database per test run, so each test file only pays for
 * a copy of it:
 * - PGlite (default): the data directory is dumped to a temp tarball; workers load it into a
 *   fresh in-memory instance.
 * - PostgreSQL (TEST_DATABASE_URL set to a superuser URL): a template database; each test file
 *   clones it with CREATE DATABASE ... TEMPLATE, which copies files instead of re-seeding.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? setupPostgres(project, adminUrl) : setupPglite(project);
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const handle = await openDatabase({ memory: true });
  try {
    await prepare(handle);
    const snapshot = await handle.pglite?.dumpDataDir('none');
    if (!snapshot) throw new Error('PGlite anlık görüntüsü alınamadı');
    const file = path.join(os.tmpdir(), `kiyasla-seed-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
    project.provide('seedSnapshot', file);
    project.provide('testDatabaseTemplate', null);
    return async () => {
      await rm(file, { force: true });
    };
  } finally {
    await handle.close();
  }
}

async function setupPostgres(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  await withAdminClient(adminUrl, async (client) => {
    // A crashed earlier run may have left the template behind.
    await dropDatabase(client, TEMPLATE_DATABASE);
    await client.query(`create database ${quoteIdent(TEMPLATE_DATABASE)}`);
  });
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, TEMPLATE_DATABASE), poolSize: 2 });
  try {
    await prepare(handle);
  } finally {
    // Clones require that nobody is connected to the template.
    await handle.close();
  }
  await withAdminClient(adminUrl, (client) =>
    client.query(`alter database ${quoteIdent(TEMPLATE_DATABASE)} is_template true`),
  );

  project.provide('seedSnapshot', '');
  project.provide('testDatabaseTemplate', { adminUrl, template: TEMPLATE_DATABASE });
  return async () => {
    await withAdminClient(adminUrl, (client) => dropDatabase(client, TEMPLATE_DATABASE));
  };
}

async function prepare(handle: DbHandle): Promise<void> {
  await runMigrations(handle);
  await seedDatabase(handle, { demo: true });
}
