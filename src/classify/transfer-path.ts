import { type Check, check } from '../core/model.js';
import { gpuDirectCheck } from '../judge/gpudirect.js';
import { peersCheck } from '../judge/peers.js';
import { isNixl, type TransferCapture as Parsed } from '../judge/run.js';
import { stabilityCheck as judgeStability } from '../judge/stability.js';
import { readTransportCheck } from '../judge/transports.js';
import type { UcxEnv } from '../parsers/ucx-env.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';
import type { Expect } from './transfer-common.js';

/** ucx_perftest per-interval spread (first interval left out), judged by judge/stability.ts. */
export function stabilityCheck(p: UcxPerftestResult): Check {
  return judgeStability(p.stability as NonNullable<UcxPerftestResult['stability']>);
}

/** Where the ranks ran and which lanes UCX used, judged (src/judge/) against the expected link. */
export function pathChecks(p: Parsed, group: string, expect: Expect): Check[] {
  const checks: Check[] = [];
  if (isNixl(p) && p.sameHost !== undefined) {
    checks.push(
      peersCheck(
        group,
        p.sameHost,
        p.workers.map((w) => w.hostname),
        expect,
      ),
    );
  }
  const sameNode =
    p.ucx.endpoints.some((e) => e.scope === 'intra-node') ||
    p.ucx.protocols.some((t) => t.scope === 'intra-node');
  const tcpOnly = !isNixl(p) && p.lanes.length === 0 ? tcpOnlyBy(p.ucxEnv) : undefined;
  checks.push(
    tcpOnly
      ? check(`${group}.transport`, 'warn', `${tcpOnly} (UCX did not log its lanes)`, {
          fix: 'let UCX use RDMA: UCX_TLS with rc or dc (or unset) and an HCA port in UCX_NET_DEVICES (mlx5_0:1)',
        })
      : readTransportCheck(group, p.lanes, expect, p.emulated, sameNode),
  );
  const gdr = gpuDirectCheck(`${group}.gpudirect`, p.ucx.protocols);
  if (gdr) checks.push(gdr);
  return checks;
}

/** UCX_TLS names and aliases that reach an RDMA device: rc/dc/ud (verbs, mlx5, _v, _x), ib, srd (EFA), all. */
const RDMA_TLS = /^(?:all|ib|rc|dc|ud|srd)(?:_\w+)?$/;

/** GPU copy helpers that move no data between hosts (they stage for the network transport). */
const COPY_HELPERS = /^(?:cuda_copy|gdr_copy|rocm_copy)$/;

/**
 * The capture's UCX_TLS allows only RDMA transports (plus copy helpers): whatever UCX picked, the data
 * went over an RDMA device. Not for `^…` exclusion lists or `all`.
 */
export function rdmaOnlyBy(env: UcxEnv | undefined): boolean {
  if (env?.tls === undefined || env.tls.startsWith('^')) return false;
  const tls = env.tls
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return (
    tls.some((t) => RDMA_TLS.test(t) && t !== 'all') &&
    tls.every((t) => (RDMA_TLS.test(t) && t !== 'all') || COPY_HELPERS.test(t))
  );
}

/**
 * Why the capture's UCX settings leave TCP as the only transport between nodes, or undefined
 * when they do not (or cannot be read: `^…` exclusion lists, `all`). UCX_TLS without an RDMA
 * name but with tcp; or UCX_NET_DEVICES naming only network interfaces: RDMA devices are
 * `<hca>:<port>` (uct/ib/base/ib_device.c "%s:%d"), a bare name (eth0, ib0) is a netdev, which
 * only tcp uses. References: references/ucx-output-formats.md.
 */
export function tcpOnlyBy(env: UcxEnv | undefined): string | undefined {
  if (!env) return undefined;
  const list = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (env.tls !== undefined && !env.tls.startsWith('^')) {
    const tls = list(env.tls);
    if (tls.includes('tcp') && !tls.some((t) => RDMA_TLS.test(t)))
      return `UCX_TLS=${env.tls} allows no RDMA transport, so between nodes UCX moves the data over TCP, not RDMA`;
  }
  if (env.netDevices !== undefined) {
    const devs = list(env.netDevices);
    if (devs.length > 0 && !devs.includes('all') && devs.every((d) => !d.includes(':')))
      return `UCX_NET_DEVICES=${env.netDevices} names only network interfaces (no HCA port such as mlx5_0:1): so between nodes UCX can use only tcp, not RDMA`;
  }
  return undefined;
}
