import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import {
  KV_FAIL_BELOW_GBPS,
  KV_WARN_BELOW_GBPS,
  readSiblings,
  type SiblingReading,
} from '../judge/port-speeds.js';
import type { IbPort } from '../parsers/ib-port.js';
import { judgePort, layerName, type PortVerdict, rateText, subjectOf } from './ib.js';

/**
 * The node-wide reading of a set of ports (ibstat, ibstatus, ibv_devinfo):
 * each port judged alone (judgePort), then what only the set shows — a port too
 * slow for KV transfer, a slow front-end NIC beside a fast fabric, a down port
 * beside an active one on the same HCA, a port trained below its siblings, and
 * how many EFA devices there are. Bars: references/rdma-devices.md; the bars and the
 * sibling rule are the judge's (judge/port-speeds.ts), the same `pair` uses.
 */

const hardware = (p: IbPort) => p.kind === undefined || p.kind === 'hardware';

/**
 * Re-judges Active hardware ports by speed, knowing what else the node has. A slow port
 * of another link layer or another adapter model than the node's fast (≥ 100 Gb/s) ports
 * is its front-end NIC and is ignored; one whose model is not shown (ibstatus) beside fast
 * ports of its link layer may be either, so it warns; a slow port of the fast ports' own
 * model is a rail trained far down and is held to the bar.
 */
function bySpeed(
  list: { p: IbPort; v: PortVerdict }[],
  models: Record<string, string | undefined>,
  slow: Set<IbPort>,
): void {
  const fast = list.filter((x) => x.v.usable && hardware(x.p) && (x.p.rateGbps ?? 0) >= KV_WARN_BELOW_GBPS);
  const fastLayers = new Set(fast.map((x) => x.p.linkLayer ?? '?'));
  const fastModels = new Set(fast.map((x) => models[x.p.device]));
  for (const x of list) {
    const rate = x.p.rateGbps;
    if (!x.v.usable || !hardware(x.p) || rate === undefined || rate >= KV_WARN_BELOW_GBPS) continue;
    const shown = rateText(x.p) ?? `${rate} Gb/s`;
    const layer = layerName(x.p);
    const model = models[x.p.device];
    const otherModel = model !== undefined && !fastModels.has(undefined) && !fastModels.has(model);
    if (fast.length > 0 && (!fastLayers.has(x.p.linkLayer ?? '?') || otherModel)) {
      x.v = {
        status: 'skipped',
        detail: `${layer} port Active at ${shown} beside ${plural(fast.length, 'port')} of 100 Gb/s or more of another ${otherModel ? 'adapter model' : 'link layer'}: a front-end or management NIC, not a KV-transfer rail; ignored`,
        usable: false,
      };
      continue;
    }
    slow.add(x.p);
    if (fast.length > 0 && model === undefined) {
      x.v = {
        status: 'warn',
        detail: `${layer} port Active at ${shown}, far below the node's other ${layer} ports of 100 Gb/s or more: a rail trained down or a front-end NIC (the adapter model is not shown)`,
        fix: 'if this port is an RDMA rail, check what it negotiated (ethtool, ibportstate), its cable and its switch port; keep KV traffic off it (UCX_NET_DEVICES) either way',
        usable: rate >= KV_FAIL_BELOW_GBPS,
      };
      continue;
    }
    const gbytes = Math.round((rate / 8) * 10) / 10;
    x.v =
      rate < KV_FAIL_BELOW_GBPS
        ? {
            status: 'fail',
            detail: `${layer} port Active at ${shown}: ${gbytes} GB/s of line rate cannot carry disaggregated KV transfer (the cross-node floor is 5 GB/s)`,
            fix: 'carry KV traffic on RDMA NICs of 100 Gb/s or more; if this port should be faster, check what it negotiated (ethtool, ibportstate) and its cable and switch port',
            usable: false,
          }
        : {
            status: 'warn',
            detail: `${layer} port Active at ${shown}: below the 100 Gb/s (12.5 GB/s) links disaggregated serving is sized for; KV transfer will be slow`,
            fix: 'prefer RDMA NICs of 100 Gb/s or more for KV transfer; check the negotiated speed (ethtool, ibportstate) if the port should be faster',
            usable: true,
          };
  }
}

