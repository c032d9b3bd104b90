import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../../test/helpers/memory-cluster.js';
import { describeNeeding } from '../../../test/helpers/preconditions.js';
import { tools } from '../../../test/helpers/tools.js';
import { silentProgress } from '../../core/progress.js';
import type { PodTarget } from '../../kube/cluster.js';
import type { RunOptions, RunResult } from '../../procs/runner.js';
import { leaseNameOf, leaseObject } from '../../scratch/lease-model.js';
import { runMarker } from './helper.js';
import { workers } from './pods.js';
import { type InPlaceOptions, inPlaceProbeFlags, runInPlace } from './run.js';

// runInPlace over the in-memory API objects, with every exec run HERE by a real python3 (the
// helper as it runs in a pod): the pods' processes are this host's. Only the API server is
// stood in for (test/e2e/in-place.e2e.test.ts runs it on real nodes).

const spawned: ChildProcess[] = [];
afterEach(() => {
  for (const c of spawned.splice(0)) c.kill('SIGKILL');
});

function pod(name: string, role: string): V1Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'dynamo',
      labels: {
        'nvidia.com/dynamo-graph-deployment-name': 'g',
        'nvidia.com/dynamo-component-type': role,
      },
    },
    spec: { nodeName: `node-${name}`, containers: [{ name: 'main', image: 'worker:1' }] },
    status: {
      phase: 'Running',
      podIP: '127.0.0.1',
      containerStatuses: [
        {
          name: 'main',
          ready: true,
          restartCount: 0,
          image: 'worker:1',
          imageID: '',
          state: { running: {} },
        },
      ],
    },
  };
}

/**
 * A cluster whose exec runs argv on this host. As a real exec, a cancelled or timed-out call
 * returns to its caller and leaves the process where it runs: only the reaper stops it.
 */
