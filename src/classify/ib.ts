import type { Check } from '../core/model.js';
import type { IbPort } from '../parsers/ib-port.js';

/**
 * Port judgement shared by ibstat, ibstatus and ibv_devinfo readings
 * (rdma-core ibstat.c; NVIDIA MLNX_OFED "RDMA over Converged Ethernet (RoCE)" docs;
 * test/fixtures/node/<tool>/INDEX.md). A port carries RDMA traffic
 * only when Active and LinkUp; on InfiniBand it also needs a LID from a subnet
 * manager. RoCE (link layer Ethernet) has no SM and LID 0 there is normal.
 */

/** No LID assigned (IB): 0 or the permissive LID 65535. */
function noLid(lid: number | undefined): boolean {
  return lid === undefined ? false : lid === 0 || lid === 65535;
}

export function subjectOf(p: IbPort): string {
  return `${p.device}/${p.port}`;
}

/** "400 Gb/s (4X NDR)", "100 Gb/s", or undefined when nothing is known. */
export function rateText(p: IbPort): string | undefined {
  if (p.rateGbps === undefined) return undefined;
  const shape =
    p.width !== undefined && p.speed
      ? ` (${p.width}X ${p.speed})`
      : p.width !== undefined
        ? ` (${p.width}X)`
        : '';
  return `${p.rateGbps} Gb/s${shape}`;
}

/** "InfiniBand", "RoCE (Ethernet)", "EFA", … as port details name a port's kind. */
export function layerName(p: IbPort): string {
  if (p.kind === 'efa') return 'EFA';
  if (p.linkLayer === 'Ethernet') return 'RoCE (Ethernet)';
  if (p.linkLayer === 'InfiniBand') return 'InfiniBand';
  if (p.linkLayer === 'Unspecified') return 'link layer unspecified';
  return p.notInfiniBand ? 'non-InfiniBand (RoCE, iWARP or EFA)' : 'link layer unknown';
}

export type PortVerdict = {
  status: Check['status'];
  detail: string;
  fix?: string;
  usable: boolean;
  /** The port is a software RDMA device's (rxe, siw): never RDMA hardware. */
  software?: boolean;
  /** false when the capture did not show what decides the port's use: its state, the link layer its LID needs, or past an Active state any of link layer, LID and rate (trimmed, filtered or cut). */
  shown?: false;
  /**
   * Down/Polling with no LID from a subnet manager: no link partner, which an uncabled spare port
   * shows as much as a rail with a cable fault. classifyIbPorts fails it where the set shows a rail.
   */
  polling?: true;
  /** A front-end NIC of the platform's (Azure's Accelerated Networking VF): never a KV-transfer rail. */
  frontEnd?: true;
};

const SOFT: Partial<Record<NonNullable<IbPort['kind']>, string>> = {
  'soft-roce': 'Soft-RoCE (rxe)',
  'soft-iwarp': 'SoftiWARP (siw)',
  software: 'software RDMA',
};

const STATE_WORD: Record<IbPort['state'], string> = {
  active: 'Active',
  'active-defer': 'Active',
  down: 'Down',
  init: 'Initializing',
  armed: 'Armed',
  unknown: 'in an unknown state',
  'not-shown': 'state not shown',
};

/**
 * The judgement of one port. Soft RDMA (rxe, siw) fails whatever its state: the
 * kernel emulates RDMA over an ordinary NIC, with no offload and no GPUDirect RDMA.
 * EFA has no LID and no subnet manager by design (efa_query_port sets neither).
 */
