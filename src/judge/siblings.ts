import { type Check, check } from '../core/model.js';
import { readSiblings, type SiblingReading, type SiblingStatus } from './port-speeds.js';

/**
 * `pair`'s side of the one port-speed rule (port-speeds.ts): the ports a probe pod
 * listed in /sys/class/infiniband, read against their siblings. A port below a strict
 * majority of its siblings does not set its own bar: it is held to their rate (a 400G
 * rail that trained down to 200G after a bad cable is judged at 400) and is itself
 * reported. references/expected-bandwidth.md ("Where the line rate comes from") and
 * references/judge.md give the rule.
 */

/** One RDMA port as the probe pod saw it in /sys/class/infiniband (see probe-script.ts). */
export interface NicPort {
  device: string;
  port: number;
  /** Line rate in Gb/s (`400 Gb/sec (4X NDR)` → 400). */
  rateGbps?: number;
  /** Active lanes and per-lane speed, when the rate names them (`4X NDR` → 4, 100). */
  width?: number;
  laneGbps?: number;
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

/** The rule's reading of a node's ports: Active ports with a rate take part. */
export function readNicPorts(ports: readonly NicPort[]): SiblingReading<NicPort>[] {
  return readSiblings(ports, (p) =>
    p.active && p.rateGbps !== undefined
      ? { linkLayer: p.linkLayer, model: p.model, gbps: p.rateGbps, width: p.width, laneGbps: p.laneGbps }
      : undefined,
  );
}

/** The rate a strict majority of the port's siblings run at; undefined without one. */
export function siblingRate(p: NicPort, ports: readonly NicPort[]): SiblingRate | undefined {
  const same = (q: NicPort) => q === p || (q.device === p.device && q.port === p.port);
  const r = readNicPorts(ports).find((k) => k.speeds.some((g) => g.ports.some(same)));
  if (!r?.norm) return undefined;
  return { gbps: r.norm.gbps, count: r.norm.ports.length, sameModel: r.model !== undefined };
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

/** The ports below a strict majority of their siblings, in the order the pod listed them. */
export function slowPorts(ports: readonly NicPort[]): SlowPort[] {
  const out = readNicPorts(ports).flatMap((r) =>
    r.norm
      ? r.slow.map((port) => ({
          port,
          siblings: {
            gbps: r.norm?.gbps ?? 0,
            count: r.norm?.ports.length ?? 0,
            sameModel: r.model !== undefined,
          },
        }))
      : [],
  );
  return out.sort((a, b) => ports.indexOf(a.port) - ports.indexOf(b.port));
}

function portName(p: NicPort): string {
  return p.port === 1 ? p.device : `${p.device}:${p.port}`;
}

const WORSE: Record<SiblingStatus, number> = { ok: 0, warn: 1, fail: 2 };

/** Siblings that disagree without one being slow: above the majority, or no majority at all. */
function oddText(r: SiblingReading<NicPort>): string | undefined {
  if (r.odd.length === 0) return undefined;
  const at = (g: { signature: string; ports: NicPort[] }, only: (p: NicPort) => boolean = () => true) =>
    `${g.ports.filter(only).map(portName).join(', ')} at ${g.signature}`;
  if (!r.norm)
    return `${r.speeds.map((g) => at(g)).join(', ')}: no majority of one kind, so none is held to another's rate`;
  const norm = r.norm;
  const above = r.speeds.filter((g) => g !== norm && g.ports.some((p) => r.odd.includes(p)));
  return `${above.map((g) => at(g)).join(', ')}, above its ${norm.ports.length} siblings at ${norm.signature}`;
}

/**
 * `pair.nic-rate` for one node, from the one port-speed rule: each port below
 * a strict majority of its siblings fails (a warning when its model is not
 * shown); siblings that disagree with no majority, or a port above it, warn.
 * The down ports the pod can see are named beside them, not dropped. A down
 * port of the same known model as the live ones is a rail switched off: a
 * warning. Down ports of no known model are named in an ok check (a dual-port
 * HCA's unused second port is common). Undefined when every port the pod sees
 * is up and its siblings agree.
 */
export function nicRateCheck(node: string, ports: readonly NicPort[]): Check | undefined {
  const readings = readNicPorts(ports);
  const slow = slowPorts(ports);
  const odd = readings.flatMap((r) => oddText(r) ?? []);
  const down = ports.filter((p) => !p.active);
  if (slow.length === 0 && odd.length === 0 && down.length === 0) return undefined;
  const live = ports.filter((p) => p.active && p.rateGbps !== undefined);
  const downText =
    down.length > 0 ? `down: ${down.map(portName).join(', ')} (seen by the pod, carry nothing)` : '';
  const oddPorts = readings.flatMap((r) =>
    r.odd.map((p) => ({ device: p.device, port: p.port, gbps: p.rateGbps })),
  );
  const data = {
    slow: slow.map((s) => ({
      device: s.port.device,
      port: s.port.port,
      gbps: s.port.rateGbps,
      siblingsGbps: s.siblings.gbps,
    })),
    ...(oddPorts.length > 0 ? { odd: oddPorts } : {}),
    down: down.map((p) => ({ device: p.device, port: p.port })),
  };
  const models = new Set(live.map((p) => p.model).filter((m) => m !== undefined));
  const railOff = down.filter((p) => p.model !== undefined && models.has(p.model));
  if (slow.length > 0 || odd.length > 0) {
    const parts = slow.map(
      (s) =>
        `${portName(s.port)} trained to ${s.port.rateGbps} Gb/s, its ${s.siblings.count} siblings to ${s.siblings.gbps}${s.siblings.sameModel ? '' : ' (adapter model not shown: it may be another NIC)'}`,
    );
    const status = readings
      .map((r) => r.status)
      .reduce((a, b) => (WORSE[b] > WORSE[a] ? b : a), railOff.length > 0 ? 'warn' : 'ok');
    return check('pair.nic-rate', status, [...parts, ...odd, ...(downText ? [downText] : [])].join('; '), {
      subject: node,
      fix:
        slow.length > 0
          ? "reseat or replace the slow port's cable or transceiver and check its width and speed (`ibstat`, `mlxlink -d <dev> -m`); its bar stays at its siblings' rate"
          : 'check what each port negotiated (`ibstat`, `mlxlink -d <dev> -m`): a port trained down shows fewer lanes or a slower lane than it supports; a node that mixes adapters runs them at their own rates',
      data,
    });
  }
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