/**
 * Azure renames each RDMA device of a VM by its link layer: Ethernet ones `mlx5_an<N>`, InfiniBand ones
 * `mlx5_ib<N>` (Azure/azhpc-images components/install_azure_persistent_rdma_naming.sh @ 8e9d055f L41-55). The
 * Ethernet one is the Accelerated Networking VF, the VM's front-end NIC on Azure's Ethernet network (OS images,
 * storage, the VNET), beside the dedicated InfiniBand network that carries RDMA (Microsoft, "Accelerated
 * Networking on HB, HC, HBv2, HBv3 and NDv2"): however healthy, its port is not a KV-transfer rail.
 */
export const AZURE_ACCELERATED_NETWORKING = /^mlx5_an\d+$/;

function azureFrontEnd(list: { p: IbPort; v: PortVerdict }[]): void {
  for (const x of list) {
    if (!AZURE_ACCELERATED_NETWORKING.test(x.p.device) || x.p.linkLayer === 'InfiniBand' || x.v.software)
      continue;
    if (x.v.shown === false && x.p.state === 'not-shown') continue;
    // A port the capture did not show whole (cut before its link layer) stays not shown: the cut, not the name,
    // decides whether the devices after it are in the paste.
    x.v = {
      ...(x.v.shown === false ? { shown: false as const } : {}),
      status: 'skipped',
      detail: `${x.p.device} is Azure's Accelerated Networking VF (its name for an Ethernet RDMA device): the VM's front-end NIC on Azure's Ethernet network, not the InfiniBand network (mlx5_ib*) that carries RDMA; not a KV-transfer rail, ignored`,
      usable: false,
      frontEnd: true,
    };
  }
}

/** The physical adapter a device belongs to: its system image GUID, else the device itself. */
const cardOf = (p: IbPort, adapters: Record<string, string | undefined>) => adapters[p.device] ?? p.device;

/** Whether the adapter `p` is on has an Active port: then `p`, down, is that card's spare, not a rail of its own. */
function cardInUse(
  list: readonly { p: IbPort; v: PortVerdict }[],
  p: IbPort,
  adapters: Record<string, string | undefined>,
): boolean {
  return list.some((y) => y.v.usable && cardOf(y.p, adapters) === cardOf(p, adapters));
}

/**
 * A Disabled Ethernet port is normally an unused one (a warning: judgePort), but one of the same
 * adapter model as the node's fastest Active ports (its KV rails, 100 Gb/s or more) is a rail
 * with no carrier (mlx5 and bnxt_re report a RoCE port without carrier as Disabled; on InfiniBand,
 * Disabled is an administrator's act, so it stays judgePort's warning). Where those rails are a set (two or more identical adapters, as one NIC per GPU is) and the
 * switched-off one is a whole adapter (no Active port of its own), a GPU has lost its rail: its KV
 * and NCCL traffic must cross to another GPU's NIC or fail, so it fails, as a rail trained far
 * below its siblings does (judge/port-speeds.ts). A lone rail's twin switched off stays a warning.
 */
function disabledRails(
  list: { p: IbPort; v: PortVerdict }[],
  models: Record<string, string | undefined>,
  adapters: Record<string, string | undefined>,
): void {
  // The node's KV rails: its fastest Active hardware ports, when they are 100 Gb/s or more.
  const up = list.filter((x) => x.v.usable && hardware(x.p));
  const top = Math.max(0, ...up.map((x) => x.p.rateGbps ?? 0));
  const rails = top >= KV_WARN_BELOW_GBPS ? up.filter((x) => x.p.rateGbps === top) : [];
  for (const x of list) {
    const model = models[x.p.device];
    if (x.v.usable || x.p.physState !== 'disabled' || x.p.linkLayer !== 'Ethernet' || !model) continue;
    const same = rails.filter((r) => models[r.p.device] === model && r.p.linkLayer === 'Ethernet');
    if (same.length === 0) continue;
    // A port of an adapter that has another port Active (a dual-port card, its functions as separate
    // devices) is a spare port of a card in use, not a GPU's own rail: it stays a warning.
    const whole = !cardInUse(list, x.p, adapters);
    const lost = whole && same.length >= 2;
    x.v = {
      status: lost ? 'fail' : 'warn',
      detail: `RoCE (Ethernet) port Disabled on the same adapter model (${model}) as the ${plural(same.length, 'Active rail')} at ${same[0]?.p.rateGbps} Gb/s: a rail switched off${lost ? ', so the GPU it serves has no rail of its own (its KV traffic crosses to another NIC or fails)' : ''}`,
      fix: 'enable the port (mlxlink, `ip link set <netdev> up`, or the switch side) and check its cable; until then KV and NCCL traffic run on fewer rails',
      usable: false,
    };
  }
}

