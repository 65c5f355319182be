import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * Metrics across the server's processes (WORKERS > 1, ADR 001). A scrape or the admin analytics
 * page reaches one worker; that worker asks the primary, which asks every live worker for its
 * registry as JSON and merges them. Each worker labels its series `worker="<id>"`, so the merge
 * keeps one series per worker (Prometheus sums them as it likes), and the request figures are the
 * sum over all of them.
 */

/** A registry as `getMetricsAsJSON` gives it (a histogram's values name their series). */
type Metrics = MetricObjectWithValues<MetricValue<string> & { metricName?: string }>[];

const COLLECT = 'kiyasla:metrics:collect'; // worker → primary: merge everyone's metrics for me
const PART_REQUEST = 'kiyasla:metrics:part-request'; // primary → each worker
const PART = 'kiyasla:metrics:part'; // worker → primary: its registry as JSON
const MERGED = 'kiyasla:metrics:merged'; // primary → the asking worker

/** How long the primary waits for the workers' parts, and a worker for the primary's answer. */
export const CLUSTER_METRICS_TIMEOUT_MS = 3_000;

interface Message {
  type?: unknown;
  id?: unknown;
}

const isMessage = (m: unknown, type: string): m is Message & Record<string, unknown> =>
  typeof m === 'object' && m !== null && (m as Message).type === type;

/** The merged registry: text for `/metrics`, JSON for the figures. */
export interface MergedMetrics {
  text: string;
  json: Metrics;
}

/** Several workers' registries (as `getMetricsAsJSON` gives them) as one (counters summed per label set). */
export async function mergeMetrics(parts: Metrics[]): Promise<MergedMetrics> {
  const merged = AggregatorRegistry.aggregate(parts);
  return { text: await merged.metrics(), json: (await merged.getMetricsAsJSON()) as Metrics };
}

/**
 * Primary side: answers a worker's request by collecting every connected worker's part. A worker
 * that does not answer within the timeout is left out (it is starting or dying); the rest still
 * make the answer.
 */
export function serveClusterMetrics(): void {
  let next = 0;
  /** Collections in progress, by request id: the parts so far and how many are still awaited. */
  const pending = new Map<number, { parts: Metrics[]; awaited: number; finish: () => void }>();
  cluster.on('message', (from: Worker, message: unknown) => {
    if (isMessage(message, PART) && typeof message.id === 'number') {
      const collection = pending.get(message.id);
      if (!collection) return; // too late: that answer has gone without it
      collection.parts.push(message.metrics as Metrics);
      if (--collection.awaited === 0) collection.finish();
      return;
    }
    if (!isMessage(message, COLLECT)) return;
    const requestId = next++;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
    const collection = {
      parts: [] as Metrics[],
      awaited: workers.length,
      finish: () => {
        if (!pending.delete(requestId)) return;
        clearTimeout(timer);
        void mergeMetrics(collection.parts).then(
          (merged) => from.isConnected() && from.send({ type: MERGED, id: message.id, ...merged }),
          (err: unknown) => from.isConnected() && from.send({ type: MERGED, id: message.id, error: String(err) }),
        );
      },
    };
    const timer = setTimeout(collection.finish, CLUSTER_METRICS_TIMEOUT_MS);
    pending.set(requestId, collection);
    for (const w of workers) w.send({ type: PART_REQUEST, id: requestId });
    if (workers.length === 0) collection.finish();
  });
}

/**
 * Worker side: hands its registry to the primary when asked, and returns the function that asks
 * for the merged metrics. Outside a cluster (one process, tests) the registry alone is the answer.
 */
export function clusterMetricsSource(registry: Registry): () => Promise<MergedMetrics> {
  const own = async (): Promise<MergedMetrics> => ({
    text: await registry.metrics(),
    json: (await registry.getMetricsAsJSON()) as Metrics,
  });
  if (!cluster.isWorker || !process.send) return own;

  const waiting = new Map<number, (m: MergedMetrics | null) => void>();
  let next = 0;
  const onMessage = (message: unknown) => {
    if (isMessage(message, PART_REQUEST)) {
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: PART, id: message.id, metrics }));
    } else if (isMessage(message, MERGED) && typeof message.id === 'number') {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.error ? null : { text: message.text as string, json: message.json as Metrics });
    }
  };
  process.on('message', onMessage);

  return async () => {
    const id = next++;
    const merged = await new Promise<MergedMetrics | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, CLUSTER_METRICS_TIMEOUT_MS + 1_000);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      process.send!({ type: COLLECT, id });
    });
    // The primary did not answer (it is shutting down): this worker's own figures are still true.
    return merged ?? own();
  };
}
