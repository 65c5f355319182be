import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './lib/cluster-metrics';

/** A worker that dies this soon after its start counts toward the crash loop below. */
const EARLY_EXIT_MS = 60_000;
/** This many early exits in a row stop the server: the workers cannot start (database, port, bug). */
const MAX_EARLY_EXITS = 5;
/** Between a worker's death and its replacement. */
const RESPAWN_DELAY_MS = 1_000;
/** The primary's bound on a shutdown: the workers force their own exit at 10 s (server.ts). */
const SHUTDOWN_BOUND_MS = 12_000;

export interface ClusterOptions {
  workers: number;
  /** Called once, when every first worker listens. */
  onListening: () => void;
  log: (line: string) => void;
}

/**
 * The primary of a server run as several processes (WORKERS > 1, ADR 001). It serves nothing
 * itself: it forks the workers, which share the port (the primary hands each new connection to
 * one of them in turn), replaces a worker that dies, merges their metrics for `/metrics`, and on
 * SIGTERM or SIGINT lets every worker drain its requests and waits for them all.
 */
export function runClusterPrimary(opts: ClusterOptions): void {
  serveClusterMetrics();
  const startedAt = new Map<Worker, number>();
  let listening = 0;
  let announced = false;
  let earlyExits = 0;
  let closing = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('listening', () => {
      earlyExits = 0;
      if (!announced && ++listening === opts.workers) {
        announced = true;
        opts.onListening();
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (code !== 0 && code !== null) exitCode = 1;
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    opts.log(`worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}): starting another`);
    if (lived < EARLY_EXIT_MS && ++earlyExits >= MAX_EARLY_EXITS) {
      opts.log(`${earlyExits} workers exited within a minute of their start: stopping the server`);
      shutdown(1);
      return;
    }
    setTimeout(() => {
      if (!closing) fork();
    }, RESPAWN_DELAY_MS).unref();
  });

  const shutdown = (code = 0) => {
    if (closing) return;
    closing = true;
    exitCode = code;
    const force = setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    force.unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    // Each worker drains its own requests (server.ts), exactly as a single process does.
    for (const w of workers) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => shutdown());
  process.on('SIGINT', () => shutdown());

  for (let i = 0; i < opts.workers; i++) fork();
}