/**
 * A Down/Polling port with no LID (judgePort: a spare or a rail, alike on its own) fails where the set
 * shows it is a rail: an Active hardware port of its link layer on another adapter, of its model or with
 * either model not shown, means the node's fabric runs on such ports and this one has no link partner.
 * A port whose own adapter has a port Active (a dual-port card with one port cabled) stays a warning,
 * whatever the other cards show, as does one with no Active port beside it (ib.ports then says whether
 * any port is usable).
 */
function pollingRails(
  list: { p: IbPort; v: PortVerdict }[],
  models: Record<string, string | undefined>,
  adapters: Record<string, string | undefined>,
): void {
  for (const x of list) {
    if (!x.v.polling) continue;
    // A port of an adapter with another port Active is that card's spare (one port cabled): a warning.
    if (cardInUse(list, x.p, adapters)) continue;
    const model = models[x.p.device];
    const rails = list.filter(
      (y) =>
        y.v.usable &&
        hardware(y.p) &&
        cardOf(y.p, adapters) !== cardOf(x.p, adapters) &&
        y.p.linkLayer === x.p.linkLayer &&
        (model === undefined || models[y.p.device] === undefined || models[y.p.device] === model),
    );
    if (rails.length === 0) continue;
    x.v = {
      ...x.v,
      status: 'fail',
      detail: `${layerName(x.p)} port Down/Polling beside ${plural(rails.length, `Active ${layerName(x.p)} port`)} on other adapters${model ? ` (${model})` : ''}: a rail with no link partner`,
      fix: 'check the cable, the transceiver and the switch port this HCA connects to; until then KV and NCCL traffic run on fewer rails',
    };
  }
}

function usableSummary(list: { p: IbPort; v: PortVerdict }[], notShown?: string): Check {
  const shown = list.filter((x) => x.v.shown !== false);
  const usable = list.filter((x) => x.v.usable);
  const hidden = list.length - shown.length;
  if (shown.length === 0) {
    return check(
      'ib.ports',
      'skipped',
      `what decides the use of ${list.length === 1 ? 'its one port' : `its ${list.length} ports`} (its state, or past an Active state its link layer, LID or rate) is not shown: whether this node has a usable RDMA port is not known from this capture`,
      {
        fix: 'capture the whole output (no head/grep): each port block whole, from its State line to its Link layer',
      },
    );
  }
  if (usable.length > 0) {
    const not = shown.length - usable.length;
    return check(
      'ib.ports',
      'ok',
      `${usable.length} of ${plural(shown.length, 'port')} usable${not ? ` (${not} not)` : ''}${hidden ? `; ${hidden} not shown` : ''}`,
      { data: { usable: usable.map((x) => subjectOf(x.p)) } },
    );
  }
  if (shown.every((x) => x.v.software)) {
    return check(
      'ib.ports',
      'fail',
      `no RDMA hardware: ${plural(shown.length, 'port')} of software RDMA (rxe/siw) only`,
      {
        fix: 'disaggregated KV transfer needs RDMA hardware (ConnectX InfiniBand/RoCE or AWS EFA) on this node',
      },
    );
  }
  const active = shown.filter(
    (x) => !x.v.frontEnd && (x.p.state === 'active' || x.p.state === 'active-defer'),
  );
  const slow = active.filter(
    (x) => (x.p.rateGbps ?? Number.POSITIVE_INFINITY) < KV_FAIL_BELOW_GBPS && hardware(x.p),
  );
  return slow.length > 0 && slow.length === active.length
    ? check(
        'ib.ports',
        'fail',
        `no RDMA port fast enough for KV transfer: ${slow.length} of ${plural(shown.length, 'port')} Active, all under ${KV_FAIL_BELOW_GBPS} Gb/s`,
        { fix: 'carry KV traffic on RDMA NICs of 100 Gb/s or more' },
      )
    : (notShown ?? (hidden > 0 || unshownSiblings(list)))
      ? check(
          'ib.ports',
          'warn',
          `${shown.length === 1 ? 'the one port shown is not usable' : `none of the ${shown.length} ports shown is usable`}, but ${notShown ? `${notShown} other ports` : hidden > 0 ? `${plural(hidden, 'other port')} ${hidden === 1 ? 'is' : 'are'} not shown whole (cut or filtered)` : `${unshownSiblings(list)} (numbered before it) are not in the paste`}: whether the node has a usable port is not shown`,
          { fix: 'paste the whole output (every device block with its ports)' },
        )
      : shown.every((x) => x.v.frontEnd)
        ? check(
            'ib.ports',
            'fail',
            `no RDMA port for KV transfer: ${shown.length === 1 ? 'the one port shown is' : `the ${shown.length} ports shown are`} Azure's Accelerated Networking (front-end Ethernet), and no InfiniBand device (mlx5_ib*) is listed`,
            {
              fix: 'run on an InfiniBand-capable Azure size (ND, NC…rs, HB) with the InfiniBand driver installed, so its mlx5_ib devices appear; Accelerated Networking carries no KV transfer',
            },
          )
        : check('ib.ports', 'fail', `no usable RDMA port: 0 of ${shown.length} Active`, {
            fix: 'fix the port problems listed above; no RDMA path exists from this node',
          });
}

