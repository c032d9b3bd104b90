import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../core/assets.js';
import {
  choosePort,
  headroom,
  IN_PLACE_HELPER_FILE,
  IN_PLACE_PORTS,
  inPlaceHelperSource,
  type PreflightFacts,
  parsePreflight,
  parseReap,
  preflightArgv,
  reapArgv,
  runArgv,
  stdinFor,
} from './helper.js';

// The helper is run here by this host's real python3, as the exec runs it in a pod: `python3 -c
// <source> MODE MARKER …`. Only the pod (its cgroup, its ports) differs.
const helper = inPlaceHelperSource();
const started: ChildProcess[] = [];
afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
});

function run(argv: string[]): string {
  const [python, ...args] = argv;
  return execFileSync(python as string, args, { encoding: 'utf8', timeout: 30_000 });
}

/**
 * Python processes showing `marker` (a pyenv shim, a bash script, shows it too while it finds
 * the interpreter: not counted).
 */
function alive(marker: string): number {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(marker) && /^\s*\d+\s+\S*python[\d.]*\s/.test(l)).length;
}

const MiB = 1024 * 1024;
const facts = (over: Partial<PreflightFacts>): PreflightFacts => ({
  helper: 'in-place',
  mode: 'preflight',
  python: '3.12.3',
  nixl: '0.10.1',
  cgroup: { version: 2, limit: 4096 * MiB, current: 1024 * MiB },
  memAvailable: 64 * 1024 * MiB,
  listening: [],
  cpus: 8,
  host: 'w',
  ...over,
});

describe('the in-place helper, run by a real python3', () => {
  it('preflight prints the facts the run decides on, and the reader takes them', () => {
    const f = parsePreflight(run(preflightArgv(helper, 'itest-inplace-t1', false)));
    expect(f?.python).toMatch(/^3\.\d+/);
    expect(f?.cpus).toBeGreaterThan(0);
    expect(Array.isArray(f?.listening)).toBe(true);
    // Either the container's cgroup or the node's MemAvailable: something to judge headroom by.
    expect(f?.cgroup?.current ?? f?.memAvailable).toBeGreaterThan(0);
  });

  it('run stops the probe it started when stdin ends (the exec stream closed), exit 130', async () => {
    const marker = `itest-inplace-t${process.pid}a`;
    const source = 'import time\ntime.sleep(120)\n';
    const [python, ...args] = runArgv(helper, marker, 60, 0, []);
    const child = spawn(python as string, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    started.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stdin.write(stdinFor(source));
    for (let i = 0; i < 50 && alive(marker) < 1; i++) await delay(100);
    await delay(500);
    // The helper shows the marker in its arguments; its child carries it in its environment
    // (once exec'd: a loaded machine may show the fork a moment longer).
    for (let i = 0; i < 50 && alive(marker) !== 1; i++) await delay(100);
    expect(alive(marker)).toBe(1);
    const code = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    child.stdin.end();
    expect(await code).toBe(130);
    expect(out).toMatch(/"stopped":"the exec stream closed"/);
    expect(parseReap(run(reapArgv(helper, marker, 60)))).toEqual({ killed: 0, left: 0 });
  });

  it('reap kills every process of the run, the probe child too, and says none is left', async () => {
    const marker = `itest-inplace-t${process.pid}b`;
    const [python, ...args] = runArgv(helper, marker, 60, 0, []);
    const child = spawn(python as string, args, { stdio: ['pipe', 'ignore', 'inherit'] });
    started.push(child);
    child.stdin.write(stdinFor('import time\ntime.sleep(120)\n'));
    await delay(1500);
    const r = parseReap(run(reapArgv(helper, marker, 60)));
    expect(r?.killed).toBe(2);
    expect(r?.left).toBe(0);
  });

  it('run refuses a stdin that is not <length>\\n<source>', () => {
    const [python, ...args] = runArgv(helper, 'itest-inplace-t3', 5, 0, []);
    let err: { status?: number; stdout?: string } = {};
    try {
      execFileSync(python as string, args, { input: 'garbage', encoding: 'utf8' });
    } catch (e) {
      err = e as typeof err;
    }
    expect(err.status).toBe(2);
    expect(err.stdout).toMatch(/no probe on stdin/);
  });
});

describe('headroom', () => {
  it('takes the container limit less its use, against the buffer and the process', () => {
    expect(headroom(facts({}), 16 * MiB, 'DRAM').ok).toBe(true);
    const tight = headroom(
      facts({ cgroup: { version: 2, limit: 512 * MiB, current: 400 * MiB } }),
      16 * MiB,
      'DRAM',
    );
    expect(tight.ok).toBe(false);
    expect(tight.detail).toMatch(
      /^112 MiB free under the container's 512 MiB memory limit \(cgroup v2, 400 MiB in use\), 272 MiB needed \(16 MiB buffer \+ the probe process \+ 64 MiB the worker keeps\)/,
    );
  });

  it('falls back to the node when the container has no limit, and refuses when nothing is known', () => {
    const noLimit = headroom(facts({ cgroup: { version: 2, limit: null, current: 10 } }), 16 * MiB, 'DRAM');
    expect(noLimit).toMatchObject({ ok: true });
    expect(noLimit.detail).toMatch(
      /^no memory limit on the container or its pod; 64 GiB available on the node/,
    );
    expect(headroom(facts({ cgroup: null, memAvailable: null }), MiB, 'DRAM', true).ok).toBe(false);
  });

  it('no readable cgroup is untestable: refused with the way out, unless the user chose the size', () => {
    const none = headroom(facts({ cgroup: null }), 16 * MiB, 'DRAM');
    expect(none).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^no readable memory cgroup in the container/),
      fix: expect.stringMatching(/^pass --in-place-size SIZE/),
    });
    const chosen = headroom(facts({ cgroup: null }), 16 * MiB, 'DRAM', true);
    expect(chosen.ok).toBe(true);
    expect(chosen.detail).toMatch(
      /^no readable memory cgroup \(--in-place-size given: judged on the node alone\)/,
    );
  });

  it('VRAM also needs the GPU free memory for the buffer and a CUDA context, and no figure is no run', () => {
    const gpu = (free: number) => facts({ vram: { gpus: [{ index: 0, total: 80 * 1024 * MiB, free }] } });
    expect(headroom(gpu(2048 * MiB), 16 * MiB, 'VRAM').ok).toBe(true);
    expect(headroom(gpu(300 * MiB), 16 * MiB, 'VRAM').ok).toBe(false);
    expect(headroom(facts({ vram: { error: 'no NVML: libnvidia-ml.so.1' } }), MiB, 'VRAM')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/no GPU memory figure \(no NVML/),
    });
  });
});

