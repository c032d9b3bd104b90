// `interconnect-test nixl --pod/--dgd` against the real API server: kwok pods
// whose exec runs this machine's sh/python3/ucx_perftest with the container's
// NIXL environment, and a nixlbench that answers --help the way gflags does.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ReportSchema } from '../../src/core/model.js';
import { NixlReportPartSchema } from '../../src/nixl/schema.js';
import { runCli } from '../helpers/cli.js';
import { GPU_TOLERATION, useTestEnv } from './harness.js';

const env = useTestEnv('nixl');
const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.5.0';
const DGD = 'nvidia.com/dynamo-graph-deployment-name';
const TYPE = 'nvidia.com/dynamo-component-type';

/** gflags' --help: usage warning and flags, exit 1 (nixlbench sets no usage message). */
const GFLAGS_HELP =
  'nixlbench: Warning: SetUsageMessage() never called\n\n  Flags from /workspace/nixl/benchmark/nixlbench/src/utils/utils.cpp:\n    -backend (Name of communication backend [UCX, UCX_MO, GDS, GDS_MT, POSIX, GPUNETIO, Mooncake, HF3FS, OBJ] (only used with nixl worker)) type: string default: "UCX"\n';

/** A plugin directory like NIXL's install: libplugin_UCX.so beside the others. */
function pluginDir(withUcx: boolean): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'nixl-e2e-')), 'plugins');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'libplugin_POSIX.so'), '');
  if (withUcx) writeFileSync(path.join(dir, 'libplugin_UCX.so'), '');
  return dir;
}

describe('nixl in pods', () => {
  test('--pod: finds nixlbench and the UCX plugin under NIXL_PLUGIN_DIR, and prints the pair command', async () => {
    const e = env();
    const plugins = pluginDir(true);
    await e.createPod({
      name: 'bench',
      node: 'gpu-node-0',
      tolerations: [GPU_TOLERATION],
      exec: { nixlbench: { stdout: GFLAGS_HELP, exitCode: 1 } },
      execOptions: { env: { NIXL_PLUGIN_DIR: plugins } },
    });
    await e.waitForPodReady('bench');
    const kube = e.kubeconfigFile();
    const { code, stdout, stderr } = await runCli([
      'nixl',
      '--pod',
      'bench',
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '-o',
      'json',
      '-q',
    ]);
    expect(stderr).toBe('');
    const report = ReportSchema.parse(JSON.parse(stdout));
    const part = NixlReportPartSchema.parse(report);
    expect(part.targets[0]?.probes.nixlbench).toEqual({
      argv: ['nixlbench', '--help'],
      ran: true,
      exitCode: 1,
      notFound: false,
      timedOut: false,
    });
    expect(part.targets[0]?.probes.nixl_files?.parsed).toEqual({
      pluginDirEnv: plugins,
      dirs: [plugins],
      plugins: [path.join(plugins, 'libplugin_POSIX.so'), path.join(plugins, 'libplugin_UCX.so')],
      libs: [],
    });
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(byId['nixl.nixlbench']?.status).toBe('ok');
    expect(byId['nixl.ucx-plugin']).toMatchObject({
      status: 'ok',
      subject: 'bench',
      detail: `UCX plugin at ${plugins}/libplugin_UCX.so (NIXL_PLUGIN_DIR)`,
    });
    expect(byId['nixl.pair-engine']?.status).toBe('ok');
    expect(part.next).toEqual({
      command: `interconnect-test pair --kubeconfig ${kube} --namespace ${e.namespace} --prefill-node gpu-node-0 --decode-node '<decode-node>' --image ${IMAGE}`,
      note: "nixlbench runs in the pods' image; replace the <…-node> placeholder with a second GPU node",
    });
    expect(code).toBe(report.verdict.status === 'untrusted' ? 1 : 0);
  });

  test('--dgd: a wrong NIXL_PLUGIN_DIR on decode fails, and the next step falls back to ucx_perftest', async () => {
    const e = env();
    const good = pluginDir(true);
    const bad = pluginDir(false);
    await e.createPod({
      name: 'g-prefill-0',
      node: 'gpu-node-0',
      tolerations: [GPU_TOLERATION],
      labels: { [DGD]: 'g', [TYPE]: 'prefill' },
      exec: { nixlbench: { stdout: GFLAGS_HELP, exitCode: 1 } },
      execOptions: { env: { NIXL_PLUGIN_DIR: good } },
    });
    await e.createPod({
      name: 'g-decode-0',
      node: 'gpu-node-1',
      tolerations: [GPU_TOLERATION],
      labels: { [DGD]: 'g', [TYPE]: 'decode' },
      exec: { nixlbench: { stdout: GFLAGS_HELP, exitCode: 1 } },
      execOptions: { env: { NIXL_PLUGIN_DIR: bad } },
    });
    await e.waitForPodReady('g-prefill-0');
    await e.waitForPodReady('g-decode-0');
    const kube = e.kubeconfigFile();
    const { code, stdout } = await runCli([
      'nixl',
      '--dgd',
      'g',
      '-n',
      e.namespace,
      '--kubeconfig',
      kube,
      '-q',
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `FAIL    nixl.ucx-plugin  g-decode-0  NIXL_PLUGIN_DIR=${bad} has no libplugin_UCX.so: NIXL cannot create its UCX backend`,
    );
    // ucx_perftest is this machine's (Debian ucx-utils), so it runs in both pods.
    expect(stdout).toContain(
      `next\n  interconnect-test pair --kubeconfig ${kube} --namespace ${e.namespace} --dgd g --image ${IMAGE} --engine ucx_perftest\n`,
    );
  });
});
