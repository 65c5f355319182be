import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadDatabaseConfig } from '../config';
import { repoRoot } from '../lib/paths';
import { describeTarget } from './cli-env';

describe('database CLI configuration', () => {
  const root = repoRoot();

  it('finds the workspace root from the sources', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
    expect(manifest.workspaces).toContain('apps/api');
    expect(existsSync(path.join(root, 'apps', 'api', 'src', 'db', 'cli-env.ts'))).toBe(true);
  });

  it('uses the embedded database under <repo>/data with demo data when DATABASE_URL is unset', () => {
    const env = loadDatabaseConfig({ DATABASE_URL: '' });
    expect(env).toEqual({
      databaseUrl: undefined,
      dataDir: path.join(root, 'data'),
      seedDemo: true,
      adminEmail: undefined,
      adminPassword: undefined,
      // The feed settings `npm run feed:import` uses, with their defaults.
      feeds: { maxBytes: 50 * 1024 * 1024, fetchTimeoutMs: 120_000, fetchAllow: [], schedulerEnabled: true },
    });
    expect(describeTarget(env)).toBe(`PGlite (${path.join(root, 'data', 'pglite')})`);
  });

  it('takes a relative DATA_DIR from the repo root, not from the working directory', () => {
    expect(loadDatabaseConfig({ DATA_DIR: 'tmp/db' }).dataDir).toBe(path.join(root, 'tmp', 'db'));
    expect(loadDatabaseConfig({ DATA_DIR: '/srv/kiyasla' }).dataDir).toBe('/srv/kiyasla');
  });

  it('turns demo data off by default for PostgreSQL and names the target without its password', () => {
    const env = loadDatabaseConfig({ DATABASE_URL: 'postgres://kiyasla:s3cret@db.internal:6543/shop' });
    expect(env.seedDemo).toBe(false);
    expect(describeTarget(env)).toBe('PostgreSQL (db.internal:6543/shop)');
    expect(loadDatabaseConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  it('passes the admin account through as the server reads it', () => {
    const env = loadDatabaseConfig({ ADMIN_EMAIL: 'Ops@Example.com', ADMIN_PASSWORD: 'A-strong-Passw0rd!' });
    expect(env.adminEmail).toBe('ops@example.com');
    expect(env.adminPassword).toBe('A-strong-Passw0rd!');
  });

  it('rejects a bad value with the same message as the server', () => {
    expect(() => loadDatabaseConfig({ SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadDatabaseConfig({ SEED_DEMO: 'maybe' })).toThrow(/Invalid configuration:\n {2}SEED_DEMO:/);
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://h/db' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadDatabaseConfig({ ADMIN_EMAIL: 'ops@example.com' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });

  it('ignores what only the server reads: no JWT secret is needed, a bad PORT does not matter', () => {
    expect(() =>
      loadDatabaseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db', PORT: 'not-a-port' }),
    ).not.toThrow();
  });
});
