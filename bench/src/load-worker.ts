/**
 * The load generator, run as its own process (the server must not share an event loop with
 * its load). Reads a LoadSpec from the JSON file named on the command line, drives autocannon
 * against loopback for `warmupSeconds` (discarded) then `durationSeconds`, and prints one
 * LoadResult line as JSON on stdout.
 *
 * autocannon's own percentiles stop at p90/p97.5, so every response time is also recorded
 * here and p50/p95/p99 are exact.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cpuSplit, sampleCpu, type CpuSplit } from './cpu-split';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: string;
  /** Chosen with probability weight / sum(weights) in `random` mode. */
  weight?: number;
  /** Label for the per-kind request counts (mixed workload). */
  kind?: string;
  /** Alternates between two writes per connection (add a favorite, then remove it). */
  toggle?: [LoadOp, LoadOp];
}

export interface LoadOp {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: string;
}

export interface LoadSpec {
  baseUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** `sequence`: every connection walks the list in order (keystrokes); `random`: weighted draws. */
  mode: 'random' | 'sequence';
  requests: LoadRequest[];
  /** One bearer token per connection (signed-in scenarios). */
  tokens?: string[];
  seed?: number;
  /** Process trees whose CPU time the measured window records, by name and root pids (the server). */
  cpuWatch?: Record<string, number[]>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  kinds: Record<string, number>;
  /** Latency percentiles of each kind of request (mixed workloads), ms. */
  kindLatency?: Record<string, { requests: number; p50: number; p95: number; p99: number }>;
  bytesPerSecond: number;
  /** 1-minute load average of the machine before and after the run (set by the runner). */
  loadAverage?: [number, number];
  /** Where the machine's CPU went over the measured window (bench/src/cpu-split.ts); Linux only. */
  cpu?: CpuSplit;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

interface ClientRequestIterator {
  initialContext: Record<string, unknown>;
  resetContext(): void;
  rebuildRequest(): void;
}

interface ConnectionState {
  index: number;
  cursor: number;
  pending: Map<number, boolean>;
}

/** Per-connection state, kept from the warm-up into the measured run (pending favorite adds). */
const states: ConnectionState[] = [];

async function run(spec: LoadSpec, seconds: number, record: boolean): Promise<LoadResult> {
  const random = mulberry32(spec.seed ?? 42);
  // Cumulative weights, searched by bisection: the load generator must stay cheap per request
  // with tens of thousands of weighted paths (the popularity-skewed detail scenario).
  const cumulative: number[] = [];
  let total = 0;
  for (const r of spec.requests) cumulative.push((total += r.weight ?? 1));
  let nextConnection = 0;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  // The kind of the request each connection has in flight: a connection sends one at a time and
  // builds its next request after the response to the last one.
  const clientIds = new WeakMap<object, number>();
  const inFlightKind: string[] = [];
  const kindLatencies: Record<string, number[]> = {};

  const pick = (state: ConnectionState): number => {
    if (spec.mode === 'sequence') {
      const i = state.cursor % spec.requests.length;
      state.cursor += 1;
      return i;
    }
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };

  // autocannon resets a connection's `context` every time it loops over `requests` (here: on
  // every request), so per-connection state cannot live there. Each client gets a fixed id in
  // its initial context instead (setupClient runs before it connects), and the state is kept
  // here by that id.
  const instance = autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: seconds,
    timeout: 10,
    setupClient: (client: { requestIterator: ClientRequestIterator }) => {
      const id = nextConnection++;
      clientIds.set(client, id);
      client.requestIterator.initialContext = { id };
      client.requestIterator.resetContext();
      client.requestIterator.rebuildRequest();
    },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, context: { id?: number }) => {
          // The first request is built before setupClient has named the connection; it is
          // rebuilt right after, so build it without touching any state.
          if (context.id === undefined) return { ...req, method: 'GET', path: spec.requests[0]!.path || '/' };
          const index = context.id;
          const state = (states[index] ??= { index, cursor: index * 7, pending: new Map() });
          const chosen = pick(state);
          const r = spec.requests[chosen]!;
          const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
          const token = spec.tokens?.length ? spec.tokens[state.index % spec.tokens.length] : undefined;
          if (token) headers.authorization = `Bearer ${token}`;
          let method: string = r.method ?? 'GET';
          let path = r.path;
          let body = r.body;
          if (r.toggle) {
            // Add, then remove the same product on the next write of this connection: the
            // user's favorites stay within the plan's limit and no write conflicts.
            const added = state.pending.get(chosen) === true;
            const op = added ? r.toggle[1] : r.toggle[0];
            state.pending.set(chosen, !added);
            method = op.method;
            path = op.path;
            body = op.body;
          }
          if (body !== undefined) headers['content-type'] = 'application/json';
          kinds[r.kind ?? 'request'] = (kinds[r.kind ?? 'request'] ?? 0) + 1;
          inFlightKind[index] = r.kind ?? 'request';
          return { ...req, method, path, headers, body };
        },
      },
    ],
  });
  instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!record) return;
    latencies.push(responseTime);
    const id = clientIds.get(client as object);
    const kind = id === undefined ? undefined : inFlightKind[id];
    if (kind !== undefined) (kindLatencies[kind] ??= []).push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const sum = latencies.reduce((s, v) => s + v, 0);
  return {
    requests: latencies.length,
    seconds: result.duration,
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    mean: latencies.length ? sum / latencies.length : 0,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCounts,
    kinds,
    ...(Object.keys(kindLatencies).length > 1
      ? {
          kindLatency: Object.fromEntries(
            Object.entries(kindLatencies).map(([kind, values]) => {
              values.sort((a, b) => a - b);
              const at = (p: number) => percentile(values, p);
              return [kind, { requests: values.length, p50: at(50), p95: at(95), p99: at(99) }];
            }),
          ),
        }
      : {}),
    bytesPerSecond: result.throughput.average,
  };
}

