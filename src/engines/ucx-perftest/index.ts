import { INSTALL_HINT } from '../hints.js';
import { renderPodScript } from '../script.js';
import { type Engine, PEER_PORT } from '../types.js';
import { perftestArgs } from './argv.js';
import { runPerftestSweep } from './local.js';
import { perftestUnreadable, readPerftest, readPerftestLog } from './logs.js';

/** ucx_perftest: UCX's own benchmark, a server and a client (the leg's initiator) per leg. */
export const ucxPerftest: Engine = {
  name: 'ucx_perftest',
  sweepNoun: 'sizes',
  // Measured here with ucx_perftest 1.13 (Debian): 2 GiB reads right, 4 GiB reports millions of GB/s,
  // the size wrapping at 32 bits; so every size must stay under 4 GiB.
  maxMessageBytes: 2 ** 32 - 1,
  namesOp: false,
  cluster: {
    defaultImage: 'probe',
    ownImageOnlyIfSeen: false,
    etcd: false,
    listen: { port: PEER_PORT, name: 'perftest' },
    mountsProbe: false,
    rails: false,
    deviceList: false,
    args: ({ bench }) => ({ args: perftestArgs(bench), dropped: [], group: false }),
    script: (role) => renderPodScript('ucx-perftest', role === 'intra-node' ? 'intra.sh.hbs' : 'pod.sh.hbs'),
  },
  logs: {
    resultsComplete: (log, messageSize) => readPerftest(log, messageSize)?.completed === true,
    rowsSoFar: (log) => readPerftest(log)?.rows.length ?? 0,
    unreadable: perftestUnreadable,
    read: readPerftestLog,
    missingTool: {
      tool: 'ucx_perftest',
      fix: 'use an image that has UCX tools (ucx_perftest), e.g. the probe image from deploy/probe-image',
    },
  },
  local: {
    find: (f) => f.which('ucx_perftest'),
    notFound: { message: 'pair --local: ucx_perftest is not on PATH', fix: INSTALL_HINT },
    run: (i, deps) =>
      runPerftestSweep(
        {
          bin: i.bin,
          sizes: i.sizes,
          memory: i.memory === 'VRAM' ? 'cuda' : 'host',
          env: i.env,
          placement: i.placement,
          ...(i.iters ? { iters: i.iters } : {}),
          ...(i.warmup !== undefined ? { warmup: i.warmup } : {}),
        },
        deps,
      ),
  },
  advice: {
    pairArgs: () => ['--engine', 'ucx_perftest'],
    runs: 'only ucx_perftest runs',
    check: (blocked) => ({
      status: 'warn',
      detail: `only ucx_perftest can run here${blocked}: pair measures UCX, not NIXL`,
      fix: "use the deployment's runtime image (its Python imports nixl: --engine nixl), or an image with nixlbench",
    }),
  },
};
