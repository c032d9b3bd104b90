import type { Capture } from './captures.table.js';

/** Corpus batch b12 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b12: Capture[] = [
  {
    file: 'ibv_devinfo/deepep-55-ib-vf-ports-active-headless-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/55',
    expert: 'no-problem',
    why: 'IB VFs (MT4126, CX-7 firmware): the tail of one port block and mlx5_3, both PORT_ACTIVE on InfiniBand with LIDs from an SM; mlx5_4 cut after its first line',
  },
  {
    file: 'dmesg/arm-nas-16-cx5-mlx5-core-boot-no-peer-memory-lines.txt',
    tool: 'dmesg',
    source: 'https://github.com/geerlingguy/arm-nas/issues/16',
    expert: 'not-judged',
    why: 'dmesg | grep mlx5 on an Arm NAS: a ConnectX-5 probing cleanly (x8 Gen3, cable plugged); nothing about GPU peer memory in it, so GPUDirect RDMA is not shown either way',
  },
  {
    file: 'fi_info/libfabric-5689-efa-rdm-dgrm-rxd-c5n.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/5689',
    expert: 'no-problem',
    why: 'fi_info -p efa on c5n.18xlarge: the EFA provider with an RDM endpoint (efa_0-rdm, FI_PROTO_EFA), a DGRAM endpoint and the rxd layering: EFA is present and usable by libfabric',
  },
];
