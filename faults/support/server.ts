import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerOptions {
  databaseUrl: string;
  smtpUrl?: string;
  env?: Record<string, string>;
}

export interface ApiServer {
  baseURL: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  log(): string;
  /** Sends a signal and resolves with the exit code and how long the process took to exit. */
  signal(sig: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Starts another process with the same configuration and port (after an exit). */
  restart(): Promise<ApiServer>;
  stop(): Promise<void>;
}

/**
 * Which build the server runs: the production build (apps/api/dist/server.js) when FAULTS_SERVER
 * is `dist` (CI, after `npm run build`), else the source through tsx (always current).
 */
function command(): string[] {
  const dist = path.join(root, 'apps/api/dist/server.js');
  if (process.env.FAULTS_SERVER === 'dist') {
    if (!existsSync(dist)) throw new Error('FAULTS_SERVER=dist but apps/api/dist/server.js is missing: npm run build');
    return ['--enable-source-maps', dist];
  }
  return ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log().slice(-4000)}`);
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${log().slice(-4000)}`);
}

/** The API (with the web build when present) as a real child process on a free loopback port. */
export async function startServer(opts: ServerOptions, fixed?: { port: number; dataDir: string }): Promise<ApiServer> {
  const port = fixed?.port ?? (await freePort());
  const dataDir = fixed?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'kiyasla-faults-'));
  const logFile = path.join(dataDir, `server-${Date.now()}.log`);
  const out = createWriteStream(logFile);
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, command(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      SEED_DEMO: 'true',
      JWT_SECRET: 'faults-suite-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      FEED_SCHEDULER: 'false',
      ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ApiServer = {
    baseURL,
    dataDir,
    child,
    log,
    signal: async (sig) => {
      const started = Date.now();
      child.kill(sig);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
    restart: () => startServer(opts, { port, dataDir }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      out.end();
    },
  };
  try {
    await waitForHealth(baseURL, child, 180_000, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

/** Removes the server's data directory (its logs) once it has stopped. */
export function removeDataDir(server: ApiServer): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}