function localCluster(env: NodeJS.ProcessEnv, seen: string[]): MemoryCluster {
  const c = new MemoryCluster({
    namespace: 'dynamo',
    objects: [pod('p-0', 'prefill'), pod('d-0', 'decode')],
  });
  c.exec = (target: PodTarget, argv: readonly string[], opts: RunOptions): Promise<RunResult> => {
    seen.push(`${target.pod}: ${argv[3]}`);
    const [cmd, ...args] = argv;
    const child = spawn(cmd as string, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    spawned.push(child);
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    return new Promise((resolve, reject) => {
      opts.signal?.addEventListener('abort', () => reject(opts.signal?.reason), { once: true });
      child.on('exit', (code) =>
        resolve({ exitCode: code, stdout, stderr: '', notFound: false, timedOut: false }),
      );
    });
  };
  return c;
}

/**
 * Python processes with `word` as a whole argument (how the reaper knows a helper of the run; a
 * pyenv shim, a bash script, carries it too while it finds the interpreter: not counted).
 */
function withWord(word: string): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const argv = readFileSync(`/proc/${n}/cmdline`, 'latin1').split('\0');
        return argv.includes(word) && /python[\d.]*$/.test(argv[0] ?? '');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const options = (runId: string, over: Partial<InPlaceOptions> = {}): InPlaceOptions => ({
  namespace: 'dynamo',
  prefillPod: 'p-0',
  decodePod: 'd-0',
  allPods: false,
  bytes: 16 * 1024 * 1024,
  memory: 'DRAM',
  timeoutMs: 60_000,
  runId,
  explicitSize: false,
  leaseNamespace: 'interconnect-test',
  leaseWait: true,
  ...over,
});

describeNeeding([tools('gcc')], 'every exec into a pod is inside the reaping scope', () => {
  // A GPU whose NVML hangs: nvmlInit_v2 never returns (a real library, loaded by the helper).
  const dir = mkdtempSync(path.join(tmpdir(), 'itest-nvml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Ctrl-C during a pre-flight that hangs: the pre-flight is reaped in the pod, the leases given back', async () => {
    writeFileSync(
      path.join(dir, 'nvml.c'),
      '#include <unistd.h>\nint nvmlInit_v2(void) { sleep(600); return 0; }\n',
    );
    execFileSync('gcc', [
      '-shared',
      '-fPIC',
      '-o',
      path.join(dir, 'libnvidia-ml.so.1'),
      path.join(dir, 'nvml.c'),
    ]);
    const seen: string[] = [];
    const cluster = localCluster({ ...process.env, LD_LIBRARY_PATH: dir }, seen);
    const runId = `hang${process.pid}`;
    const marker = runMarker(runId);
    const stop = new AbortController();
    const run = runInPlace(options(runId, { memory: 'VRAM' }), {
      cluster,
      progress: silentProgress,
      signal: stop.signal,
    });
    for (let i = 0; i < 200 && withWord(marker).length === 0; i++) await delay(50);
    expect(withWord(marker)).toHaveLength(1);
    // The Lease of both pods is held while the pre-flight runs.
    const held = await cluster.listLeases('', 'interconnect-test');
    expect(held.map((l) => l.name).sort()).toEqual([
      leaseNameOf('pod', 'dynamo/d-0'),
      leaseNameOf('pod', 'dynamo/p-0'),
    ]);
    await delay(300);
    stop.abort(new Error('interrupted'));
    await expect(run).rejects.toThrow('interrupted');
    expect(seen).toEqual(['p-0: preflight', 'p-0: reap', 'd-0: reap']);
    expect(withWord(marker)).toEqual([]);
    expect(await cluster.listLeases('', 'interconnect-test')).toEqual([]);
  }, 60_000);
});

describe('one probe per worker: a Lease per pod', () => {
  function heldByOther(c: MemoryCluster, podKey: string): void {
    c.put(
      leaseObject({
        namespace: 'interconnect-test',
        node: podKey,
        kind: 'pod',
        holder: { runId: 'nightly1', text: 'pair --in-place nightly1 on cron, pid 7' },
        now: Date.now(),
      }) as KubernetesObject,
    );
  }

  it('--no-wait: a worker pod held by another live run is refused at once, naming the holder; nothing runs', async () => {
    const seen: string[] = [];
    const c = localCluster(process.env, seen);
    heldByOther(c, 'dynamo/d-0');
    await expect(
      runInPlace(options('nw1', { leaseWait: false }), {
        cluster: c,
        progress: silentProgress,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(
      /^pod dynamo\/d-0 is held by pair --in-place nightly1 \(on cron, pid 7, [^)]*\); --no-wait: not waiting for it$/,
    );
    expect(seen).toEqual([]);
    // All or nothing: the pod it could take was given back.
    expect((await c.listLeases('', 'interconnect-test')).map((l) => l.lease?.holderIdentity)).toEqual([
      'nightly1',
    ]);
  });

  it('waits for the holder, bounded by --timeout, and says whom it waited for', async () => {
    const seen: string[] = [];
    const c = localCluster(process.env, seen);
    heldByOther(c, 'dynamo/p-0');
    await expect(
      runInPlace(options('wt1', { timeoutMs: 3_000 }), {
        cluster: c,
        progress: silentProgress,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(
      /^--timeout 3s reached after waiting \ds for pod dynamo\/p-0: held by pair --in-place nightly1/,
    );
    expect(seen).toEqual([]);
  }, 20_000);
});

describe('the worker pods, found as node and nixl find theirs (probes/targets.ts podTargets)', () => {
  it('--dgd: the first running pod of each role, with its IP and container spec; the others named as left out', async () => {
    const pending = pod('d-1', 'decode');
    pending.status = { phase: 'Pending', reason: 'Unschedulable' };
    const c = new MemoryCluster({
      namespace: 'dynamo',
      objects: [pod('p-0', 'prefill'), pod('d-0', 'decode'), pending],
    });
    const found = await workers(c, { namespace: 'dynamo', dgd: 'g', allPods: true });
    expect(found.prefill.map((w) => [w.target, w.ip, w.node, w.found.spec?.image])).toEqual([
      [{ namespace: 'dynamo', pod: 'p-0', container: 'main' }, '127.0.0.1', 'node-p-0', 'worker:1'],
    ]);
    expect(found.decode.map((w) => w.target.pod)).toEqual(['d-0']);
    expect(found.leftOut).toEqual([
      { pod: 'd-1', role: 'decode', why: 'is Pending (Unschedulable), not Running' },
    ]);
  });
});

describe('the probe in place keeps its buffer to --in-place-size', () => {
  it('asks for no KV row and no in-flight row (each would multiply the buffer past the size)', () => {
    for (const role of ['target', 'initiator'] as const) {
      const flags = inPlaceProbeFlags(16 * 1024 * 1024, 'abc', role);
      const value = (name: string) => flags[flags.indexOf(name) + 1];
      expect(value('--kv-layers')).toBe('0');
      expect(value('--in-flight')).toBe('1');
    }
  });
});
