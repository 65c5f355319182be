import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { printReport, type BenchReport } from './report';

// A committed report whose two rows (cold-detail, detail-floor) share one SQL twin.
const saved = path.join(path.dirname(fileURLToPath(import.meta.url)), '../results/2026-12-04-detail-profile-100k.json');

/** What printReport writes for the saved report, read back from its file. */
function printed(): string {
  const report = JSON.parse(readFileSync(saved, 'utf8')) as BenchReport;
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.join(' '));
  });
  try {
    printReport(report);
  } finally {
    spy.mockRestore();
  }
  return lines.join('\n');
}

describe('the CPU split in the printed report', () => {
  it('prints a twin shared by two rows once, also when the report is read back from its JSON file', () => {
    const out = printed();
    const split = out.slice(out.indexOf('Where the CPU went'));
    expect(split.match(/its SQL twin \(pgbench\)/g)).toHaveLength(1);
    expect(split).toMatch(/\| cold-detail +\| 1439 +\| 0\.701 +\| 0\.131 +\| 0\.266 +\| 0\.037 +\| 1\.136 /);
    expect(split).toMatch(/\| detail-floor +\| 2761 /);
  });

  it("gives the budget line the row's own figures", () => {
    const out = printed();
    expect(out).toContain(
      "cold-detail: at 0.5 of the twin (4782 req/s) the machine's 2 cores give 0.418 ms of CPU a request; " +
        'this row spent 1.136 ms (server 0.701, load generator 0.131, PostgreSQL 0.266, other 0.037)',
    );
  });
});
