import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nixlProbePath } from '../src/engines/nixl-probe.js';
import { makePlan, type PlannedPod } from '../src/pair/plan/plan.js';
import { probeCommand } from '../src/pair/plan/probe-script.js';
import { DEFAULT_SETTINGS } from '../src/pair/plan/settings.js';
import { judgeLegs } from '../src/pair/verdict/legs.js';
import { type VethPair, vethPair } from './helpers/netns.js';
import { nixl, nixlPythonPaths } from './helpers/nixl.js';
import { describeNeeding, need, netns } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

// The probe pods' own shell script for --engine nixl (templates/engines/nixl/pod.sh.hbs), run for
// real: prefill and decode as two "pods" in two network namespaces joined by a veth pair, each with
// the env and args the plan renders, the NIXL wheel from PyPI, and templates/nixl-probe.py where the
// ConfigMap would mount it. Both directions (vLLM's decode READ, then prefill WRITE), judged by the
// cluster judge. Nothing here fakes NIXL, the script or the judge.

let link: VethPair | undefined;
beforeAll(() => {
  // Not link-local: the wheel's UCX skips 169.254/16 addresses (test/helpers/netns.ts).
  link = vethPair('it-np', 79, '198.18');
});
afterAll(() => link?.remove());

const python = nixlPythonPaths().current;

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(argv[0] as string, argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
}

