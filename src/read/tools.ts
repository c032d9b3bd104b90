import {
  classifyDevInfiniband,
  classifyGdrcopy,
  classifyIbstat,
  classifyIbstatus,
  classifyIbvDevinfo,
  classifyLsmod,
  classifyMemlock,
  classifyNvlinkStatus,
  classifyShowGids,
  classifyTopo,
  classifyTransfer,
  classifyUcxInfo,
  type ToolId,
  type TransferOptions,
} from '../classify/index.js';
import type { Check } from '../core/model.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { parseGdrcopy } from '../parsers/gdrcopy.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbstatus } from '../parsers/ibstatus.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseMemlock } from '../parsers/memlock.js';
import { parseNixlbench } from '../parsers/nixlbench.js';
import { parseNvidiaSmiNvlink } from '../parsers/nvidia-smi-nvlink.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { parseShowGids } from '../parsers/show-gids.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { parseUcxPerftest } from '../parsers/ucx-perftest.js';

/** One reading of a captured output: what the parser made of it and what the classifier concluded. */
export interface Reading {
  parsed: unknown;
  checks: Check[];
}

type Reader = (text: string, opts: TransferOptions) => Reading;

/** A tool's parser and the classifier of what it parsed. */
export interface ToolReading {
  parse: (text: string) => unknown;
  classify: (parsed: never, opts: TransferOptions) => Check[];
}

function pair<T>(
  parse: (text: string) => T,
  classify: (parsed: T, opts: TransferOptions) => Check[],
): ToolReading {
  return { parse, classify: classify as ToolReading['classify'] };
}

/** Tool id → parser and classifier: the one table `read` and the `node` probes both use. */
export const TOOL_READINGS: Readonly<Record<ToolId, ToolReading>> = {
  ibstat: pair(parseIbstat, classifyIbstat),
  ibstatus: pair(parseIbstatus, classifyIbstatus),
  ibv_devinfo: pair(parseIbvDevinfo, classifyIbvDevinfo),
  topo: pair(parseNvidiaSmiTopo, classifyTopo),
  nvlink: pair(parseNvidiaSmiNvlink, classifyNvlinkStatus),
  lsmod: pair(parseLsmod, (r) => classifyLsmod(r)),
  'dev-infiniband': pair(parseDevInfiniband, classifyDevInfiniband),
  show_gids: pair(parseShowGids, classifyShowGids),
  memlock: pair(parseMemlock, classifyMemlock),
  ucx_info: pair(parseUcxInfo, classifyUcxInfo),
  nixlbench: pair(parseNixlbench, classifyTransfer),
  ucx_perftest: pair(parseUcxPerftest, classifyTransfer),
  gdrcopy: pair(parseGdrcopy, classifyGdrcopy),
};

/** Tool id → a function that parses and classifies one captured output. */
export const READERS = Object.fromEntries(
  Object.entries(TOOL_READINGS).map(([tool, r]) => [
    tool,
    (text: string, opts: TransferOptions): Reading => {
      const parsed = r.parse(text);
      return { parsed, checks: r.classify(parsed as never, opts) };
    },
  ]),
) as Record<ToolId, Reader>;

/** Reads one captured output of a tool. Throws ParseError (a ToolError) on input that is not that tool's output. */
export function readOutput(tool: ToolId, text: string, opts: TransferOptions): Reading {
  return READERS[tool](text, opts);
}