/**
 * Devices the kernel numbers from 0 (mlx5_0, mlx5_1, …): a paste that shows mlx5_8 alone
 * has mlx5_0–mlx5_7 on the node but not in the paste. Returns their span, or undefined.
 */
function unshownSiblings(list: { p: IbPort }[]): string | undefined {
  const names = [...new Set(list.map((x) => x.p.device))];
  const byPrefix = new Map<string, number[]>();
  for (const n of names) {
    const m = /^([a-z]+\d*_)(\d+)$/.exec(n);
    if (m) byPrefix.set(m[1] as string, [...(byPrefix.get(m[1] as string) ?? []), Number(m[2])]);
  }
  for (const [prefix, ids] of byPrefix) {
    const missing = Array.from({ length: Math.max(...ids) }, (_, i) => i).filter((i) => !ids.includes(i));
    if (missing.length > 0)
      return missing.length === 1
        ? `${prefix}${missing[0]}`
        : `${prefix}${missing[0]}–${prefix}${missing[missing.length - 1]}`;
  }
  return undefined;
}

/** EFA devices: how many, against the per-instance counts AWS documents. */
function efaCheck(list: { p: IbPort; v: PortVerdict }[]): Check | undefined {
  const efa = list.filter((x) => x.p.kind === 'efa');
  if (efa.length === 0) return undefined;
  const devices = [...new Set(efa.filter((x) => x.v.usable).map((x) => x.p.device))];
  if (devices.length === 0) return undefined;
  return check(
    'rdma.efa',
    'ok',
    `${plural(devices.length, 'EFA device')} Active (${devices.join(', ')}): AWS documents 4 on an 8-GPU p4d/p4de, 32 on p5/p5e, 16 on p5en; fewer than that on one of those means EFA devices not granted to this pod (vpc.amazonaws.com/efa)`,
    { data: { efa: devices } },
  );
}

/**
 * The one sibling rule (judge/port-speeds.ts) over the ports that carry or could carry
 * KV traffic: usable ones and those only too slow, EFA devices aside (rdma.efa counts them).
 */
function siblings(
  list: { p: IbPort; v: PortVerdict }[],
  models: Record<string, string | undefined>,
  slow: ReadonlySet<IbPort>,
): SiblingReading<IbPort>[] {
  return readSiblings(
    list.filter((x) => x.v.usable || slow.has(x.p)).map((x) => x.p),
    (p) =>
      p.kind === 'efa' || p.rateGbps === undefined
        ? undefined
        : {
            linkLayer: p.linkLayer,
            model: models[p.device],
            gbps: p.rateGbps,
            width: p.width,
            laneGbps: p.laneGbps,
          },
  ).filter((r) => r.status !== 'ok');
}