describeNeeding([nixl('current')], 'the nixl probe pod script (two network namespaces, real NIXL)', () => {
  it('runs both legs, each pod dialling the other, and the judge reads two measurements with engine nixl', async (ctx) => {
    need(ctx, tools('ip'), netns(link));
    const plan = makePlan({
      runId: 'np1',
      engine: 'nixl',
      mode: 'cross-node',
      now: new Date('2026-01-01T00:00:00Z'),
      timeoutMs: 60_000,
      nodes: {
        prefill: { name: 'node-a', hostname: 'node-a' },
        decode: { name: 'node-b', hostname: 'node-b' },
      },
      settings: { prefill: DEFAULT_SETTINGS, decode: DEFAULT_SETTINGS },
      image: { probeDefault: 'unused' },
      etcdImage: 'unused',
      memory: 'DRAM',
      legs: [
        { initiator: 'decode', op: 'READ' },
        { initiator: 'prefill', op: 'WRITE' },
      ],
      legsWhy: 'test',
      backend: 'UCX',
      startBlockSize: 65536,
      maxBlockSize: 1 << 20,
      iterations: 20,
      memoryLimit: '16Gi',
      podAnnotations: {},
    });
    const l = link as VethPair;
    const side = { prefill: 'a', decode: 'b' } as const;
    const other = { prefill: 'b', decode: 'a' } as const;
    const pod = (role: 'prefill' | 'decode') => {
      const p = plan.pods.find((x) => x.role === role) as PlannedPod;
      const env: NodeJS.ProcessEnv = {
        PATH: `${path.dirname(python)}:${process.env.PATH}`,
        UCX_TLS: 'tcp',
        UCX_LOG_LEVEL: 'info',
        UCX_PROTO_INFO: 'y',
        NODE_NAME: p.node.name,
      };
      for (const e of p.scriptEnv) env[e.name] = e.value;
      // What the Service name resolves to in a cluster: the other pod's address.
      env.ITEST_PEER_HOST = l.addr[other[role]];
      env.ITEST_NIXL_PROBE = nixlProbePath();
      // The container's command as rendered (sh -c SCRIPT interconnect-test), then its args.
      return run([...l.exec(side[role]), ...probeCommand(plan.engine, role), ...p.args], env);
    };
    const [prefill, decode] = await Promise.all([pod('prefill'), pod('decode')]);
    expect([prefill.code, decode.code], `${prefill.out}\n---\n${decode.out}`).toEqual([0, 0]);
    expect(decode.out).toMatch(/^interconnect-test: engine nixl nixl \d+\.\d+\.\d+ /m);
    // The UCX the wheel bundles, read from its own libucp (no ucx_info: references/todays-images.md).
    expect(decode.out).toMatch(
      /^interconnect-test: engine nixl nixl \S+ ucx 1\.\d+\.\d+ libucp-[0-9a-f]{8}\.so\.0/m,
    );
    expect(decode.out).toContain('interconnect-test: leg 1 READ initiator=decode role=initiator');
    expect(prefill.out).toContain('interconnect-test: leg 2 WRITE initiator=prefill role=initiator');
    const j = judgeLegs({
      plan,
      logs: { prefill: prefill.out, decode: decode.out },
      ranOn: { prefill: 'node-a', decode: 'node-b' },
    });
    // The sweep one transfer at a time, then the in-flight row (4 of the largest block at once).
    const rows = [65536, 131072, 262144, 524288, 1 << 20].map((b) => [b, 1]).concat([[1 << 20, 4]]);
    expect(
      j.measurements?.map((m) => [
        m.engine,
        m.initiator,
        m.opType,
        m.rows.map((r) => [r.blockSize, r.inFlight ?? 1]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
      ]),
    ).toEqual([
      ['nixl', 'decode', 'READ', rows],
      ['nixl', 'prefill', 'WRITE', rows],
    ]);
    for (const m of j.measurements ?? []) {
      expect(m.transport.kind).toBe('tcp');
      expect(m.versions?.nixl).toMatch(/^\d+\.\d+/);
      expect(m.versions?.ucx).toMatch(/^\d+\.\d+/);
      expect(m.peakGBps).toBeGreaterThan(0);
      // Each leg's KV-shaped row (the probe's default shape), apart from the rows and judged beside them.
      expect(m.kv).toMatchObject({ descsPerRequest: 10240, descBytes: 32768, source: 'default' });
      expect(m.kv?.notifs).toBeGreaterThan(0);
    }
    expect(j.checks.map((c) => c.id)).toEqual(
      expect.arrayContaining(['pair.kv.decode-read', 'pair.kv.prefill-write']),
    );
    const ids = j.checks.map((c) => [c.id, c.status]);
    expect(ids).toContainEqual(['pair.run.decode-read', 'ok']);
    expect(ids).toContainEqual(['pair.run.prefill-write', 'ok']);
    expect(ids).toContainEqual(['pair.roles.decode-read', 'ok']);
    // Over a veth the UCX lane is tcp: the judge says so, it never passes a TCP path as RDMA.
    expect(j.checks.find((c) => c.id === 'pair.transport.decode-read')?.status).toBe('fail');
  }, 240_000);

  it('runs every rail at once (ITEST_RAILS), each its own probe and port, and the judge reports rails[] and their sum', async (ctx) => {
    need(ctx, tools('ip'), netns(link));
    const plan = makePlan({
      runId: 'np2',
      engine: 'nixl',
      mode: 'cross-node',
      now: new Date('2026-01-01T00:00:00Z'),
      timeoutMs: 60_000,
      nodes: {
        prefill: { name: 'node-a', hostname: 'node-a' },
        decode: { name: 'node-b', hostname: 'node-b' },
      },
      settings: { prefill: DEFAULT_SETTINGS, decode: DEFAULT_SETTINGS },
      image: { probeDefault: 'unused' },
      etcdImage: 'unused',
      memory: 'DRAM',
      legs: [{ initiator: 'decode', op: 'READ' }],
      legsWhy: 'test',
      backend: 'UCX',
      startBlockSize: 65536,
      maxBlockSize: 1 << 20,
      iterations: 20,
      memoryLimit: '16Gi',
      podAnnotations: {},
      rails: { gpus: 2, rails: [0, 1], notTested: [], why: 'test' },
    });
    // Host memory moves: the pods hold no GPU (each rail still runs its own probe, port and NIC).
    expect(plan.gpusPerPod).toBe(0);
    const l = link as VethPair;
    const side = { prefill: 'a', decode: 'b' } as const;
    const other = { prefill: 'b', decode: 'a' } as const;
    const pod = (role: 'prefill' | 'decode') => {
      const p = plan.pods.find((x) => x.role === role) as PlannedPod;
      const env: NodeJS.ProcessEnv = {
        PATH: `${path.dirname(python)}:${process.env.PATH}`,
        UCX_TLS: 'tcp',
        NODE_NAME: p.node.name,
      };
      for (const e of p.scriptEnv) env[e.name] = e.value;
      env.ITEST_PEER_HOST = l.addr[other[role]];
      env.ITEST_NIXL_PROBE = nixlProbePath();
      return run([...l.exec(side[role]), ...probeCommand(plan.engine, role), ...p.args], env);
    };
    const [prefill, decode] = await Promise.all([pod('prefill'), pod('decode')]);
    expect([prefill.code, decode.code], `${prefill.out}\n---\n${decode.out}`).toEqual([0, 0]);
    for (const out of [prefill.out, decode.out]) {
      expect(out).toMatch(/^interconnect-test: rail 0 begin$/m);
      expect(out).toMatch(/^interconnect-test: rail 1 end rc=0$/m);
    }
    const j = judgeLegs({
      plan,
      logs: { prefill: prefill.out, decode: decode.out },
      ranOn: { prefill: 'node-a', decode: 'node-b' },
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.map((r) => r.gpu)).toEqual([0, 1]);
    for (const r of rails) expect(r.gbps).toBeGreaterThan(0);
    // The two rails ran at once: the pair's rows are their sum, block by block.
    expect(j.measurement.rows.map((r) => [r.blockSize, r.inFlight ?? 1])).toEqual(
      [65536, 131072, 262144, 524288, 1 << 20].map((b) => [b, 1]).concat([[1 << 20, 4]]),
    );
    expect(j.measurement.peakGBps).toBeGreaterThan(Math.max(...rails.map((r) => r.gbps ?? 0)));
    const railsCheck = j.checks.find((c) => c.id === 'pair.rails');
    expect(railsCheck?.detail).toMatch(/^2 rail\(s\) crossed/);
  }, 240_000);
  it('the target waits for an initiator still pulling its image past --timeout (from the rendezvous, not its own start)', async (ctx) => {
    need(ctx, tools('ip'), netns(link));
    // --timeout 30s (the sweep's own bound: rows and silences), --pull-timeout 2m: the decode
    // initiator's "pod" starts 35 s after the prefill target's.
    const plan = makePlan({
      runId: 'np3',
      engine: 'nixl',
      mode: 'cross-node',
      now: new Date('2026-01-01T00:00:00Z'),
      timeoutMs: 30_000,
      pullTimeoutMs: 120_000,
      nodes: {
        prefill: { name: 'node-a', hostname: 'node-a' },
        decode: { name: 'node-b', hostname: 'node-b' },
      },
      settings: { prefill: DEFAULT_SETTINGS, decode: DEFAULT_SETTINGS },
      image: { probeDefault: 'unused' },
      etcdImage: 'unused',
      memory: 'DRAM',
      legs: [{ initiator: 'decode', op: 'READ' }],
      legsWhy: 'test',
      backend: 'UCX',
      startBlockSize: 65536,
      maxBlockSize: 65536,
      iterations: 10,
      memoryLimit: '16Gi',
      podAnnotations: {},
    });
    const l = link as VethPair;
    const side = { prefill: 'a', decode: 'b' } as const;
    const other = { prefill: 'b', decode: 'a' } as const;
    const pod = (role: 'prefill' | 'decode') => {
      const p = plan.pods.find((x) => x.role === role) as PlannedPod;
      const env: NodeJS.ProcessEnv = {
        PATH: `${path.dirname(python)}:${process.env.PATH}`,
        UCX_TLS: 'tcp',
        NODE_NAME: p.node.name,
      };
      for (const e of p.scriptEnv) env[e.name] = e.value;
      env.ITEST_PEER_HOST = l.addr[other[role]];
      env.ITEST_NIXL_PROBE = nixlProbePath();
      return run([...l.exec(side[role]), ...probeCommand(plan.engine, role), ...p.args], env);
    };
    const prefill = pod('prefill');
    await sleep(35_000);
    const decode = await pod('decode');
    const target = await prefill;
    expect([target.code, decode.code], `${target.out}\n---\n${decode.out}`).toEqual([0, 0]);
    // The initiator measured; bounded by --timeout from its own start, the target had given up after 30 s.
    expect(decode.out).toMatch(/"event":"measurement"/);
    expect(target.out).not.toMatch(/timed out waiting for metadata/);
  }, 180_000);
});