export function judgePort(p: IbPort): PortVerdict {
  // The device's name or vendor alone says it is software (rxe0): that holds whatever its state line says, or if it was cut.
  const soft = p.kind ? SOFT[p.kind] : undefined;
  if (soft) {
    return {
      status: 'fail',
      detail: `${soft} port ${STATE_WORD[p.state]}: RDMA emulated by the kernel over an ordinary NIC, with no offload and no GPUDirect RDMA: not RDMA hardware, never trusted for KV transfer`,
      fix: 'run disaggregated serving on nodes with RDMA hardware (ConnectX InfiniBand/RoCE, AWS EFA); remove the soft device (`rdma link delete <dev>`) so UCX and NCCL cannot pick it',
      usable: false,
      software: true,
    };
  }
  if (p.state === 'not-shown') {
    return {
      status: 'skipped',
      detail:
        'port state not shown (the capture has no state line for this port: trimmed or filtered); not judged',
      usable: false,
      shown: false,
    };
  }
  const roce = p.linkLayer === 'Ethernet';
  const layer = layerName(p);
  if (p.physState === 'disabled') {
    if (roce) {
      // mlx5 reports an Ethernet port with no carrier (an unplugged cable, a dead transceiver) as
      // phys state Disabled too (references/rdma-devices.md), so Disabled is not proof of "unused":
      // a warning, as the same state on an InfiniBand port is, never a silent skip.
      return {
        status: 'warn',
        detail: `${layer} port Disabled: no link (an unused port and an unplugged cable both show Disabled on mlx5 Ethernet ports)`,
        fix: 'if this port should carry KV traffic, check its cable and transceiver (`ethtool <netdev>`, `mlxlink -d <dev>`); a front-end NIC left unused can be ignored',
        usable: false,
      };
    }
    return {
      status: 'warn',
      detail: `${layer} port Down/Disabled: this port carries no traffic`,
      fix: 'if this rail should carry KV traffic, enable the port (ibportstate … enable / mlxlink) and check its cable; otherwise ignore it',
      usable: false,
    };
  }
  if (p.state === 'down') {
    if (p.physState === 'polling') {
      // An InfiniBand port polls for a link partner from the moment it is enabled, cabled or not
      // (an uncabled second port polls too: references/rdma-devices.md). A LID from the subnet manager
      // says it was linked and configured, so in use: it lost its partner. Without one it is a spare
      // or a rail, which only the node's other ports can tell (classifyIbPorts).
      const lid = p.lid !== undefined && !noLid(p.lid);
      return lid
        ? {
            status: 'fail',
            detail: `${layer} port Down/Polling: no link partner`,
            fix: 'check the cable, the transceiver and the switch port this HCA connects to',
            usable: false,
          }
        : {
            status: 'warn',
            detail: `${layer} port Down/Polling: no link partner (an uncabled spare port polls too; on a rail it is a cable or switch-port fault)`,
            fix: 'if this port should carry KV traffic, check the cable, the transceiver and the switch port; an uncabled spare port can be ignored',
            usable: false,
            polling: true,
          };
    }
    if (p.physState === 'link-up') {
      return {
        status: 'fail',
        detail: `${layer} port Down although the PHY is LinkUp (logical port not active, e.g. an SR-IOV VF)`,
        fix: 'check the VF/port configuration on the host (network-operator, mlxconfig) and the subnet manager',
        usable: false,
      };
    }
    if (p.physState === undefined && p.cut) {
      // The paste ends inside this port's line, before its physical state: not shown, never a fault by itself.
      return {
        status: 'warn',
        detail: `${layer} port Down; the paste is cut before its physical state (Disabled: switched off; Polling: no link partner)`,
        fix: 'paste the whole line (`rdma link`, or `ibstat`): Disabled means unused; Polling means a cable or switch-port problem',
        usable: false,
      };
    }
    if (p.physState === undefined) {
      // Plain ibv_devinfo does not print phys_state, a filtered ibstat may keep only State lines, and a
      // paste may be cut inside the line (`state DOWN physical_s`): Down is then Disabled (an unused
      // port: a warning, on InfiniBand as on Ethernet) or Polling (a cable fault): not shown, so
      // never more than the lesser of the two. The node-wide ib.ports still fails with no usable port.
      return {
        status: 'warn',
        detail: `${layer} port Down (physical state${p.linkLayer === undefined ? ' and link layer' : ''} not shown: an unused port and a cut cable look alike)`,
        fix: 'run `ibv_devinfo -v`: Disabled means unused; Polling means a cable or switch-port problem',
        usable: false,
      };
    }
    return {
      status: 'fail',
      detail: `${layer} port Down${p.physState ? `/${p.physState}` : ''}`,
      fix: 'bring the link up: check cable, switch port and port configuration',
      usable: false,
    };
  }
  if (p.state === 'init' || p.state === 'armed') {
    const what = p.state === 'init' ? 'Initializing' : 'Armed';
    return {
      status: 'fail',
      detail: `${layer} port ${what}${noLid(p.lid) ? ', no LID' : ''}: the link trained but no subnet manager activated the port`,
      fix: 'run a subnet manager on the fabric (opensm or the switch SM) and check it sees this port',
      usable: false,
    };
  }
  if (p.state !== 'active' && p.state !== 'active-defer') {
    return {
      status: 'fail',
      detail: `${layer} port state unknown`,
      fix: 'check the port with ibstat and ibv_devinfo -v',
      usable: false,
    };
  }
  return judgeActive(p);
}

