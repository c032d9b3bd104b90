import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../src/core/model.js';
import { PodRunner } from '../src/kube/pod-runner.js';
import { nodeReport } from '../src/probes/node.js';
import { NODE_PROBES } from '../src/probes/node-set.js';
import { NodeReportPartSchema } from '../src/probes/schema.js';
import type { Resolved, Target } from '../src/probes/targets.js';
import { renderText } from '../src/render/text.js';
import { replayExec } from './helpers/exec-replay.js';
import { MemoryCluster } from './helpers/memory-cluster.js';
import { brokenWorker, edrDecode, h100Prefill } from './helpers/node-recordings.js';

/**
 * The exec path of `node --pod/--dgd` at the runner seam: PodRunner over an
 * Exec that replays real captured outputs per pod (stdout, stderr, V1Status),
 * with the real parsers, classifiers and comparison behind it.
 */

function podTarget(
  exec: ReturnType<typeof replayExec>,
  pod: string,
  role: 'prefill' | 'decode',
  node: string,
): Target {
  return {
    kind: 'pod',
    label: pod,
    namespace: 'dynamo',
    pod,
    container: 'main',
    node,
    role,
    image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0',
    runner: new PodRunner(new MemoryCluster({ exec }), { namespace: 'dynamo', pod, container: 'main' }),
  };
}

const cluster = { context: 'kind', namespace: 'dynamo', server: 'https://127.0.0.1:6443' };
const settings = { concurrency: 4, timeoutMs: 300 };

describe('node --dgd over the exec API (replayed outputs)', () => {
  it('probes prefill and decode, attributes every check to its pod, and compares them', async () => {
    const exec = replayExec({ 'g-prefill-0': h100Prefill(), 'g-decode-0': edrDecode() });
    const resolved: Resolved = {
      targets: [
        podTarget(exec, 'g-prefill-0', 'prefill', 'gpu-a'),
        podTarget(exec, 'g-decode-0', 'decode', 'gpu-b'),
      ],
      leftOut: [{ pod: 'g-decode-1', role: 'decode', why: 'is Pending (ImagePullBackOff), not Running' }],
      cluster,
      dgd: 'g',
    };
    const { report, sections } = await nodeReport(resolved, settings);
    const part = NodeReportPartSchema.parse(ReportSchema.parse(JSON.parse(JSON.stringify(report))));
    expect(part.targets.map((t) => [t.pod, t.role, t.node, t.container, t.where])).toEqual([
      [
        'g-prefill-0',
        'prefill',
        'gpu-a',
        'main',
        'pod dynamo/g-prefill-0 (prefill) on node gpu-a, container main',
      ],
      [
        'g-decode-0',
        'decode',
        'gpu-b',
        'main',
        'pod dynamo/g-decode-0 (decode) on node gpu-b, container main',
      ],
    ]);
    expect(part.cluster).toEqual(cluster);
    expect(part.leftOut).toEqual(resolved.leftOut);
    // show_gids is not in the image: containerd's "executable file not found" became notFound.
    expect(part.targets[0]?.probes.show_gids).toEqual({
      argv: ['show_gids'],
      ran: false,
      exitCode: null,
      notFound: true,
      timedOut: false,
    });
    // ls exited 2 (no /dev/gdrdrv) through a NonZeroExitCode status, and was still read.
    expect(part.targets[0]?.probes['dev-infiniband']).toMatchObject({ ran: true, exitCode: 2 });
    expect(exec.calls.filter((c) => c[0] === 'g-prefill-0').map((c) => c.slice(1))).toEqual(
      NODE_PROBES.map((s) => s.argv),
    );

    const bySubject = (pod: string) =>
      report.checks.filter((c) => c.subject?.startsWith(`${pod}`)).map((c) => `${c.id} ${c.status}`);
    expect(bySubject('g-decode-0')).toContain('ib.ports ok');
    expect(report.checks.find((c) => c.id === 'ib.port' && c.subject === 'g-decode-0 mlx5_2/1')?.status).toBe(
      'warn',
    );
    expect(report.checks.filter((c) => c.id.startsWith('compare.')).map((c) => [c.id, c.status])).toEqual([
      ['compare.same-node', 'ok'],
      ['compare.nics', 'warn'],
      ['compare.ucx-transports', 'ok'],
    ]);
    // gdr.path fails on both (no GPUDirect RDMA in that UCX): never trusted.
    expect(report.verdict.status).toBe('untrusted');

    const text = renderText(report, { color: false }, sections);
    expect(text).toContain(
      "pod dynamo/g-prefill-0 (prefill) on node gpu-a, container main\n  ran: ibstat, ls -l /dev/infiniband /dev/gdrdrv, lsmod, nvidia-smi topo -m, nvidia-smi nvlink --status, sh -c 'ulimit -l', ucx_info -d, ucx_info -v\n  missing: show_gids\n",
    );
    expect(text).toContain('not probed\n  g-decode-1 (decode) is Pending (ImagePullBackOff), not Running\n');
  });

  it('reports a broken decode pod: fallbacks, failures and a hung probe, and the comparison fails', async () => {
    const exec = replayExec({ 'g-prefill-0': h100Prefill(), 'g-decode-0': brokenWorker() });
    const resolved: Resolved = {
      targets: [
        podTarget(exec, 'g-prefill-0', 'prefill', 'gpu-a'),
        podTarget(exec, 'g-decode-0', 'decode', 'gpu-a'),
      ],
      leftOut: [],
      cluster,
    };
    const { report, sections } = await nodeReport(resolved, settings);
    const decode = NodeReportPartSchema.parse(report).targets[1]!;
    expect(
      Object.fromEntries(
        Object.entries(decode.probes).map(([k, v]) => [k, [v.ran, v.exitCode, v.notFound, v.timedOut]]),
      ),
    ).toEqual({
      ibstat: [false, null, true, false],
      ibv_devinfo: [true, 0, false, false],
      'dev-infiniband': [true, 2, false, false],
      lsmod: [false, null, true, false],
      'proc-modules': [true, 1, false, false],
      topo: [true, 9, false, false],
      nvlink: [true, null, false, true],
      show_gids: [false, null, true, false],
      memlock: [true, 0, false, false],
      ucx_info: [true, 0, false, false],
      ucx_info_v: [true, 0, false, false],
    });
    expect(report.checks.filter((c) => c.id.startsWith('compare.')).map((c) => [c.id, c.status])).toEqual([
      ['compare.same-node', 'warn'],
      ['compare.nics', 'fail'],
      ['compare.ucx-transports', 'fail'],
    ]);
    expect(report.checks.find((c) => c.id === 'compare.nics')?.detail).toBe(
      'some have no usable RDMA port while others do (g-prefill-0: 1 × Ethernet 200 Gb/s + 8 × InfiniBand 400 Gb/s; g-decode-0: 1 port Active but no uverbs device mounted): transfers between them cannot use RDMA',
    );
    const text = renderText(report, { color: false }, sections);
    expect(text).toContain('  no result: nvidia-smi nvlink --status: timed out after 0.3 s\n');
    expect(text).toContain('  missing: ibstat, lsmod, show_gids\n');
  });
});
