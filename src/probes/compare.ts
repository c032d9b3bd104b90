import { judgePort } from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { DevInfinibandResult } from '../parsers/dev-infiniband.js';
import { type IbDevice, type IbPort, portsOf } from '../parsers/ib-port.js';
import { RDMA_TRANSPORTS, type UcxInfoResult } from '../parsers/ucx-info.js';

/** What the comparison needs from one probed pod or host. */
export interface Compared {
  label: string;
  role?: 'prefill' | 'decode' | undefined;
  node?: string | undefined;
  parsed: Record<string, unknown>;
}

/**
 * The RDMA ports a target can use: Active/LinkUp ports, none at all when the
 * pod has no uverbs device (the HCA is visible in sysfs but not mounted).
 */
function usablePorts(t: Compared): { ports: IbPort[]; why?: string } | undefined {
  const src = (t.parsed.ibstat ?? t.parsed.ibv_devinfo) as { devices: IbDevice[] } | undefined;
  if (!src) return undefined;
  const ports = portsOf(src.devices).filter((p) => judgePort(p).usable);
  const dev = t.parsed['dev-infiniband'] as DevInfinibandResult | undefined;
  if (ports.length > 0 && dev && dev.uverbs.length === 0) {
    return { ports: [], why: `${plural(ports.length, 'port')} Active but no uverbs device mounted` };
  }
  return { ports };
}

function portsText(u: { ports: IbPort[]; why?: string }): string {
  return u.why ?? nicSignature(u.ports);
}

/** "8 × InfiniBand 400 Gb/s" style summary of the usable ports. */
export function nicSignature(ports: readonly IbPort[]): string {
  if (ports.length === 0) return 'no active RDMA port';
  const counts = new Map<string, number>();
  for (const p of ports) {
    const k = `${p.linkLayer ?? 'unknown link layer'} ${p.rateGbps === undefined ? '?' : p.rateGbps} Gb/s`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${n} × ${k}`)
    .join(' + ');
}

function ucxTransports(t: Compared): string[] | undefined {
  const u = (t.parsed.ucx_info ?? t.parsed.ucx_libucp) as UcxInfoResult | undefined;
  return u && u.domains.length > 0 ? [...new Set(u.transports)].sort() : undefined;
}

function names(ts: readonly Compared[]): string {
  return ts.map((t) => t.label).join(', ');
}

/** Groups targets by a signature; targets without one are returned apart. */
function groupBy<T>(ts: readonly Compared[], sig: (t: Compared) => T | undefined, key: (v: T) => string) {
  const groups = new Map<string, { value: T; members: Compared[] }>();
  const unknown: Compared[] = [];
  for (const t of ts) {
    const v = sig(t);
    if (v === undefined) {
      unknown.push(t);
      continue;
    }
    const k = key(v);
    const g = groups.get(k) ?? { value: v, members: [] };
    g.members.push(t);
    groups.set(k, g);
  }
  return { groups: [...groups.values()], unknown };
}

function sameNode(ts: readonly Compared[]): Check[] {
  const prefill = ts.filter((t) => t.role === 'prefill');
  const decode = ts.filter((t) => t.role === 'decode');
  if (prefill.length === 0 || decode.length === 0) return [];
  if ([...prefill, ...decode].some((t) => !t.node)) {
    return [check('compare.same-node', 'skipped', 'the node of a pod is not known yet', { matters: false })];
  }
  const shared = prefill.flatMap((p) => decode.filter((d) => d.node === p.node).map((d) => [p, d] as const));
  if (shared.length > 0) {
    const pairs = shared.map(([p, d]) => `${p.label} and ${d.label} on ${p.node}`).join('; ');
    return [
      check(
        'compare.same-node',
        'warn',
        `prefill and decode share a node (${pairs}): their KV transfer never crosses the fabric`,
        {
          fix: 'spread prefill and decode over nodes (podAntiAffinity) to exercise and test the network path',
          data: { pairs: shared.map(([p, d]) => ({ prefill: p.label, decode: d.label, node: p.node })) },
        },
      ),
    ];
  }
  const where = (xs: Compared[]) => [...new Set(xs.map((x) => x.node))].join(', ');
  return [
    check(
      'compare.same-node',
      'ok',
      `prefill on ${where(prefill)}, decode on ${where(decode)}: transfers cross nodes`,
    ),
  ];
}

function nics(ts: readonly Compared[]): Check[] {
  const { groups, unknown } = groupBy(ts, usablePorts, portsText);
  if (unknown.length > 0) {
    return [
      check(
        'compare.nics',
        'skipped',
        `RDMA ports are not known for ${names(unknown)} (ibstat/ibv_devinfo did not run)`,
        {
          matters: false,
        },
      ),
    ];
  }
  if (groups.length <= 1) {
    return [
      check(
        'compare.nics',
        'ok',
        `same RDMA ports everywhere: ${groups[0] ? portsText(groups[0].value) : 'none'}`,
      ),
    ];
  }
  const detail = groups.map((g) => `${names(g.members)}: ${portsText(g.value)}`).join('; ');
  if (groups.some((g) => g.value.ports.length === 0)) {
    return [
      check(
        'compare.nics',
        'fail',
        `some have no usable RDMA port while others do (${detail}): transfers between them cannot use RDMA`,
        {
          fix: 'bring up or grant the RDMA ports on the pods without any (ibstat; the pod needs the RDMA device-plugin resource)',
        },
      ),
    ];
  }
  return [
    check(
      'compare.nics',
      'warn',
      `different RDMA ports (${detail}): the pair runs at the slower side's rate`,
      {
        fix: 'give prefill and decode the same NICs (same node type and RDMA resource request)',
      },
    ),
  ];
}

function transports(ts: readonly Compared[]): Check[] {
  const { groups, unknown } = groupBy(ts, ucxTransports, (v) => v.join(','));
  if (unknown.length > 0) {
    return [
      check(
        'compare.ucx-transports',
        'skipped',
        `UCX transports are not known for ${names(unknown)} (neither ucx_info -d nor NIXL's libucp answered)`,
        {
          matters: false,
        },
      ),
    ];
  }
  if (groups.length <= 1) {
    return [
      check(
        'compare.ucx-transports',
        'ok',
        `same UCX transports everywhere: ${groups[0]?.value.join(', ') ?? 'none'}`,
      ),
    ];
  }
  const rdma = (v: string[]) => v.filter((t) => RDMA_TRANSPORTS.has(t));
  const detail = groups.map((g) => `${names(g.members)}: ${g.value.join(', ')}`).join('; ');
  if (groups.some((g) => rdma(g.value).length === 0) && groups.some((g) => rdma(g.value).length > 0)) {
    return [
      check(
        'compare.ucx-transports',
        'fail',
        `RDMA transports on one side only (${detail}): UCX falls back to TCP between them`,
        {
          fix: 'make UCX see the HCA on every worker (mount /dev/infiniband, same image and UCX build)',
        },
      ),
    ];
  }
  return [
    check(
      'compare.ucx-transports',
      'warn',
      `UCX transports differ (${detail}): only the common ones can be used`,
      {
        fix: 'run the same image and UCX build with the same devices on prefill and decode',
      },
    ),
  ];
}

/**
 * Compares probed pods (or hosts): do prefill and decode share a node, have the
 * same usable RDMA ports, and the same UCX transports? Needs at least two targets.
 */
export function compareTargets(ts: readonly Compared[]): Check[] {
  if (ts.length < 2) return [];
  return [...sameNode(ts), ...nics(ts), ...transports(ts)];
}
