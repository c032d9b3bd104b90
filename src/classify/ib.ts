import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
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

export type PortVerdict = { status: Check['status']; detail: string; fix?: string; usable: boolean };

/** The judgement of one port. */
export function judgePort(p: IbPort): PortVerdict {
  const roce = p.linkLayer === 'Ethernet';
  const layer = roce ? 'RoCE (Ethernet)' : p.linkLayer === 'InfiniBand' ? 'InfiniBand' : 'link layer unknown';
  const rate = rateText(p);
  if (p.physState === 'disabled') {
    if (roce) {
      // An administratively disabled Ethernet port is a front-end/storage NIC left unused
      // (gpud fixture h100…3-eth-disabled: "compute fabric healthy … some non-compute Ethernet ports down").
      return { status: 'skipped', detail: `${layer} port Disabled: not in use, ignored`, usable: false };
    }
    return {
      status: 'warn',
      detail: `${layer} port Down/Disabled: this HCA carries no traffic`,
      fix: 'if this rail should carry KV traffic, enable the port (ibportstate … enable / mlxlink) and check its cable; otherwise ignore it',
      usable: false,
    };
  }
  if (p.state === 'down') {
    if (p.physState === 'polling') {
      return {
        status: 'fail',
        detail: `${layer} port Down/Polling: no link partner`,
        fix: 'check the cable, the transceiver and the switch port this HCA connects to',
        usable: false,
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
    if (p.physState === undefined && roce) {
      // Plain ibv_devinfo does not print phys_state: an unused Ethernet port and a cut cable look alike.
      return {
        status: 'warn',
        detail: `${layer} port Down (physical state not shown)`,
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
  if (p.physState !== undefined && p.physState !== 'link-up') {
    return {
      status: 'fail',
      detail: `${layer} port Active but physical state ${p.physState}`,
      fix: 'check the cable and the switch port; the link is not stable',
      usable: false,
    };
  }
  if (!roce && noLid(p.lid)) {
    return {
      status: 'fail',
      detail: `${layer} port Active but has no LID (${p.lid})`,
      fix: 'check the subnet manager: it has not assigned this port a LID',
      usable: false,
    };
  }
  if (!roce && p.linkLayer === 'InfiniBand' && p.smLid === 0) {
    return {
      status: 'warn',
      detail: `${layer} port Active with SM lid 0: no subnet manager is reachable`,
      fix: 'check the subnet manager is running and reachable from this port',
      usable: true,
    };
  }
  const extra = roce ? 'no subnet manager needed' : `LID ${p.lid ?? '?'}, SM lid ${p.smLid ?? '?'}`;
  return {
    status: 'ok',
    detail: `${layer} port Active/LinkUp${rate ? `, ${rate}` : ''}, ${extra}`,
    usable: true,
  };
}

/** A port's speed signature: effective rate plus width and lane speed when known. */
function signature(p: IbPort): string {
  return `${p.rateGbps ?? '?'} Gb/s${p.width !== undefined ? ` ${p.width}X` : ''}${p.laneGbps !== undefined ? ` ${p.laneGbps}G/lane` : ''}`;
}

/**
 * Checks for a set of ports: one `ib.port` per port, `ib.ports` for the count of
 * usable ports, and `ib.rate` when ports of the same kind (link layer and model)
 * run at different effective rates or widths — a 2X HDR port and a 4X EDR port
 * both print `Rate: 100`, so width and lane speed are compared when known.
 */
export function classifyIbPorts(
  ports: readonly IbPort[],
  models: Record<string, string | undefined> = {},
): Check[] {
  const checks: Check[] = [];
  const usable: IbPort[] = [];
  for (const p of ports) {
    const v = judgePort(p);
    if (v.usable) usable.push(p);
    checks.push(
      check('ib.port', v.status, v.detail, {
        subject: subjectOf(p),
        ...(v.fix ? { fix: v.fix } : {}),
        ...(v.status === 'skipped' ? { matters: false } : {}),
        data: { ...p },
      }),
    );
  }
  if (ports.length === 0) {
    checks.push(
      check('ib.ports', 'fail', 'no InfiniBand/RoCE port found', {
        fix: 'install the HCA driver (MLNX_OFED/DOCA-OFED or inbox mlx5) and check the device plugin exposes it',
      }),
    );
    return checks;
  }
  const down = ports.length - usable.length;
  checks.push(
    usable.length === 0
      ? check('ib.ports', 'fail', `no usable RDMA port: 0 of ${ports.length} Active`, {
          fix: 'fix the port problems listed above; no RDMA path exists from this node',
        })
      : check(
          'ib.ports',
          'ok',
          `${usable.length} of ${plural(ports.length, 'port')} usable${down ? ` (${down} not)` : ''}`,
          {
            data: { usable: usable.map(subjectOf) },
          },
        ),
  );
  const groups = new Map<string, IbPort[]>();
  for (const p of usable) {
    const key = `${p.linkLayer ?? '?'}|${models[p.device] ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const [key, list] of groups) {
    const bySig = new Map<string, IbPort[]>();
    for (const p of list) bySig.set(signature(p), [...(bySig.get(signature(p)) ?? []), p]);
    if (bySig.size < 2) continue;
    const sorted = [...bySig.entries()].sort((a, b) => b[1].length - a[1].length);
    const [common] = sorted[0] as [string, IbPort[]];
    const odd = sorted.slice(1).flatMap(([sig, ps]) => ps.map((p) => `${subjectOf(p)} at ${sig}`));
    checks.push(
      check(
        'ib.rate',
        'warn',
        `ports of one kind run at different speeds: most at ${common}, ${odd.join(', ')}`,
        {
          subject: key.split('|')[1] || undefined,
          fix: 'a slower or narrower port is a degraded link: reseat or replace the cable/transceiver and check the switch port speed',
        },
      ),
    );
  }
  return checks;
}
