import type { KubernetesObject, V1Node, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import type { Progress } from '../core/progress.js';
import { silentProgress } from '../core/progress.js';
import { ClusterError } from '../kube/errors.js';
import { toPairConfig } from '../pair/options/options.js';
import { candidates } from './candidates.js';
import { runSweep, type SweepConfig } from './run.js';

/**
 * Issue 35 item 8: free-GPU accounting is the sweep's one read of pods outside the scratch
 * namespace (cluster-wide get/list on pods shows every pod's literal env values).
 * --gpu-accounting none reads no pod there; a denied read is said, never silent.
 */

function gpuNode(name: string): V1Node {
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: {
      allocatable: { 'nvidia.com/gpu': '8', 'rdma/ib': '8' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  } as V1Node;
}

/** A cluster of four GPU nodes whose serving pods hold every GPU of `full`; each pod listing is recorded. */
function cluster(listed: (string | undefined)[], deny = false): MemoryCluster {
  const c = new MemoryCluster();
  c.nodes = ['a', 'b', 'c', 'full'].map(gpuNode);
  c.put({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'serving', namespace: 'dynamo' },
    spec: { nodeName: 'full', containers: [{ name: 'w', resources: { limits: { 'nvidia.com/gpu': '8' } } }] },
    status: { phase: 'Running' },
  } as KubernetesObject);
  const list = c.listPods.bind(c);
  c.listPods = async (namespace: string | undefined, selector?: string): Promise<V1Pod[]> => {
    listed.push(namespace);
    if (deny && namespace === undefined)
      throw new ClusterError('forbidden', 'permission denied: cannot list pods at the cluster scope', {
        verb: 'list',
        resource: 'pods',
      });
    return list(namespace, selector);
  };
  return c;
}

const config = (gpuAccounting?: 'cluster' | 'none'): SweepConfig => ({
  scheme: 'ring',
  maxParallel: 4,
  timeoutMs: 60_000,
  gpuAccounting,
  pair: toPairConfig(
    {
      engine: 'nixlbench',
      mode: 'cross-node',
      timeout: 60_000,
      nixlbenchRuntime: 'auto',
      requestTimeout: 30_000,
      dryRun: true,
    },
    {},
  ),
});

describe('--gpu-accounting', () => {
  it('cluster (the default): lists the pods of every namespace, once, and leaves out the node with no free GPU', async () => {
    const listed: (string | undefined)[] = [];
    const cand = await candidates(cluster(listed), config());
    expect(listed).toEqual([undefined]);
    expect(cand.included).toEqual(['a', 'b', 'c']);
    expect(cand.excluded).toEqual([{ node: 'full', reason: '0 free nvidia.com/gpu of 8 (needs 1)' }]);
    expect(cand.uncounted).toBeUndefined();
  });

  it('none: lists no pod at all, takes every GPU as free, and says so', async () => {
    const listed: (string | undefined)[] = [];
    const cand = await candidates(cluster(listed), config('none'));
    expect(listed).toEqual([]);
    expect(cand.included).toEqual(['a', 'b', 'c', 'full']);
    expect(cand.uncounted).toBe(
      "free GPUs not counted (--gpu-accounting none): every listed node's GPUs are taken as free: a node whose GPUs are all in use is not left out, its pairs wait for the scheduler until --pair-timeout and are reported unscheduled",
    );
  });

  it('cluster, but the read is denied: the run goes on and a warning names the permission and the flag', async () => {
    const warned: string[] = [];
    const progress: Progress = { ...silentProgress, warn: (m: string) => warned.push(m) };
    const run = await runSweep(config(), {
      cluster: async () => cluster([], true),
      progress,
      signal: new AbortController().signal,
      cwd: '/',
      runId: 'test',
    });
    expect(run.dryRun).toBe(true);
    expect(warned).toContain(
      "free GPUs not counted: listing pods cluster-wide is forbidden (permission denied: cannot list pods at the cluster scope); every listed node's GPUs are taken as free: a node whose GPUs are all in use is not left out, its pairs wait for the scheduler until --pair-timeout and are reported unscheduled (grant get and list on pods cluster-wide, or pass --gpu-accounting none to choose this)",
    );
  });
});