/** An Active port: judged on what of its physical state, link layer, LID and rate is shown. */
function judgeActive(p: IbPort): PortVerdict {
  const efa = p.kind === 'efa';
  const roce = p.linkLayer === 'Ethernet';
  const ibLike = !efa && (p.linkLayer === 'InfiniBand' || (p.linkLayer === undefined && !p.notInfiniBand));
  const layer = layerName(p);
  const rate = rateText(p);
  if (p.physState !== undefined && p.physState !== 'link-up') {
    return {
      status: 'fail',
      detail: `${layer} port Active but physical state ${p.physState}`,
      fix: 'check the cable and the switch port; the link is not stable',
      usable: false,
    };
  }
  if (p.linkLayer === undefined && !efa && noLid(p.lid)) {
    // The link layer decides what LID 0 means (ibstat prints "Link layer:" last, where a paste is cut):
    // normal on RoCE, no subnet manager on InfiniBand. Not shown, so whether the port is usable is not either.
    return {
      status: 'warn',
      detail: `port Active with LID ${p.lid} and its link layer not shown: normal on RoCE (Ethernet has no LID), no subnet manager on InfiniBand`,
      fix: 'paste the whole port block (its Link layer line), or run `ibv_devinfo` for link_layer',
      usable: false,
      shown: false,
    };
  }
  if (
    p.linkLayer === undefined &&
    !efa &&
    !p.notInfiniBand &&
    p.lid === undefined &&
    p.rateGbps === undefined
  ) {
    // Past its state, nothing is shown that judges the port (a paste cut inside the port block before
    // ibstat's `Rate:`/`Base lid:`/`Link layer:` or ibv_devinfo's `port_lid:`/`link_layer:`, or a
    // filter that hid them): not its link layer (what kind of port, so whether it needs a LID from
    // a subnet manager), not its LID, not its rate (what it can carry). Active alone is not usable:
    // not shown, never passed (issue 38, principle 2). What is shown still fails when it is a fault
    // (Down, Polling, Init), above.
    return {
      status: 'skipped',
      detail: `port ${STATE_WORD[p.state]}${p.physState === 'link-up' ? '/LinkUp' : ''}, but its rate, link layer and LID are not shown (the paste stops or is filtered before them): whether it is usable is not shown; not judged`,
      fix: 'paste the whole port block (ibstat: Rate, Base lid, Link layer; ibv_devinfo -v: active_width, active_speed, port_lid, link_layer)',
      usable: false,
      shown: false,
    };
  }
  if (ibLike && noLid(p.lid)) {
    return {
      status: 'fail',
      detail: `${layer} port Active but has no LID (${p.lid})`,
      fix: 'check the subnet manager: it has not assigned this port a LID',
      usable: false,
    };
  }
  if (ibLike && p.linkLayer === 'InfiniBand' && p.smLid === 0) {
    return {
      status: 'warn',
      detail: `${layer} port Active with SM lid 0: no subnet manager is reachable`,
      fix: 'check the subnet manager is running and reachable from this port',
      usable: true,
    };
  }
  const extra = efa
    ? 'no LID or subnet manager (EFA uses neither; the rate an EFA driver reports is not a link measurement)'
    : roce
      ? 'no subnet manager needed'
      : ibLike && p.lid === undefined && p.smLid === undefined
        ? 'LID and SM lid not shown'
        : ibLike
          ? `LID ${p.lid ?? 'not shown'}, SM lid ${p.smLid ?? 'not shown'}`
          : 'no LID needed';
  return {
    status: 'ok',
    // The physical state as the paste shows it: plain `ibv_devinfo` and `rdma link`'s NOP show none.
    detail: `${layer} port Active${p.physState === undefined ? ' (physical state not shown)' : '/LinkUp'}${rate ? `, ${rate}` : ''}, ${extra}${p.vf ? `; an SR-IOV VF (${p.vf})` : ''}`,
    usable: true,
  };
}
