import { NIXL_INSTALL_HINT } from '../hints.js';
import { NIXL_DEFAULT_ITERS } from '../local/nixl-defaults.js';
import { nixlProbePath } from '../nixl-probe.js';
import { renderPodScript } from '../script.js';
import type { Engine } from '../types.js';
import { nixlSweepArgs } from './argv.js';
import { runNixlProbePair } from './local.js';
import { nixlProbeProblem, nixlResultsComplete, nixlUnreadable, readNixlLog, readNixlProbe } from './logs.js';

/** The port of NIXL's listen thread in a nixl probe pod, behind the pod's own Service. */
export const NIXL_PORT = 13338;

/** nixl: our probe (templates/nixl-probe.py) on NIXL's Python API, in the deployment's own image. */
export const nixl: Engine = {
  name: 'nixl',
  sweepNoun: 'block sizes',
  namesOp: true,
  cluster: {
    defaultImage: 'dynamo-runtime',
    ownImageOnlyIfSeen: false,
    etcd: false,
    listen: { port: NIXL_PORT, name: 'nixl' },
    mountsProbe: true,
    rails: true,
    deviceList: false,
    roles: { note: '' },
    args: ({ bench, waitS }) => ({
      args: nixlSweepArgs({
        backend: bench.backend,
        memory: bench.memory,
        minBlock: bench.startBlockSize,
        maxBlock: bench.maxBlockSize,
        iters: bench.iterations ?? NIXL_DEFAULT_ITERS,
        itersExact: bench.iterations !== undefined,
        ...(bench.warmup !== undefined ? { warmup: bench.warmup } : {}),
        timeoutS: waitS,
        kv: bench.kv,
      }),
      dropped: [],
      group: false,
    }),
    script: (role) => {
      if (role === 'intra-node')
        throw new Error('the nixl engine runs across nodes only (plan.ts refuses intra-node)');
      return renderPodScript('nixl', 'pod.sh.hbs');
    },
  },
  logs: {
    resultsComplete: nixlResultsComplete,
    rowsSoFar: (log) => readNixlProbe(log).measurements.length,
    unreadable: nixlUnreadable,
    read: (log, role) => readNixlLog(log, role),
    missingTool: {
      tool: 'python3',
      fix: "--engine nixl runs our probe with the image's python3: use the deployment's Dynamo runtime image (--dgd, --recipe) or --engine nixlbench",
    },
    ownProblem: nixlProbeProblem,
  },
  local: {
    find: (f, explicit) => f.nixlPython?.(explicit),
    notFound: {
      message: 'pair --local --engine nixl: no Python here can import nixl',
      fix: NIXL_INSTALL_HINT,
    },
    run: (i, deps) =>
      runNixlProbePair(
        {
          python: i.bin,
          script: i.probe ?? nixlProbePath(),
          sizes: i.sizes,
          memory: i.memory,
          gpuCount: i.gpuCount,
          op: i.op,
          env: i.env,
          placement: i.placement,
          timeoutS: i.timeoutS,
          ...(i.iters ? { iters: i.iters } : {}),
          ...(i.warmup !== undefined ? { warmup: i.warmup } : {}),
        },
        deps,
      ),
  },
  advice: {
    pairArgs: () => ['--engine', 'nixl'],
    runs: "NIXL's Python API (nixl) runs",
    check: (blocked) => ({
      status: 'ok',
      detail: `pair can run NIXL's Python API here (--engine nixl)${blocked}: the NIXL and UCX this image serves KV with`,
    }),
  },
};