/** `ib.rate`: siblings at different speeds, worded from the rule's reading. */
function rateCheck(r: SiblingReading<IbPort>): Check {
  const at = (g: { signature: string }, ps: IbPort[]) => ps.map((p) => `${subjectOf(p)} at ${g.signature}`);
  const detail = r.norm
    ? `ports of one kind run at different speeds: most at ${r.norm.signature}, ${r.speeds
        .filter((g) => g !== r.norm)
        .flatMap((g) => at(g, g.ports))
        .join(', ')}`
    : `ports of one kind run at different speeds with no majority: ${r.speeds
        .map((g) => `${g.signature} (${g.ports.map(subjectOf).join(', ')})`)
        .join(', ')}; none is held to another's speed`;
  return check('ib.rate', r.status, detail, {
    subject: r.model,
    fix: r.norm
      ? 'a slower or narrower port is a degraded link: reseat or replace the cable/transceiver and check the switch port speed'
      : 'check what each port negotiated (ibstat, mlxlink): a port trained down shows fewer lanes or a slower lane than it supports; a node that mixes adapters runs them at their own rates',
    data: { slow: r.slow.map(subjectOf), odd: r.odd.map(subjectOf) },
  });
}

/**
 * Checks for a set of ports: one `ib.port` per port, `ib.ports` for the count of
 * usable ports (with `notShown`, why other ports may be missing from the capture — a filter or
 * a cut, as hiddenBy words it — none usable among those shown is a warning, never "no usable
 * port"), `ib.rate` when ports of the same kind (link layer and model) run at
 * different effective rates or widths — a 2X HDR port and a 4X EDR port both print
 * `Rate: 100`, so width and lane speed are compared when known — and `rdma.efa`.
 */
export function classifyIbPorts(
  ports: readonly IbPort[],
  models: Record<string, string | undefined> = {},
  notShown?: string,
  adapters: Record<string, string | undefined> = {},
): Check[] {
  if (ports.length === 0) {
    return [
      check('ib.ports', 'fail', 'no InfiniBand/RoCE port found', {
        fix: 'install the HCA driver (MLNX_OFED/DOCA-OFED or inbox mlx5) and check the device plugin exposes it',
      }),
    ];
  }
  const list = ports.map((p) => ({ p, v: judgePort(p) }));
  const slow = new Set<IbPort>();
  bySpeed(list, models, slow);
  azureFrontEnd(list);
  disabledRails(list, models, adapters);
  pollingRails(list, models, adapters);
  for (const x of list) {
    if (x.v.usable || x.v.shown === false || x.v.software) continue;
    const sib = list.find((y) => y.p.device === x.p.device && y.p.port !== x.p.port && y.v.usable);
    if (!sib) continue;
    const beside = `beside ${subjectOf(sib.p)} Active on the same HCA`;
    // Plain ibv_devinfo shows no physical state: next to an Active sibling the likeliest reading is
    // an uncabled second port, but a cable fault looks the same, so it warns instead of failing.
    x.v =
      x.p.state === 'down' && x.p.physState === undefined && x.v.status === 'fail'
        ? {
            status: 'warn',
            detail: `${layerName(x.p)} port Down (physical state not shown), ${beside}: an unused second port or a cable fault`,
            fix: 'run `ibv_devinfo -v` (or ibstat): Disabled or an uncabled port is fine if it carries no rail; Polling on a cabled port is a cable or switch-port fault',
            usable: false,
          }
        : { ...x.v, detail: `${x.v.detail}; ${beside}` };
  }
  const checks: Check[] = list.map(({ p, v }) =>
    check('ib.port', v.status, v.detail, {
      subject: subjectOf(p),
      ...(v.fix ? { fix: v.fix } : {}),
      ...(v.status === 'skipped' && v.shown !== false ? { matters: false } : {}),
      data: { ...p },
    }),
  );
  checks.push(usableSummary(list, notShown));
  for (const r of siblings(list, models, slow)) checks.push(rateCheck(r));
  const efa = efaCheck(list);
  if (efa) checks.push(efa);
  return checks;
}