describe('choosePort', () => {
  it('the first port of the in-place range that nothing listens on', () => {
    expect(choosePort([5600, 8000, 9090])).toBe(IN_PLACE_PORTS.first);
    expect(choosePort([IN_PLACE_PORTS.first, IN_PLACE_PORTS.first + 1])).toBe(IN_PLACE_PORTS.first + 2);
    const all = Array.from({ length: 100 }, (_, i) => IN_PLACE_PORTS.first + i);
    expect(choosePort(all)).toBeUndefined();
  });
});

describe("the helper finds the container's own memory cgroup (/proc/self/cgroup with /proc/self/mountinfo)", () => {
  // The helper's own function, run by python3 on the two files' text as the kernel writes them
  // (proc(5), cgroups(7)); the live read, in a real cgroup, is in safety.test.ts.
  function candidates(cgroup: string, mountinfo: string): [number, string, string][] {
    const script = [
      'import importlib.util, json, sys',
      'spec = importlib.util.spec_from_file_location("helper", sys.argv[1])',
      'm = importlib.util.module_from_spec(spec)',
      'spec.loader.exec_module(m)',
      'print(json.dumps(m.cgroup_candidates(sys.argv[2], sys.argv[3])))',
    ].join('\n');
    const file = path.join(repoRoot(), 'templates', IN_PLACE_HELPER_FILE);
    return JSON.parse(execFileSync('python3', ['-c', script, file, cgroup, mountinfo], { encoding: 'utf8' }));
  }
  const v2 = (root: string) =>
    `35 24 0:30 ${root} /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot`;
  const v1 = (root: string) =>
    `40 31 0:35 ${root} /sys/fs/cgroup/memory ro,nosuid,nodev,noexec,relatime - cgroup cgroup rw,memory`;
  const pod =
    '/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1.slice/cri-containerd-c1.scope';

  it('v2 in its own cgroup namespace: the mount is the container', () => {
    expect(candidates('0::/\n', v2('/'))).toEqual([[2, '/sys/fs/cgroup', '/sys/fs/cgroup']]);
  });

  it('v2 seeing the host hierarchy: the container is its path under the mount, not the mount', () => {
    expect(candidates(`0::${pod}\n`, v2('/'))).toEqual([[2, `/sys/fs/cgroup${pod}`, '/sys/fs/cgroup']]);
  });

  it("v1 with the container's cgroup bind-mounted, or an ancestor of it, or another's: where it is, or nothing", () => {
    expect(candidates('4:memory:/docker/c1\n', v1('/docker/c1'))).toEqual([
      [1, '/sys/fs/cgroup/memory', '/sys/fs/cgroup/memory'],
    ]);
    expect(candidates('4:memory:/kubepods/pod1/c1\n', v1('/kubepods'))).toEqual([
      [1, '/sys/fs/cgroup/memory/pod1/c1', '/sys/fs/cgroup/memory'],
    ]);
    expect(candidates('4:memory:/kubepods/pod1/c1\n', v1('/other'))).toEqual([]);
  });

  it('hybrid (memory on v1, cgroup2 beside it): v1 first', () => {
    const text = '4:memory:/process_api/c1\n0::/\n';
    const mounts = `${v2('/').replace('/sys/fs/cgroup ', '/sys/fs/cgroup/unified ')}\n${v1('/')}`;
    expect(candidates(text, mounts)).toEqual([
      [1, '/sys/fs/cgroup/memory/process_api/c1', '/sys/fs/cgroup/memory'],
      [2, '/sys/fs/cgroup/unified', '/sys/fs/cgroup/unified'],
    ]);
  });
});
