/**
 * A control group for one measured command tree (Linux): CPU quota and memory limit, which processes are
 * in it, and their resident memory. cgroup v2 (the unified hierarchy at /sys/fs/cgroup) or v1 (separate
 * cpu and memory hierarchies, as in containers of older hosts). Creating one needs root; where the machine
 * does not allow it, `createCgroup` says why and the bench measures without limits.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = '/sys/fs/cgroup';
const CPU_PERIOD_US = 100_000;

export interface Limits {
  /** Share of one core, e.g. 1/8. */
  cpuCores?: number;
  memoryBytes?: number;
}

export interface Cgroup {
  /** How the group was made, for the report: "cgroup v1: 1/8 core, 400 MB". */
  description: string;
  /** A command line that joins the group, then runs `command` (the group is inherited by its children). */
  wrap(command: string, args: string[]): [string, string[]];
  /** The processes in the group now. */
  pids(): number[];
  /** The kernel's peak memory charge of the group (page cache included), when it keeps one. */
  peakBytes(): number | undefined;
  /** Removes the group (its processes must have ended). */
  remove(): void;
}

const write = (path: string, value: string) => writeFileSync(path, value);

export function createCgroup(name: string, limits: Limits): Cgroup | { unavailable: string } {
  try {
    return existsSync(join(ROOT, 'cgroup.controllers')) ? v2(name, limits) : v1(name, limits);
  } catch (error) {
    return { unavailable: `no cgroup could be made here (${(error as Error).message})` };
  }
}

function describe(version: string, limits: Limits): string {
  const parts = [
    limits.cpuCores === undefined ? undefined : `${limits.cpuCores} of one core`,
    limits.memoryBytes === undefined ? undefined : `${Math.round(limits.memoryBytes / 2 ** 20)} MB`,
  ].filter(Boolean);
  return `cgroup ${version}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

function joinScript(procFiles: string[]): string {
  return `${procFiles.map((file) => `echo $$ > ${file}`).join(' && ')} && exec "$0" "$@"`;
}

function v2(name: string, limits: Limits): Cgroup {
  const dir = join(ROOT, name);
  mkdirSync(dir);
  if (limits.cpuCores !== undefined)
    write(join(dir, 'cpu.max'), `${Math.round(limits.cpuCores * CPU_PERIOD_US)} ${CPU_PERIOD_US}`);
  if (limits.memoryBytes !== undefined) write(join(dir, 'memory.max'), String(limits.memoryBytes));
  const procs = join(dir, 'cgroup.procs');
  return {
    description: describe('v2', limits),
    wrap: (command, args) => ['/bin/sh', ['-c', joinScript([procs]), command, ...args]],
    pids: () => pidsOf(procs),
    peakBytes: () => numberIn(join(dir, 'memory.peak')),
    remove: () => rmdirSync(dir),
  };
}

function v1(name: string, limits: Limits): Cgroup {
  const cpu = join(ROOT, 'cpu', name);
  const memory = join(ROOT, 'memory', name);
  if (!existsSync(join(ROOT, 'cpu')) || !existsSync(join(ROOT, 'memory')))
    throw new Error('no cpu and memory hierarchies');
  mkdirSync(cpu);
  mkdirSync(memory);
  if (limits.cpuCores !== undefined) {
    write(join(cpu, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
    write(join(cpu, 'cpu.cfs_quota_us'), String(Math.round(limits.cpuCores * CPU_PERIOD_US)));
  }
  if (limits.memoryBytes !== undefined)
    write(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
  return {
    description: describe('v1', limits),
    wrap: (command, args) => [
      '/bin/sh',
      ['-c', joinScript([join(cpu, 'cgroup.procs'), join(memory, 'cgroup.procs')]), command, ...args],
    ],
    pids: () => pidsOf(join(memory, 'cgroup.procs')),
    peakBytes: () => numberIn(join(memory, 'memory.max_usage_in_bytes')),
    remove: () => {
      rmdirSync(cpu);
      rmdirSync(memory);
    },
  };
}

function pidsOf(file: string): number[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
}

function numberIn(file: string): number | undefined {
  try {
    return Number(readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
}

/** Resident memory of a process, bytes (0 when it has ended). */
export function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Proportional resident memory of a process, bytes (0 when it has ended): its own pages, and each page it
 * shares (the node binary, libraries) divided among the processes sharing it. Summed over a process tree
 * it is the tree's resident memory; summed RSS counts every shared page once per process.
 */
export function pssOf(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The processes below `pid` (children, grandchildren, ...), from /proc. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const out: number[] = [];
  const visit = (id: number) => {
    for (const child of children.get(id) ?? []) {
      out.push(child);
      visit(child);
    }
  };
  visit(pid);
  return out;
}