/**
 * Puts every toggled write back in its first state (e.g. removes the favorites the warm-up
 * added) and forgets the connections' state. autocannon prepares a connection's next request
 * before the run ends and never sends it, so a toggle's state can be one step ahead of the server.
 * A write the run had sent when it stopped can also still be running on the server (its socket
 * closed, its transaction not): undone now, it would land after the undo. So the undo is repeated,
 * 300 ms apart, until a pass undoes nothing (a removal answers 404 for a favorite that is not
 * there), at most RESET_PASSES times (an undo that always succeeds, a PUT, stops there).
 */
const RESET_PASSES = 4;

async function resetToggles(spec: LoadSpec): Promise<void> {
  states.length = 0;
  const toggles = spec.requests.flatMap((r) => (r.toggle ? [r.toggle[1]] : []));
  for (let pass = 0; pass < RESET_PASSES; pass++) {
    if (pass > 0) await new Promise((resolve) => setTimeout(resolve, 300));
    let undone = 0;
    for (const token of spec.tokens?.length ? spec.tokens : [undefined]) {
      for (const op of toggles) {
        const response = await fetch(new URL(op.path, spec.baseUrl), {
          method: op.method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(op.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(op.body !== undefined ? { body: op.body } : {}),
        });
        await response.arrayBuffer();
        if (response.ok) undone++;
      }
    }
    if (undone === 0 && pass > 0) return;
  }
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: load-worker <spec.json>');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as LoadSpec;
  await resetToggles(spec);
  if (spec.warmupSeconds > 0) {
    await run(spec, spec.warmupSeconds, false);
    await resetToggles(spec);
  }
  const parties = { ...spec.cpuWatch, 'load generator': [process.pid] };
  const before = sampleCpu(parties);
  const result = await run(spec, spec.durationSeconds, true);
  const cpu = cpuSplit(before, sampleCpu(parties));
  if (cpu) result.cpu = cpu;
  await resetToggles(spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
