import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../src/core/model.js';
import { PodRunner } from '../src/kube/pod-runner.js';
import { nixlReport } from '../src/nixl/index.js';
import { LOCATE_SCRIPT, PYTHON_SCRIPT } from '../src/nixl/locate.js';
import { NixlReportPartSchema } from '../src/nixl/schema.js';
import type { Resolved, Target } from '../src/probes/targets.js';
import { renderText } from '../src/render/text.js';
import { reportSchemaOf } from '../src/tools/schema.js';

type ZodLike = { safeParse(v: unknown): { error?: { issues: unknown[] } } };

import { runCli, spawnCli } from './helpers/cli.js';
import { replayExec } from './helpers/exec-replay.js';
import { MemoryCluster } from './helpers/memory-cluster.js';
import { UCX_INFO_V_DEBIAN } from './helpers/node-recordings.js';

/** `interconnect-test nixl`: this machine in-process and built, and pods over the replayed exec seam. */

/** `interconnect-test nixl …` in-process (env: the whole environment it sees). */
const cli = (args: string[], env?: NodeJS.ProcessEnv) => runCli(['nixl', ...args], { env });

describe('nixl --local on this machine', () => {
  it('looks for every piece and prints a next step that matches what runs', async () => {
    const { code, stdout } = await cli(['--local', '-o', 'json', '-q']);
    const report = ReportSchema.parse(JSON.parse(stdout));
    const { targets, next } = NixlReportPartSchema.parse(report);
    const t = targets[0]!;
    expect(Object.keys(t.probes)).toEqual([
      'nixlbench',
      'nixl_files',
      'python_nixl',
      'ucx_perftest',
      'ucx_info_v',
    ]);
    const engine = report.checks.find((c) => c.id === 'nixl.pair-engine')!;
    // ok: nixlbench runs (plain `pair --local`), or else a Python pair --local would use imports nixl.
    if (engine.status === 'ok')
      expect(next.command).toBe(
        t.probes.nixlbench?.notFound
          ? 'interconnect-test pair --local --engine nixl'
          : 'interconnect-test pair --local',
      );
    else if (engine.status === 'warn')
      expect(next.command).toBe('interconnect-test pair --local --engine ucx_perftest');
    else expect(next.command).toBeUndefined();
    // Without nixlbench or NIXL's Python API (the nixl engine) the NIXL-level test cannot be vouched for.
    const pythonNixl = report.checks.find((c) => c.id === 'nixl.python')?.status === 'ok';
    if (t.probes.nixlbench?.notFound && !pythonNixl) expect(report.verdict.status).not.toBe('trusted');
    for (const c of report.checks) expect(c.subject).toBe(hostname());
    expect(code).toBe(report.verdict.status === 'untrusted' ? 1 : 0);
  });

  it('with nothing on PATH: no engine, no command, and the verdict says so', async () => {
    // An empty HOME too: no NIXL venv under ~/.cache, which nixl --local looks at as pair --local does.
    const home = mkdtempSync(path.join(tmpdir(), 'no-tools-'));
    const { code, stdout } = await cli(['--local', '-q'], {
      PATH: '/nonexistent',
      HOME: home,
      NO_COLOR: '1',
    });
    expect(stdout).toContain(
      'next\n  (no pair command: see below)\n  pair --local needs nixlbench, a Python that imports nixl, or ucx_perftest; none runs here\n',
    );
    expect(stdout).toMatch(
      /FAIL {4}nixl\.pair-engine {2}\S+ {2}neither nixlbench, NIXL's Python module nor ucx_perftest can run here/,
    );
    expect(code).toBe(1);
  });

  it('the built CLI prints the same next step', async () => {
    const run = await spawnCli(['nixl', '--local', '-o', 'json', '-q']);
    const report = ReportSchema.parse(JSON.parse(run.stdout));
    // The published contract (references/nixl.schema.json), strictly: no field it does not declare.
    const strict = (reportSchemaOf('nixl.schema.json') as unknown as { strict(): ZodLike }).strict();
    expect(strict.safeParse(report).error?.issues ?? []).toEqual([]);
    const inProcess = ReportSchema.parse(JSON.parse((await cli(['--local', '-o', 'json', '-q'])).stdout));
    expect(report.next).toEqual(inProcess.next);
    expect(run.stderr).toBe('');
  });
});

const IMG = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0';
const DYN = '/opt/nvidia/nvda_nixl/lib64';

/** A Dynamo vLLM worker: NIXL at /opt/nvidia/nvda_nixl with the UCX plugin, python nixl, UCX tools, no nixlbench. */
function dynamoWorker() {
  return {
    'nixlbench --help': 'missing' as const,
    [`sh -c ${LOCATE_SCRIPT}`]: {
      stdout: `env NIXL_PLUGIN_DIR=${DYN}/plugins\nenv NIXL_PREFIX=/opt/nvidia/nvda_nixl\ndir ${DYN}/plugins\nplugin ${DYN}/plugins/libplugin_POSIX.so\nplugin ${DYN}/plugins/libplugin_UCX.so\nlib ${DYN}/libnixl.so\n`,
    },
    [`python3 -c ${PYTHON_SCRIPT}`]: {
      stdout:
        '{"python": "3.12.3", "file": "/opt/dynamo/venv/lib/python3.12/site-packages/nixl/__init__.py", "dists": {"nixl": "0.10.1"}, "pluginDirs": [], "plugins": []}\n',
    },
    'ucx_perftest -h': { stdout: '  Usage: ucx_perftest [ server-hostname ] [ options ]\n' },
    'ucx_info -v': { stdout: UCX_INFO_V_DEBIAN },
  };
}

