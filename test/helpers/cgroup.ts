import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type Precondition, precondition } from './preconditions.js';

/**
 * A memory cgroup of our own with a hard limit, as a pod's container has one: v1 (the `memory`
 * hierarchy, as on this project's CI machines) or v2 (a cgroup2 mount whose root delegates the
 * memory controller). Processes are put in it by `wrap()`: `sh -c 'echo $$ > cgroup.procs; exec
 * "$@"'`. Needs root. Swap is off inside it, so going over the limit is an OOM kill, as in a
 * pod (the kubelet runs pods without swap by default).
 */
export interface MemoryCgroup {
  version: 1 | 2;
  dir: string;
  /** Prefix for argv: runs it inside the cgroup. */
  wrap(argv: readonly string[]): string[];
  /** How many processes the kernel's OOM killer killed in it. */
  oomKills(): number;
  /** Removes it (its processes must be gone). */
  remove(): Promise<void>;
}

interface Mount {
  fstype: string;
  at: string;
  opts: string[];
}

function mounts(): Mount[] {
  let text = '';
  try {
    text = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => {
      const [left, right] = line.split(' - ');
      const l = (left ?? '').split(' ');
      const r = (right ?? '').split(' ');
      return { fstype: r[0] ?? '', at: l[4] ?? '', opts: (r[2] ?? '').split(',') };
    })
    .filter((m) => m.fstype === 'cgroup' || m.fstype === 'cgroup2');
}

function hierarchy(): { version: 1 | 2; base: string } | string {
  const all = mounts();
  const v1 = all.find((m) => m.fstype === 'cgroup' && m.opts.includes('memory'));
  if (v1) return { version: 1, base: v1.at };
  for (const m of all.filter((x) => x.fstype === 'cgroup2')) {
    const ctl = path.join(m.at, 'cgroup.subtree_control');
    if (existsSync(ctl) && readFileSync(ctl, 'utf8').split(/\s+/).includes('memory'))
      return { version: 2, base: m.at };
  }
  return 'no cgroup v1 memory hierarchy, and no cgroup2 mount that delegates the memory controller';
}

/** Creates `name` with `limitBytes`, or says why it cannot (not root, no memory controller). */
export function memoryCgroup(name: string, limitBytes: number): MemoryCgroup | string {
  const h = hierarchy();
  if (typeof h === 'string') return h;
  if (process.getuid?.() !== 0) return 'not root (creating a cgroup needs it)';
  const dir = path.join(h.base, name);
  const files =
    h.version === 1
      ? ['memory.limit_in_bytes', 'memory.memsw.limit_in_bytes', 'memory.swappiness']
      : ['memory.max', 'memory.swap.max'];
  try {
    mkdirSync(dir);
    if (h.version === 1) {
      writeFileSync(path.join(dir, 'memory.limit_in_bytes'), String(limitBytes));
      if (existsSync(path.join(dir, files[1] as string)))
        writeFileSync(path.join(dir, files[1] as string), String(limitBytes));
      writeFileSync(path.join(dir, 'memory.swappiness'), '0');
    } else {
      writeFileSync(path.join(dir, 'memory.max'), String(limitBytes));
      if (existsSync(path.join(dir, 'memory.swap.max')))
        writeFileSync(path.join(dir, 'memory.swap.max'), '0');
    }
  } catch (err) {
    return `cannot set up ${dir}: ${(err as Error).message}`;
  }
  const events = path.join(dir, h.version === 1 ? 'memory.oom_control' : 'memory.events');
  return {
    version: h.version,
    dir,
    wrap: (argv) => ['sh', '-c', `echo $$ > ${path.join(dir, 'cgroup.procs')} && exec "$@"`, 'sh', ...argv],
    oomKills: () => Number(/^oom_kill (\d+)$/m.exec(readFileSync(events, 'utf8'))?.[1] ?? Number.NaN),
    async remove() {
      for (let i = 0; i < 50; i++) {
        try {
          rmdirSync(dir);
          return;
        } catch {
          await delay(100);
        }
      }
    },
  };
}

/** A memory cgroup with a limit can be made here (root, and a memory controller to use). */
export function memoryCgroups(probe: MemoryCgroup | string): Precondition {
  return precondition(
    'a memory cgroup of our own (root, cgroup v1 memory or v2 with memory delegated)',
    typeof probe === 'string' ? probe : undefined,
  );
}
