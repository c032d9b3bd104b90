import type { ToolId } from '../classify/index.js';
import {
  classifyDevInfiniband,
  classifyIbstat,
  classifyIbvDevinfo,
  classifyLsmod,
  classifyMemlock,
  classifyNvlinkStatus,
  classifyShowGids,
  classifyTopo,
  classifyUcxInfo,
} from '../classify/index.js';
import type { Check } from '../core/model.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseMemlock } from '../parsers/memlock.js';
import { parseNvidiaSmiNvlink } from '../parsers/nvidia-smi-nvlink.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { parseShowGids } from '../parsers/show-gids.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import type { ProbeSpec } from './run.js';

/**
 * The read-only probe set `node` runs, as argv arrays with fixed arguments.
 * No benchmark runs here (no gdrcopy_copybw): /dev/gdrdrv presence comes from `ls`.
 * `sh -c 'ulimit -l'` is a fixed string: ulimit is a shell builtin.
 */
export const NODE_PROBES: readonly ProbeSpec[] = [
  // ibstat is in infiniband-diags, which images often lack while ibverbs-utils is there.
  { tool: 'ibstat', argv: ['ibstat'], fallback: { tool: 'ibv_devinfo', argv: ['ibv_devinfo', '-v'] } },
  { tool: 'dev-infiniband', argv: ['ls', '-l', '/dev/infiniband', '/dev/gdrdrv'] },
  // lsmod reads /proc/modules; in a pod lsmod (kmod) may be absent while /proc/modules is readable.
  { tool: 'lsmod', argv: ['lsmod'], fallback: { tool: 'proc-modules', argv: ['cat', '/proc/modules'] } },
  { tool: 'topo', argv: ['nvidia-smi', 'topo', '-m'] },
  { tool: 'nvlink', argv: ['nvidia-smi', 'nvlink', '--status'] },
  { tool: 'show_gids', argv: ['show_gids'] },
  {
    tool: 'memlock',
    argv: ['sh', '-c', 'ulimit -l'],
    fallback: { tool: 'proc-limits', argv: ['cat', '/proc/self/limits'] },
  },
  { tool: 'ucx_info', argv: ['ucx_info', '-d'] },
  { tool: 'ucx_info_v', argv: ['ucx_info', '-v'] },
];

/** How one probe's output is read: which parser, which classifier, which tool it stands for when missing. */
export interface Reader {
  toolId: ToolId;
  /** Parse stderr too: `ls` reports a missing path there, ibstat its ibpanic. */
  withStderr?: boolean;
  parse: (text: string) => unknown;
  classify: (parsed: never) => Check[];
}

export const READERS: Readonly<Record<string, Reader>> = {
  ibstat: { toolId: 'ibstat', withStderr: true, parse: parseIbstat, classify: classifyIbstat },
  ibv_devinfo: {
    toolId: 'ibv_devinfo',
    withStderr: true,
    parse: parseIbvDevinfo,
    classify: classifyIbvDevinfo,
  },
  'dev-infiniband': {
    toolId: 'dev-infiniband',
    withStderr: true,
    parse: parseDevInfiniband,
    classify: classifyDevInfiniband,
  },
  lsmod: { toolId: 'lsmod', parse: parseLsmod, classify: classifyLsmod },
  'proc-modules': { toolId: 'lsmod', parse: parseLsmod, classify: classifyLsmod },
  topo: { toolId: 'topo', parse: parseNvidiaSmiTopo, classify: classifyTopo },
  nvlink: { toolId: 'nvlink', parse: parseNvidiaSmiNvlink, classify: classifyNvlinkStatus },
  show_gids: { toolId: 'show_gids', parse: parseShowGids, classify: classifyShowGids },
  memlock: { toolId: 'memlock', parse: parseMemlock, classify: classifyMemlock },
  'proc-limits': { toolId: 'memlock', parse: parseMemlock, classify: classifyMemlock },
  ucx_info: { toolId: 'ucx_info', parse: parseUcxInfo, classify: classifyUcxInfo },
  ucx_info_v: { toolId: 'ucx_info', parse: parseUcxInfo, classify: classifyUcxInfo },
};
