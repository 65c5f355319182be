import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../../lib/sql-rows';
import { repoRoot } from '../../../lib/paths';
import { useTestApp } from '../../../test/app';
import { localImportSocketPath, startLocalImportServer } from './local-import-server';

const CLI = path.join(repoRoot(), 'apps/api/src/modules/feeds/cli/feed-import.ts');
const t = useTestApp();

let dir: string;
let server: http.Server | undefined;
let productId: string;

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: repoRoot(),
      env: { ...process.env, ...env, INIT_CWD: dir, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-cli-'));
  await t.db.db.execute(sql`insert into stores (name, slug) values ('CLI Mağazası', 'cli-magazasi')`);
  [{ id: productId }] = sqlRows<{ id: string }>(
    await t.db.db.execute(sql`select id from products order by id limit 1`),
  ) as [{ id: string }];
  writeFileSync(
    path.join(dir, 'feed.json'),
    JSON.stringify({
      items: [{ sku: 'C-1', productId, price: 123.45, availability: 'in-stock', url: 'https://cli.example/1' }],
    }),
  );
  writeFileSync(path.join(dir, 'broken.json'), '{"items": [');
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Where the CLI reaches this test's database: PostgreSQL directly, PGlite through the server's socket. */
async function target(): Promise<Record<string, string>> {
  if (t.db.kind === 'postgres') {
    const pool = (t.db.db as unknown as { $client: pg.Pool }).$client;
    return { DATABASE_URL: pool.options.connectionString!, DATA_DIR: dir };
  }
  server ??= await startLocalImportServer(t.db.db, localImportSocketPath(dir), 50 * 1024 * 1024);
  return { DATABASE_URL: '', DATA_DIR: dir };
}

describe('npm run feed:import', () => {
  it('imports a file given relative to where it was typed and prints the report', async () => {
    const res = await runCli(['cli-magazasi', 'feed.json'], await target());
    expect(res.stderr).not.toMatch(/hata|başarısız/i);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/CLI Mağazası: içe aktarım tamamlandı \(json, partial\)/);
    expect(res.stdout).toMatch(/yeni teklif 1/);
    const [offer] = sqlRows<{ price: number }>(
      await t.db.db.execute(sql`select o.price from store_offers o join stores s on s.id = o.store_id
                                 where s.slug = 'cli-magazasi' and o.product_id = ${productId}::uuid`),
    );
    expect(offer!.price).toBe(12_345);
    if (t.db.kind === 'pglite') expect(res.stderr).toMatch(/sunucu üzerinden/);
  }, 60_000);

  it('exits with 2 and changes nothing when the feed is refused', async () => {
    const res = await runCli(['cli-magazasi', 'broken.json'], await target());
    expect(res.code).toBe(2);
    expect(res.stdout).toMatch(/reddedildi, hiçbir şey değişmedi/);
    expect(res.stdout).toMatch(/FEED_MALFORMED/);
  }, 60_000);

  it('exits with 1 for an unknown store, a missing file or bad arguments', async () => {
    const env = await target();
    const unknown = await runCli(['yok-boyle-magaza', 'feed.json'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/"yok-boyle-magaza" slug'lı bir mağaza yok/);
    const missing = await runCli(['cli-magazasi', 'yok.json'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Dosya bulunamadı/);
    const usage = await runCli(['cli-magazasi'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/Kullanım: npm run feed:import/);
  }, 90_000);
});
