/**
 * Where a row's CPU went (issue 16): the machine's cores are shared by the server, the load
 * generator and PostgreSQL, so a row's req/s says little about which of them bounds it. Two
 * samples of /proc around the measured window give each party's CPU time over it:
 *
 * - each named group of processes (the server, the load generator): the processes and their
 *   descendants, their own time plus what their exited children left them (cutime);
 * - PostgreSQL: every `postgres` process, found by name, rooted at its postmaster;
 * - the machine: /proc/stat's busy, idle and steal time over all cores.
 *
 * "other" is the machine's busy time that none of the parties took (the kernel's threads, a price
 * churn or pgbench beside the load, anything else on the machine). Linux only: elsewhere the
 * sample is absent and the report says nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, clock ticks. */
  own: number;
  /** cutime + cstime: time of exited children the process has waited for, clock ticks. */
  children: number;
}

export interface CpuSample {
  at: number;
  /** The machine's ticks over all cores since boot. */
  busy: number;
  idle: number;
  steal: number;
  /** Ticks of each party since it started (same unit). */
  parties: Record<string, number>;
}

export interface CpuSplit {
  seconds: number;
  /** Cores of the machine. */
  cores: number;
  /** Cores busy on average over the window (steal apart). */
  busy: number;
  idle: number;
  steal: number;
  /** Cores each party used on average; `other` is the busy time none of them took. */
  parties: Record<string, number>;
}

function readStat(pid: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone between the listing and the read
  }
  // The name is in parentheses and may hold spaces or parentheses: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
  return {
    pid: Number(pid),
    ppid: Number(f[1]),
    comm,
    own: Number(f[11]) + Number(f[12]),
    children: Number(f[13]) + Number(f[14]),
  };
}

function processes(): ProcStat[] {
  const list: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat) list.push(stat);
  }
  return list;
}

/** Ticks of the trees rooted at `roots`: every process's own time and its waited-for children's. */
function treeTicks(all: ProcStat[], roots: Set<number>): number {
  const byParent = new Map<number, ProcStat[]>();
  for (const p of all) {
    const siblings = byParent.get(p.ppid);
    if (siblings) siblings.push(p);
    else byParent.set(p.ppid, [p]);
  }
  let ticks = 0;
  const seen = new Set<number>();
  const stack = all.filter((p) => roots.has(p.pid));
  while (stack.length) {
    const p = stack.pop()!;
    if (seen.has(p.pid)) continue;
    seen.add(p.pid);
    ticks += p.own + p.children;
    stack.push(...(byParent.get(p.pid) ?? []));
  }
  return ticks;
}

/**
 * One sample: the machine and every party. `groups` names process trees by their root pids; the
 * PostgreSQL servers on this machine are added as `PostgreSQL` when there are any.
 */
export function sampleCpu(groups: Record<string, number[]>): CpuSample | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is inside user already)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line;
    const all = processes();
    const parties: Record<string, number> = {};
    for (const [name, pids] of Object.entries(groups)) parties[name] = treeTicks(all, new Set(pids));
    const byPid = new Map(all.map((p) => [p.pid, p]));
    const postmasters = all.filter((p) => p.comm === 'postgres' && byPid.get(p.ppid)?.comm !== 'postgres');
    if (postmasters.length) parties.PostgreSQL = treeTicks(all, new Set(postmasters.map((p) => p.pid)));
    return {
      at: performance.now(),
      busy: user + nice + system + irq + softirq,
      idle: idle + iowait,
      steal,
      parties,
    };
  } catch {
    return undefined;
  }
}

/** The average cores each party used between two samples. */
export function cpuSplit(before: CpuSample | undefined, after: CpuSample | undefined): CpuSplit | undefined {
  if (!before || !after) return undefined;
  const cores = os.cpus().length;
  const total = after.busy - before.busy + (after.idle - before.idle) + (after.steal - before.steal);
  if (total <= 0) return undefined;
  // Ticks over all cores → average cores busy: the clock rate cancels out.
  const toCores = (ticks: number) => (ticks / total) * cores;
  const parties: Record<string, number> = {};
  let named = 0;
  for (const [name, ticks] of Object.entries(after.parties)) {
    const used = Math.max(0, ticks - (before.parties[name] ?? 0));
    parties[name] = toCores(used);
    named += used;
  }
  const busy = after.busy - before.busy;
  parties.other = toCores(Math.max(0, busy - named));
  return {
    seconds: (after.at - before.at) / 1000,
    cores,
    busy: toCores(busy),
    idle: toCores(after.idle - before.idle),
    steal: toCores(after.steal - before.steal),
    parties,
  };
}

/** Milliseconds of CPU each party spent per request (or transaction) of the window. */
export function cpuPerRequest(split: CpuSplit, requests: number): Record<string, number> {
  const out: Record<string, number> = {};
  if (requests <= 0) return out;
  for (const [name, cores] of Object.entries(split.parties)) out[name] = (cores * split.seconds * 1000) / requests;
  return out;
}
