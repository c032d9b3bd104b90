import { renderPodScript } from '../script.js';
import type { Engine } from '../types.js';
import { flagSupported, nixlbenchArgs } from './flags.js';
import { runNixlbenchPair } from './local.js';
import {
  hasRegistered,
  nixlbenchFailure,
  nixlbenchUnreadable,
  peersConnected,
  readNixlbench,
  readNixlbenchLog,
} from './logs.js';

/** nixlbench: NIXL's own benchmark, two ranks meeting in etcd (cross-node: one per pod). */
export const nixlbench: Engine = {
  name: 'nixlbench',
  sweepNoun: 'block sizes',
  namesOp: false,
  versionOf: (bench) => bench.nixlbenchVersion,
  backendOf: (bench) => bench.backend,
  cluster: {
    defaultImage: 'probe',
    ownImageOnlyIfSeen: true,
    etcd: true,
    mountsProbe: false,
    rails: false,
    deviceList: true,
    roles: { note: ' (rank 0)' },
    args: ({ bench }) => ({
      ...nixlbenchArgs(bench),
      group: flagSupported('benchmark_group', bench.nixlbenchVersion),
    }),
    script: (role) => renderPodScript('nixlbench', role === 'intra-node' ? 'intra.sh.hbs' : 'pod.sh.hbs'),
  },
  logs: {
    resultsComplete: (log) => readNixlbench(log)?.completed === true,
    rowsSoFar: (log) => readNixlbench(log)?.rows.length ?? 0,
    unreadable: (log) => nixlbenchUnreadable(log),
    read: (log, role) => readNixlbenchLog(log, role),
    failure: nixlbenchFailure,
    startBarrier: {
      connected: (log) => peersConnected(log, readNixlbench(log)),
      registered: (log) => hasRegistered(readNixlbench(log)),
    },
    missingTool: {
      tool: 'nixlbench',
      fix: 'build the probe image from deploy/probe-image and pass it with --image, or use --engine ucx_perftest',
    },
  },
  local: {
    find: (f) => f.which('nixlbench'),
    notFound: {
      message: 'pair --local: nixlbench is not on PATH',
      fix: 'build NIXL with nixlbench and put it on PATH',
    },
    run: (i, deps) =>
      runNixlbenchPair(
        {
          bin: i.bin,
          etcdBin: i.etcd(),
          runtime: i.runtime,
          sizes: i.sizes,
          memory: i.memory,
          gpuCount: i.gpuCount,
          env: i.env,
          ...(i.iters ? { iters: i.iters } : {}),
          ...(i.warmup !== undefined ? { warmup: i.warmup } : {}),
        },
        deps,
      ),
  },
  advice: {
    pairArgs: (version) => (version ? ['--nixlbench-version', version] : []),
    runs: 'nixlbench runs',
    check: () => ({
      status: 'ok',
      detail: 'pair can run nixlbench here: it measures NIXL over UCX, as Dynamo moves KV cache',
    }),
  },
};
