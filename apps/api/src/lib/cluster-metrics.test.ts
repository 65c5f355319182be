import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { requestFigures } from '../plugins/request-metrics';
import { clusterMetricsSource, mergeMetrics } from './cluster-metrics';

/** A worker's registry as request-metrics builds it: its id as a label, some answered requests. */
function workerRegistry(worker: string, answers: { status: string; seconds: number }[]) {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'kiyasla', worker });
  const requests = new Counter({
    name: 'kiyasla_api_requests_total',
    help: 'h',
    labelNames: ['method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kiyasla_api_request_duration_seconds',
    help: 'h',
    buckets: [0.01, 0.1, 1],
    registers: [registry],
  });
  for (const a of answers) {
    requests.inc({ method: 'GET', status: a.status });
    duration.observe(a.seconds);
  }
  return registry;
}

describe('metrics across the server processes', () => {
  it('keeps one series per worker and sums them into the admin figures', async () => {
    const one = workerRegistry('1', [
      { status: '2xx', seconds: 0.01 },
      { status: '2xx', seconds: 0.03 },
      { status: '5xx', seconds: 0.2 },
    ]);
    const two = workerRegistry('2', [{ status: '2xx', seconds: 0.16 }]);
    const merged = await mergeMetrics([await one.getMetricsAsJSON(), await two.getMetricsAsJSON()]);

    expect(merged.text).toContain('kiyasla_api_requests_total{method="GET",status="2xx",app="kiyasla",worker="1"} 2');
    expect(merged.text).toContain('kiyasla_api_requests_total{method="GET",status="5xx",app="kiyasla",worker="1"} 1');
    expect(merged.text).toContain('kiyasla_api_requests_total{method="GET",status="2xx",app="kiyasla",worker="2"} 1');
    expect(merged.text).toMatch(/kiyasla_api_request_duration_seconds_count\{app="kiyasla",worker="2"\} 1/);
    const figures = requestFigures(merged.json);
    expect(figures.apiCalls).toBe(4);
    expect(figures.errorRate).toBe(25);
    expect(figures.averageResponseMs).toBe(100); // (10 + 30 + 200 + 160) / 4
  });

  it('answers from the process alone outside a cluster', async () => {
    const registry = workerRegistry('1', [{ status: '2xx', seconds: 0.05 }]);
    const merged = await clusterMetricsSource(registry)();
    expect(requestFigures(merged.json)).toMatchObject({ apiCalls: 1, averageResponseMs: 50, errorRate: 0 });
    expect(merged.text).toBe(await registry.metrics());
  });
});
