import type { ToolId } from '../classify/index.js';
import { classifyUcxInfo } from '../classify/ucx.js';
import type { Check } from '../core/model.js';
import { parseUcpContext } from '../parsers/ucp-context.js';
import { TOOL_READINGS } from '../read/tools.js';
import type { ProbeSpec } from './run.js';
import { UCP_CONTEXT_SCRIPT } from './ucp-script.js';

/**
 * The read-only probe set `node` runs, as argv arrays with fixed arguments.
 * No benchmark runs here (no gdrcopy_copybw): /dev/gdrdrv presence comes from `ls`.
 * `sh -c 'ulimit -l'` is a fixed string: ulimit is a shell builtin.
 * Where `ucx_info` is missing (today's Dynamo runtime images), UCX's version and transports come
 * through the NIXL wheel's own libucp (probes/ucp-script.ts), run by `python`.
 */
export function nodeProbes(python = 'python3'): readonly ProbeSpec[] {
  return [
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
    {
      tool: 'ucx_info',
      argv: ['ucx_info', '-d'],
      fallback: {
        tool: 'ucx_libucp',
        argv: [python, '-c', UCP_CONTEXT_SCRIPT],
        label: `${python} -c <UCX through the NIXL wheel's libucp>`,
      },
    },
    { tool: 'ucx_info_v', argv: ['ucx_info', '-v'] },
  ];
}

/** What `node` runs in a pod: the image's own python3. */
export const NODE_PROBES: readonly ProbeSpec[] = nodeProbes();

/** How one probe's output is read: which parser, which classifier, which tool it stands for when missing. */
export interface Reader {
  toolId: ToolId;
  /** Parse stderr too: `ls` reports a missing path there, ibstat its ibpanic. */
  withStderr?: boolean;
  parse: (text: string) => unknown;
  classify: (parsed: never) => Check[];
}

/** A probe's reader: the parser and classifier of the tool it stands for (the `read` table). */
function readerOf(toolId: ToolId, withStderr = false): Reader {
  const { parse, classify } = TOOL_READINGS[toolId];
  // Probe checks need no transfer options: none of these classifiers reads them.
  return {
    toolId,
    ...(withStderr ? { withStderr } : {}),
    parse,
    classify: (p) => classify(p, { expect: 'any' }),
  };
}

export const READERS: Readonly<Record<string, Reader>> = {
  ibstat: readerOf('ibstat', true),
  ibv_devinfo: readerOf('ibv_devinfo', true),
  'dev-infiniband': readerOf('dev-infiniband', true),
  lsmod: readerOf('lsmod'),
  'proc-modules': readerOf('lsmod'),
  topo: readerOf('topo'),
  nvlink: readerOf('nvlink'),
  show_gids: readerOf('show_gids'),
  memlock: readerOf('memlock'),
  'proc-limits': readerOf('memlock'),
  ucx_info: readerOf('ucx_info'),
  ucx_info_v: readerOf('ucx_info'),
  ucx_libucp: {
    toolId: 'ucx_info',
    parse: parseUcpContext,
    classify: (p) => classifyUcxInfo(p),
  },
};
