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

function reader<T>(
  parse: (text: string) => T,
  classify: (parsed: T, opts: TransferOptions) => Check[],
): Reader {
  return (text, opts) => {
    const parsed = parse(text);
    return { parsed, checks: classify(parsed, opts) };
  };
}

/** Tool id → parser and classifier. */
export const READERS: Record<ToolId, Reader> = {
  ibstat: reader(parseIbstat, classifyIbstat),
  ibstatus: reader(parseIbstatus, classifyIbstatus),
  ibv_devinfo: reader(parseIbvDevinfo, classifyIbvDevinfo),
  topo: reader(parseNvidiaSmiTopo, classifyTopo),
  nvlink: reader(parseNvidiaSmiNvlink, classifyNvlinkStatus),
  lsmod: reader(parseLsmod, (r) => classifyLsmod(r)),
  'dev-infiniband': reader(parseDevInfiniband, classifyDevInfiniband),
  show_gids: reader(parseShowGids, classifyShowGids),
  memlock: reader(parseMemlock, classifyMemlock),
  ucx_info: reader(parseUcxInfo, classifyUcxInfo),
  nixlbench: reader(parseNixlbench, classifyTransfer),
  ucx_perftest: reader(parseUcxPerftest, classifyTransfer),
  gdrcopy: reader(parseGdrcopy, classifyGdrcopy),
};

/** Reads one captured output of a tool. Throws ParseError (a ToolError) on input that is not that tool's output. */
export function readOutput(tool: ToolId, text: string, opts: TransferOptions): Reading {
  return READERS[tool](text, opts);
}
