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
  const respawns = new Set<NodeJS.Timeout>();

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
    if (closing) {
      // The primary ends with its last worker (nothing else holds its event loop), 1 if one failed.
      if (code !== 0 && code !== null) process.exitCode = 1;
      return;
    }
    opts.log(`worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}): starting another`);
    if (lived < EARLY_EXIT_MS && ++earlyExits >= MAX_EARLY_EXITS) {
      opts.log(`${earlyExits} workers exited within a minute of their start: stopping the server`);
      shutdown(1);
      return;
    }
    // Held (not unref'd): when every worker has died, this timer is what keeps the primary alive.
    const respawn = setTimeout(() => {
      respawns.delete(respawn);
      fork();
    }, RESPAWN_DELAY_MS);
    respawns.add(respawn);
  });

  const shutdown = (code = 0) => {
    if (closing) return;
    closing = true;
    process.exitCode = code;
    for (const t of respawns) clearTimeout(t);
    const force = setTimeout(() => {
      process.exitCode = 1;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
    }, SHUTDOWN_BOUND_MS);
    force.unref();
    // Each worker drains its own requests (server.ts), exactly as a single process does.
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => shutdown());
  process.on('SIGINT', () => shutdown());

  for (let i = 0; i < opts.workers; i++) fork();
}
