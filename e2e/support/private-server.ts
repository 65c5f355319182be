import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export interface PrivateServer {
  baseURL: string;
  /** The environment the server runs with (its DATA_DIR, no DATABASE_URL): the CLI's too. */
  env: NodeJS.ProcessEnv;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/**
 * A server of the file's own, on a fresh embedded database with the demo seed, started before
 * its tests and stopped (its data removed) after them: for a file that changes demo data the
 * other files read from the shared server (global-setup.ts), whose order vitest does not fix.
 * Returns the running server (call it inside a test or hook).
 */
export function usePrivateServer(): () => PrivateServer {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let running: PrivateServer | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-e2e-own-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
    };
    server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL, server, 110_000);
    running = { baseURL, env };
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!running) throw new Error('The private server is not running: call it from a test, not at import time.');
    return running;
  };
}
