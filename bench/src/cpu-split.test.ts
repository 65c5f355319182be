import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSplit, sampleCpu, type CpuSample } from './cpu-split';

const sample = (at: number, busy: number, idle: number, steal: number, parties: Record<string, number>): CpuSample => ({
  at,
  busy,
  idle,
  steal,
  parties,
});

describe('cpuSplit', () => {
  it('turns tick deltas into average cores, with the unnamed busy time as other', () => {
    // 10 s on a machine of os.cpus().length cores: the tick rate cancels out.
    const split = cpuSplit(
      sample(0, 1000, 500, 0, { server: 100, PostgreSQL: 50 }),
      sample(10_000, 1600, 800, 100, { server: 400, PostgreSQL: 150 }),
    )!;
    const cores = split.cores;
    // 1,000 ticks in all: 600 busy, 300 idle, 100 stolen.
    expect(split.seconds).toBe(10);
    expect(split.busy).toBeCloseTo(0.6 * cores);
    expect(split.idle).toBeCloseTo(0.3 * cores);
    expect(split.steal).toBeCloseTo(0.1 * cores);
    expect(split.parties.server).toBeCloseTo(0.3 * cores);
    expect(split.parties.PostgreSQL).toBeCloseTo(0.1 * cores);
    expect(split.parties.other).toBeCloseTo(0.2 * cores);

    // 1,000 requests over the 10 s: server 3 ms of CPU each on one core's worth of ticks.
    const per = cpuPerRequest(split, 1000);
    expect(per.server).toBeCloseTo(3 * cores);
    expect(per.other).toBeCloseTo(2 * cores);
  });

  it('gives no split without two samples or without elapsed ticks', () => {
    const a = sample(0, 10, 10, 0, {});
    expect(cpuSplit(undefined, a)).toBeUndefined();
    expect(cpuSplit(a, undefined)).toBeUndefined();
    expect(cpuSplit(a, a)).toBeUndefined();
  });

  it('never reports negative time when a party used none (a process that restarted)', () => {
    const split = cpuSplit(sample(0, 100, 0, 0, { server: 90 }), sample(1000, 200, 0, 0, { server: 10 }))!;
    expect(split.parties.server).toBe(0);
    expect(split.parties.other).toBeCloseTo(split.busy);
  });
});

describe.runIf(process.platform === 'linux')('sampleCpu', () => {
  it("names a process tree's CPU time, children included", async () => {
    // A parent that starts a child which burns 300 ms of CPU, then both wait for stdin to close.
    const burn =
      'const t=process.cpuUsage();while((process.cpuUsage(t).user+process.cpuUsage(t).system)<300000){}' +
      "process.stdout.write('done\\n');process.stdin.resume();";
    const script =
      `const c=require('node:child_process').spawn(process.execPath,['-e',${JSON.stringify(burn)}],` +
      "{stdio:['pipe','inherit','inherit']});process.stdin.on('end',()=>c.stdin.end());process.stdin.resume();";
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const before = sampleCpu({ tree: [parent.pid!] });
      const [chunk] = (await once(parent.stdout, 'data')) as [Buffer];
      expect(chunk.toString()).toContain('done');
      const after = sampleCpu({ tree: [parent.pid!] });
      const split = cpuSplit(before, after)!;
      const used = split.parties.tree! * split.seconds;
      // The child's 300 ms (the parent's start may fall before or after the first sample).
      expect(used).toBeGreaterThanOrEqual(0.25);
      expect(used).toBeLessThanOrEqual(split.busy * split.seconds + 0.05);
      expect(split.parties.other).toBeGreaterThanOrEqual(0);
    } finally {
      parent.stdin.end();
      await once(parent, 'exit');
    }
  });
});
