import { type Check, check } from '../core/model.js';

/**
 * What a port should run at, from its siblings: the rate most ports of the
 * same adapter model and link layer on the same node trained to. A port that
 * negotiated less (a 400G rail that trained down to 200G after a bad cable or
 * a dirty connector) does not set its own bar: it is held to its siblings'
 * rate, and is itself reported. Pure. references/expected-bandwidth.md
 * ("Where the line rate comes from") and references/judge.md give the rule.
 *
 * Siblings: active ports with a rate, of the same link layer, and of the same
 * adapter model when both models are known. A port whose model is not known
 * beside ports of a known model is compared with its link layer alone, and a
 * slower one is a warning, not a failure (it may be a front-end NIC of
 * another model). A port of another model is no sibling (a 100G front-end NIC
 * beside 400G rails). A majority needs at least two siblings agreeing, more
 * than any other rate.
 */

/** One RDMA port as the probe pod saw it in /sys/class/infiniband (see probe-script.ts). */
export interface NicPort {
  device: string;
  port: number;
  /** Line rate in Gb/s (`400 Gb/sec (4X NDR)` → 400). */
  rateGbps?: number;
  active: boolean;
  /** `InfiniBand` or `Ethernet` (RoCE). */
  linkLayer?: string;
  /** The adapter model (sysfs `hca_type`, e.g. `MT4129`), when the probe read it. */
  model?: string;
}

export interface SiblingRate {
  /** The rate most siblings trained to, Gb/s. */
  gbps: number;
  /** How many siblings ran at that rate (the port itself not counted when it ran slower). */
  count: number;
  /** Whether the port and its siblings are known to be of the same model. */
  sameModel: boolean;
}

function siblingsOf(p: NicPort, ports: readonly NicPort[]): { list: NicPort[]; sameModel: boolean } {
  const live = ports.filter(
    (q) =>
      q !== p &&
      q.active &&
      q.rateGbps !== undefined &&
      !(q.device === p.device && q.port === p.port) &&
      (q.linkLayer ?? '') === (p.linkLayer ?? ''),
  );
  if (p.model !== undefined) {
    const same = live.filter((q) => q.model === p.model);
    // Ports of another known model are not siblings; ports of no known model are, loosely.
    if (same.length > 0) return { list: same, sameModel: true };
    return { list: live.filter((q) => q.model === undefined), sameModel: false };
  }
  return { list: live, sameModel: false };
}

/** The rate most of the port's siblings run at; undefined without a clear majority of at least two. */
export function siblingRate(p: NicPort, ports: readonly NicPort[]): SiblingRate | undefined {
  const { list, sameModel } = siblingsOf(p, ports);
  // The port itself votes too: two ports at 400 and two at 200 have no majority.
  const counts = new Map<number, number>();
  const voters = p.active && p.rateGbps !== undefined ? [...list, p] : list;
  for (const q of voters) counts.set(q.rateGbps as number, (counts.get(q.rateGbps as number) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const [top, next] = ranked;
  if (!top || top[1] < 2 || (next && next[1] === top[1])) return undefined;
  return { gbps: top[0], count: top[1], sameModel };
}

/**
 * The rate a port is expected to carry: its siblings' when it trained below
 * them, else its own. `slowBy` says what it is held to when it is slow.
 */
export function expectedRate(p: NicPort, ports: readonly NicPort[]): { gbps: number; slowBy?: SiblingRate } {
  const own = p.rateGbps ?? 0;
  const sib = siblingRate(p, ports);
  if (p.active && sib && own < sib.gbps) return { gbps: sib.gbps, slowBy: sib };
  return { gbps: own };
}

/** A port below its siblings, named with both rates (`mlx5_3 trained to 200 Gb/s, its 7 siblings to 400`). */
export interface SlowPort {
  port: NicPort;
  siblings: SiblingRate;
}

export function slowPorts(ports: readonly NicPort[]): SlowPort[] {
  const out: SlowPort[] = [];
  for (const p of ports) {
    if (!p.active || p.rateGbps === undefined) continue;
    const e = expectedRate(p, ports);
    if (e.slowBy) out.push({ port: p, siblings: e.slowBy });
  }
  return out;
}

function portName(p: NicPort): string {
  return p.port === 1 ? p.device : `${p.device}:${p.port}`;
}

/**
 * `pair.nic-rate` for one node: each port below its siblings fails (a warning
 * when its model is not shown), and the down ports the pod can see are named
 * beside them, not dropped. A down port of the same known model as the live
 * ones is a rail switched off: a warning. Down ports of no known model are
 * named in an ok check (a dual-port HCA's unused second port is common).
 * Undefined when every port the pod sees is up and at its siblings' rate.
 */
export function nicRateCheck(node: string, ports: readonly NicPort[]): Check | undefined {
  const slow = slowPorts(ports);
  const down = ports.filter((p) => !p.active);
  if (slow.length === 0 && down.length === 0) return undefined;
  const live = ports.filter((p) => p.active && p.rateGbps !== undefined);
  const downText =
    down.length > 0 ? `down: ${down.map(portName).join(', ')} (seen by the pod, carry nothing)` : '';
  const data = {
    slow: slow.map((s) => ({
      device: s.port.device,
      port: s.port.port,
      gbps: s.port.rateGbps,
      siblingsGbps: s.siblings.gbps,
    })),
    down: down.map((p) => ({ device: p.device, port: p.port })),
  };
  if (slow.length > 0) {
    const parts = slow.map(
      (s) =>
        `${portName(s.port)} trained to ${s.port.rateGbps} Gb/s, its ${s.siblings.count} siblings to ${s.siblings.gbps}${s.siblings.sameModel ? '' : ' (adapter model not shown: it may be another NIC)'}`,
    );
    return check(
      'pair.nic-rate',
      slow.some((s) => s.siblings.sameModel) ? 'fail' : 'warn',
      [...parts, ...(downText ? [downText] : [])].join('; '),
      {
        subject: node,
        fix: "reseat or replace the slow port's cable or transceiver and check its width and speed (`ibstat`, `mlxlink -d <dev> -m`); its bar stays at its siblings' rate",
        data,
      },
    );
  }
  const models = new Set(live.map((p) => p.model).filter((m) => m !== undefined));
  const railOff = down.filter((p) => p.model !== undefined && models.has(p.model));
  const rates = [...new Set(live.map((p) => p.rateGbps))].join('/');
  const detail = `${live.length} active port${live.length === 1 ? '' : 's'}${rates ? ` at ${rates} Gb/s` : ''}; ${downText}`;
  return check('pair.nic-rate', railOff.length > 0 ? 'warn' : 'ok', detail, {
    subject: node,
    ...(railOff.length > 0
      ? {
          fix: `${railOff.map(portName).join(', ')} is the model of the live rails: a rail switched off; check its cable and \`ibstat\``,
        }
      : {}),
    data,
  });
}
