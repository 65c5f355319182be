import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  baseURL: string;
  /** The environment it runs with (its own DATA_DIR, no DATABASE_URL): a CLI beside it uses it too. */
  env: NodeJS.ProcessEnv;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
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
 * Starts the production build on a free port with a fresh embedded database (seeded demo data)
 * in a temporary directory, and waits until it answers its health check.
 */
export async function startServerProcess(
  name: string,
  timeoutMs: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const serverJs = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(serverJs) || !existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    throw new Error('No production build: run `npm run build` before the browser tests.');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // The site's absolute URLs (canonical, sitemap, e-mail links) use it, never the Host header.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // Browser journeys sign in many times a minute from one address.
    AUTH_RATE_LIMIT_MAX: '100000',
    DATABASE_URL: '',
    ...extraEnv,
  };
  const server = spawn(process.execPath, ['--enable-source-maps', serverJs], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, env, stop };
}
