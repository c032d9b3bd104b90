import { type Check, check } from '../core/model.js';
import { isPdLocal } from './catalog.js';
import type { ServiceCtx } from './graph-rules.js';
import type { TransportVar } from './schema.js';
import { parseUcxTls } from './ucx.js';

/**
 * `env.pd-mismatch`: only what decides whether the two ends of one KV transfer can meet must
 * agree between prefill and decode; everything else is each side's own and may differ on purpose
 * (a CPU or Trainium prefill pool beside a GPU decode pool, decode-only tuning).
 *
 * Must agree (the pair):
 * - UCX_TLS: UCX connects two workers over a transport both have enabled (the wireup matches
 *   transport names between the two addresses, openucx/ucx `src/ucp/wireup/select.c`), so the two
 *   lists need one inter-process transport in common, not the same list.
 * - FI_PROVIDER: libfabric endpoints talk only to the same provider.
 * - NIXL_ETCD_ENDPOINTS: the agents find each other's metadata in that store (NIXL's etcd
 *   metadata exchange); two stores and they never meet.
 * - UCX_IB_ADDR_TYPE: the IB address each side publishes (ib_global/ib_local) must be one the
 *   other can route to.
 * - With KV over NCCL (vLLM P2pNcclConnector): NCCL_IB_DISABLE and NCCL_NET_PLUGIN pick NCCL's
 *   network, which both ranks of the KV communicator must share; over MPI (TRT-LLM): OMPI_MCA_pml.
 * The engine's transfer backend and NIXL plugin are judged by `env.kv-path`.
 *
 * Each side's own (listed, never a warning): device names (UCX_NET_DEVICES, NCCL_IB_HCA: other
 * nodes, other NICs), GPU-side switches (UCX_IB_GPU_DIRECT_RDMA, gdrcopy, cuda_ipc: a CPU prefill
 * has no GPU), thresholds and tuning (UCX_RNDV_*, UCX_MAX_RNDV_RAILS, NCCL_*: NCCL carries each
 * worker's own TP collectives, not KV), GID index, QoS, logging. references/env-rules.md cites them.
 */

const PAIR = new Set(['FI_PROVIDER', 'NIXL_ETCD_ENDPOINTS', 'UCX_IB_ADDR_TYPE']);
const PAIR_BY_TRANSPORT: Record<string, string[]> = {
  NCCL: ['NCCL_IB_DISABLE', 'NCCL_NET_PLUGIN'],
  MPI: ['OMPI_MCA_pml'],
};
/** Transports that carry data between two processes (UCX `self` and the copy engines do not). */
const BETWEEN = /^(rc_|dc_|ud_|srd$|tcp$|cuda_ipc$|rocm_ipc$|ze_ipc$|posix$|sysv$|xpmem$|knem$|cma$)/;

function shown(v: TransportVar | undefined): string {
  if (!v) return 'unset';
  return v.visible && v.value !== undefined ? v.value : `<${v.ref ?? v.source}>`;
}

/** UCX_TLS of two sides: undefined when they share a transport (or one is unset or hidden), else why not. */
function tlsApart(a: TransportVar | undefined, b: TransportVar | undefined): string | undefined {
  if (!a?.visible || !b?.visible || a.value === undefined || b.value === undefined) return undefined;
  const x = parseUcxTls(a.value).enabled.filter((t) => BETWEEN.test(t));
  const y = new Set(parseUcxTls(b.value).enabled.filter((t) => BETWEEN.test(t)));
  return x.some((t) => y.has(t))
    ? undefined
    : `UCX_TLS: prefill ${a.value}, decode ${b.value} have no transport in common`;
}

/** Prefill and decode must agree on what lets their ends meet: compare every prefill with every decode. */
export function pdMismatchCheck(
  prefill: ServiceCtx[],
  decode: ServiceCtx[],
  subject: string,
): Check | undefined {
  if (prefill.length === 0 || decode.length === 0) return undefined;
  const apart: string[] = [];
  const own = new Set<string>();
  const many = prefill.length > 1 || decode.length > 1;
  for (const p of prefill)
    for (const d of decode) {
      const pair = new Set(PAIR);
      for (const c of [p, d])
        for (const n of PAIR_BY_TRANSPORT[c.facts?.kv?.transport ?? ''] ?? []) pair.add(n);
      const vp = p.svc.transportVars;
      const vd = d.svc.transportVars;
      const which = many ? ` (${p.svc.name} vs ${d.svc.name})` : '';
      const tls = tlsApart(vp.UCX_TLS, vd.UCX_TLS);
      if (tls) apart.push(`${tls}${which}`);
      for (const n of [...new Set([...Object.keys(vp), ...Object.keys(vd)])].sort()) {
        const a = shown(vp[n]);
        const b = shown(vd[n]);
        if (a === b || isPdLocal(n) || (n === 'UCX_TLS' && tls)) continue;
        if (pair.has(n)) apart.push(`${n}: prefill ${a}, decode ${b}${which}`);
        else own.add(`${n} (prefill ${a}, decode ${b})`);
      }
    }
  const owns = [...own];
  const ownNote = owns.length
    ? `; each side's own, allowed to differ: ${owns.slice(0, 4).join(', ')}${owns.length > 4 ? `, +${owns.length - 4} more` : ''}`
    : '';
  if (apart.length === 0) {
    const n = Object.keys(prefill[0]?.svc.transportVars ?? {}).filter((k) => !isPdLocal(k)).length;
    const base =
      n === 0 && owns.length === 0
        ? 'neither prefill nor decode sets a transport variable (beyond logging), so they cannot disagree'
        : owns.length === 0
          ? `prefill and decode set the same ${n} transport variable${n === 1 ? '' : 's'}`
          : 'prefill and decode agree on what lets their ends meet (a UCX transport in common, the same provider and metadata store)';
    return check('env.pd-mismatch', 'ok', `${base}${ownNote}`, { subject, data: { allowed: owns } });
  }
  return check(
    'env.pd-mismatch',
    'warn',
    `prefill and decode cannot meet as set — ${apart.join('; ')}${ownNote}`,
    {
      subject,
      fix: 'give prefill and decode a UCX transport in common and the same FI_PROVIDER, NIXL_ETCD_ENDPOINTS and UCX_IB_ADDR_TYPE',
      data: { differences: apart, allowed: owns },
    },
  );
}
