/** The classifiers: parsed tool output → checks. Pure functions; see each module for the reasoning. */
export { crossProbe, type ProbeSet } from './cross.js';
export { classifyDmesgPeermem } from './dmesg-peermem.js';
export { classifyFiInfo } from './fi-info.js';
export { classifyGdrcopy, classifyLsmod } from './gdr.js';
export { classifyNvlinkStatus, classifyTopo, crossNvlinkTopo } from './gpu.js';
export { judgePort } from './ib.js';
export { classifyIbPorts } from './ib-ports.js';
export { classifyIbstat, classifyIbstatus, classifyIbvDevinfo } from './ib-tools.js';
export { classifyMemlock } from './memlock.js';
export { isToolId, TOOLS, type ToolId, toolMissing, toolRefused } from './missing.js';
export { classifyNcclTests } from './nccl-tests.js';
export { classifyP2p, crossP2pTopo } from './p2p.js';
export { classifyPerftest } from './perftest.js';
export { classifyDevInfiniband, classifyShowGids } from './rdma.js';
export { classifyRdmaLink } from './rdma-link.js';
export { hiddenBy, type Shown } from './shown.js';
export {
  classifyTransfer,
  type Expect,
  type TransferOptions,
} from './transfer.js';
export { classifyUcxInfo } from './ucx.js';
export { cutRowOf, notUnderstoodCheck } from './unread.js';
export { classifyVerbsOpen } from './verbs-open.js';