function pod(
  exec: ReturnType<typeof replayExec>,
  name: string,
  role: 'prefill' | 'decode',
  node: string,
): Target {
  return {
    kind: 'pod',
    label: name,
    namespace: 'dynamo',
    pod: name,
    container: 'main',
    node,
    role,
    image: IMG,
    runner: new PodRunner(new MemoryCluster({ exec }), { namespace: 'dynamo', pod: name, container: 'main' }),
  };
}

describe('nixl --dgd over the exec API (replayed outputs)', () => {
  it('finds NIXL in both workers and proposes the nixl pair in their own image (its Python imports nixl)', async () => {
    const exec = replayExec({ 'g-p': dynamoWorker(), 'g-d': dynamoWorker() });
    const resolved: Resolved = {
      targets: [pod(exec, 'g-p', 'prefill', 'gpu-a'), pod(exec, 'g-d', 'decode', 'gpu-b')],
      leftOut: [],
      cluster: { context: 'kind', namespace: 'dynamo', server: 'https://127.0.0.1:6443' },
      dgd: 'g',
    };
    const { report, sections, next } = await nixlReport(
      resolved,
      { local: false, dgd: 'g' },
      { concurrency: 3, timeoutMs: 1000 },
    );
    expect(next).toEqual({
      command: `interconnect-test pair --namespace dynamo --dgd g --image ${IMG} --engine nixl`,
      note: "NIXL's Python API (nixl) runs in the pods' image",
    });
    expect(report.checks.map((c) => [c.id, c.status, c.subject])).toEqual(
      ['g-p', 'g-d'].flatMap((p) => [
        ['nixl.nixlbench', 'skipped', p],
        ['nixl.ucx-plugin', 'ok', p],
        ['nixl.python', 'ok', p],
        ['perftest.ucx_perftest', 'ok', p],
        ['nixl.pair-engine', 'ok', p],
      ]),
    );
    const t = NixlReportPartSchema.parse(report).targets[0]!;
    expect(t.probes.nixlbench).toEqual({
      argv: ['nixlbench', '--help'],
      ran: false,
      exitCode: null,
      notFound: true,
      timedOut: false,
    });
    expect(t.probes.nixl_files).toEqual({
      argv: ['sh', '-c', LOCATE_SCRIPT],
      label: 'sh -c <look for NIXL libraries and plugins>',
      ran: true,
      exitCode: 0,
      notFound: false,
      timedOut: false,
      parsed: {
        pluginDirEnv: `${DYN}/plugins`,
        prefixEnv: '/opt/nvidia/nvda_nixl',
        dirs: [`${DYN}/plugins`],
        plugins: [`${DYN}/plugins/libplugin_POSIX.so`, `${DYN}/plugins/libplugin_UCX.so`],
        libs: [`${DYN}/libnixl.so`],
      },
    });
    const text = renderText(report, { color: false }, sections);
    expect(text).toContain(
      `next\n  interconnect-test pair --namespace dynamo --dgd g --image ${IMG} --engine nixl\n`,
    );
  });

  it('a worker whose NIXL_PLUGIN_DIR is wrong makes nixlbench unusable everywhere', async () => {
    const broken = {
      ...dynamoWorker(),
      'nixlbench --help': { stdout: 'nixlbench: Warning: SetUsageMessage() never called\n', exitCode: 1 },
      [`sh -c ${LOCATE_SCRIPT}`]: { stdout: 'env NIXL_PLUGIN_DIR=/opt/nixl/plugins\nenv NIXL_PREFIX=\n' },
    };
    const good = {
      ...dynamoWorker(),
      'nixlbench --help': { stdout: 'nixlbench: Warning: SetUsageMessage() never called\n', exitCode: 1 },
    };
    const exec = replayExec({ 'g-p': good, 'g-d': broken });
    const { report, next } = await nixlReport(
      {
        targets: [pod(exec, 'g-p', 'prefill', 'gpu-a'), pod(exec, 'g-d', 'decode', 'gpu-b')],
        leftOut: [],
        cluster: { context: 'prod', namespace: 'dynamo', server: 'https://10.0.0.1:6443' },
      },
      { local: false, pod: ['g-p', 'g-d'], context: 'prod' },
      { concurrency: 2, timeoutMs: 1000 },
    );
    expect(report.checks.filter((c) => c.status !== 'ok').map((c) => [c.id, c.status, c.subject])).toEqual([
      ['nixl.ucx-plugin', 'fail', 'g-d'],
      ['nixl.pair-engine', 'warn', 'g-d'],
    ]);
    expect(next.command).toBe(
      `interconnect-test pair --context prod --namespace dynamo --prefill-node gpu-a --decode-node gpu-b --image ${IMG} --engine ucx_perftest`,
    );
  });
});
