/**
 * THE rule for a node's port speeds, used by `read`/`node` (classify/ib-ports.ts, from
 * ibstat, ibstatus, ibv_devinfo) and by `pair` (judge/siblings.ts, from the probe pod's
 * sysfs listing). Pure. references/judge.md ("Ports below their siblings") and
 * references/rdma-devices.md give it with its sources.
 *
 * Principle: a port's rate is what it trained to, not what it can do (sysfs and the
 * ib tools show no "max"), so the bar for a port comes from its siblings — the Active
 * ports of the same kind on the same node: one link layer and one adapter model as
 * shown. A port whose model is not shown is a sibling only of ports whose model is not
 * shown either (a driver that names no model is not the one that does; ibstatus shows
 * no model at all, so there every port of a link layer is one kind).
 *
 * The bar is set only by a strict majority: a speed held by at least two siblings and
 * by more of them than any other speed. A port below it is slow and is held to it.
 * Without a strict majority (two ports at two speeds, four at 400 beside four at 200)
 * nothing on the node says which speed is the norm — the faster ports may be another
 * card, the slower ones may sit on another switch — so no port is called slow or held
 * to another's bar; but siblings that disagree are never a pass: a warning that names
 * every speed. A port above the majority, or at its rate with another width (a 2X HDR
 * port among 4X EDR ports both print 100 Gb/s), is named in a warning too.
 *
 * How bad: a slow port of a known model is a rail trained down (fail); when the model
 * is not shown it may be a front-end NIC of another model on the same link layer (warn).
 */

/** What the rule reads of one Active port. */
export interface PortSpeed {
  /** `InfiniBand`, `Ethernet`, …; undefined when not shown. */
  linkLayer?: string | undefined;
  /** The adapter model (ibstat `CA type`, sysfs `hca_type`), when shown. */
  model?: string | undefined;
  /** Effective line rate, Gb/s. */
  gbps: number;
  /** Active lanes, when shown (ibstatus, sysfs rate, `ibv_devinfo -v`). */
  width?: number | undefined;
  /** Per-lane speed in Gb/s, when shown. */
  laneGbps?: number | undefined;
}

/** The ports of one kind that run at one speed. */
export interface SpeedGroup<T> {
  /** `400 Gb/s`, with width and lane speed when shown: `100 Gb/s 2X 50G/lane`. */
  signature: string;
  gbps: number;
  ports: T[];
}

export type SiblingStatus = 'ok' | 'warn' | 'fail';

/** The rule's reading of one kind of port on one node. */
export interface SiblingReading<T> {
  linkLayer: string | undefined;
  model: string | undefined;
  /** Every speed the kind's ports run at: most ports first, the faster first among equals. */
  speeds: SpeedGroup<T>[];
  /** The speed a strict majority runs at (at least two ports, more than any other speed). */
  norm?: SpeedGroup<T>;
  /** Ports below the norm's rate: held to it. */
  slow: T[];
  /** Ports named but not held to a bar: above the norm or at its rate with another width, or every port when there is no norm. */
  odd: T[];
  /** fail: a slow port of a known model; warn: a slow port of no shown model, or siblings that disagree; ok: one speed. */
  status: SiblingStatus;
}

/** Below this an Active port fails alone: its line rate (≤ 5 GB/s) cannot clear the 5 GB/s cross-node floor. */
export const KV_FAIL_BELOW_GBPS = 50;
/** Below this it warns: the RDMA links disaggregated deployments use are 100 Gb/s (12.5 GB/s) or more. */
export const KV_WARN_BELOW_GBPS = 100;

export function speedSignature(s: PortSpeed): string {
  return `${s.gbps} Gb/s${s.width !== undefined ? ` ${s.width}X` : ''}${s.laneGbps !== undefined ? ` ${s.laneGbps}G/lane` : ''}`;
}

/**
 * Reads a node's Active ports kind by kind. `speed` says what a port is; a port it
 * returns undefined for (not Active, no rate shown, not taking part) is left out.
 * Kinds come in the order their first port was listed.
 */
export function readSiblings<T>(
  ports: readonly T[],
  speed: (p: T) => PortSpeed | undefined,
): SiblingReading<T>[] {
  const kinds = new Map<string, { linkLayer?: string; model?: string; ports: [T, PortSpeed][] }>();
  for (const p of ports) {
    const s = speed(p);
    if (s === undefined) continue;
    const key = `${s.linkLayer ?? ''}|${s.model ?? ''}`;
    const kind = kinds.get(key) ?? { ports: [], linkLayer: s.linkLayer, model: s.model };
    kind.ports.push([p, s]);
    kinds.set(key, kind);
  }
  return [...kinds.values()].map((k) => readKind(k.linkLayer, k.model, k.ports));
}

function readKind<T>(
  linkLayer: string | undefined,
  model: string | undefined,
  ports: [T, PortSpeed][],
): SiblingReading<T> {
  const bySig = new Map<string, SpeedGroup<T>>();
  for (const [p, s] of ports) {
    const signature = speedSignature(s);
    const g = bySig.get(signature) ?? { signature, gbps: s.gbps, ports: [] };
    g.ports.push(p);
    bySig.set(signature, g);
  }
  const speeds = [...bySig.values()].sort((a, b) => b.ports.length - a.ports.length || b.gbps - a.gbps);
  const [top, next] = speeds;
  const norm =
    top && top.ports.length >= 2 && (!next || next.ports.length < top.ports.length) ? top : undefined;
  const slow = norm ? speeds.filter((g) => g.gbps < norm.gbps).flatMap((g) => g.ports) : [];
  const odd = norm
    ? speeds.filter((g) => g !== norm && g.gbps >= norm.gbps).flatMap((g) => g.ports)
    : speeds.length > 1
      ? speeds.flatMap((g) => g.ports)
      : [];
  const status: SiblingStatus =
    slow.length > 0 && model !== undefined ? 'fail' : slow.length > 0 || odd.length > 0 ? 'warn' : 'ok';
  return { linkLayer, model, speeds, ...(norm ? { norm } : {}), slow, odd, status };
}
