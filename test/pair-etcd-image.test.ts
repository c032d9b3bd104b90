import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_ETCD_IMAGE, etcdImageFor } from '../src/pair/options/flags.js';
import { runCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * Issue 24 item 6: the nixlbench etcd comes from the probe image when it is a Dynamo runtime
 * image (they ship etcd on PATH: references/todays-images.md), so an air-gapped cluster needs no
 * quay.io pull; --etcd-image overrides; any other image keeps the etcd image.
 */

const RUNTIME = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0';

async function etcdPod(extra: string[]) {
  const r = await runCli(
    ['pair', '--dry-run', '--engine', 'nixlbench', '--prefill-node', 'a', '--decode-node', 'b', ...extra],
    {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        KUBECONFIG: '/nonexistent/kubeconfig',
        INTERCONNECT_TEST_RUN_ID: 'etcd1',
      },
      cwd: repoRoot,
    },
  );
  expect(r.code, r.stderr).toBe(0);
  const pod = parseAllDocuments(r.stdout)
    .map((d) => d.toJS())
    .find((o) => o?.kind === 'Pod' && o.metadata.labels['app.kubernetes.io/component'] === 'etcd');
  return pod.spec as {
    nodeSelector?: Record<string, string>;
    imagePullSecrets?: { name: string }[];
    containers: { image: string; command: string[] }[];
  };
}

describe("the run's etcd image", () => {
  it('a Dynamo runtime probe image: its own etcd, beside the prefill probe, with its pull secret', async () => {
    const spec = await etcdPod([
      '--image',
      RUNTIME,
      '--image-pull-secret',
      'ngc',
      '--scratch-namespace',
      'x',
    ]);
    expect(spec.containers[0]?.image).toBe(RUNTIME);
    expect(spec.containers[0]?.command).toEqual(['etcd']);
    expect(spec.nodeSelector).toEqual({ 'kubernetes.io/hostname': 'a' });
    expect(spec.imagePullSecrets).toEqual([{ name: 'ngc' }]);
  });

  it('--etcd-image overrides; another probe image keeps the etcd image, unpinned', async () => {
    const own = await etcdPod(['--image', RUNTIME, '--etcd-image', 'registry.local/etcd:3.5']);
    expect(own.containers[0]?.image).toBe('registry.local/etcd:3.5');
    expect(own.nodeSelector).toBeUndefined();
    const other = await etcdPod(['--image', 'registry.local/nixlbench:1.5']);
    expect(other.containers[0]?.image).toBe(DEFAULT_ETCD_IMAGE);
    expect(other.nodeSelector).toBeUndefined();
    expect(other.imagePullSecrets).toBeUndefined();
  });

  it('recognises only the Dynamo runtime images', () => {
    for (const i of [
      RUNTIME,
      'nvcr.io/nvidia/ai-dynamo/sglang-runtime:1.0.0',
      'nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:1.3.0',
    ])
      expect(etcdImageFor(undefined, i)).toEqual({ image: i, own: true });
    for (const i of [
      'nvcr.io/nvidia/ai-dynamo/dynamo-frontend:1.0.0',
      'ghcr.io/x/vllm-runtime:1.0',
      undefined,
    ])
      expect(etcdImageFor(undefined, i)).toEqual({ image: DEFAULT_ETCD_IMAGE, own: false });
  });
});
