import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import {
  type P2pCapability,
  type P2pCode,
  type P2pMatrix,
  type P2pResult,
  p2pCapabilityOf,
} from '../parsers/nvidia-smi-p2p.js';

/**
 * `nvidia-smi topo -p2p`: which GPU pairs CUDA lets reach each other's memory directly. NCCL
 * reads the same NVML read/write status (NVIDIA/nccl `src/graph/paths.cc`, `ncclTopoCheckP2p`):
 * a pair that is not OK gets no P2P transport (NCCL stages through host memory, SHM), and between
 * NVLink-connected GPUs NCCL stops with "P2P is disabled between NVLINK connected GPUs"; UCX's
 * cuda_ipc, which a same-node prefill→decode transfer uses, needs the same peer mapping. So every
 * pair not OK is named with what its code means and what to change. It works, slower, unless
 * NVLink joins the pair (then NCCL refuses): a warning. With `n` (NVLink) a pair not OK is a pair
 * with no NVLink P2P; with `a` (atomics) peer atomics only, which copies do not need.
 * references/read-evidence.md cites the sources.
 */

const MEANING: Record<Exclude<P2pCode, 'OK'>, { what: string; fix: string }> = {
  CNS: {
    what: 'chipset not supported',
    fix: 'the PCIe root complex/IOMMU blocks peer traffic: check ACS and IOMMU in BIOS (ACS off or iommu=pt) and the platform’s P2P support',
  },
  GNS: {
    what: 'GPU not supported',
    fix: 'these GPUs (or this driver) do not offer peer access (GeForce cards over PCIe): use data-center GPUs or NVLink for same-node KV',
  },
  TNS: {
    what: 'topology not supported',
    fix: 'the path between them (across CPU sockets or host bridges) does not allow P2P: place prefill and decode GPUs under one PCIe switch or on NVLink',
  },
  NS: {
    what: 'not supported',
    fix: 'peer access is not available for this pair: check the driver and GPU model',
  },
  DR: {
    what: 'disabled by regkey',
    fix: 'a driver registry key (NVreg_RegistryDwords) turns P2P off: remove it from the nvidia module options',
  },
  U: { what: 'unknown', fix: 'the driver could not tell: check `nvidia-smi -q` and the kernel log' },
};

const CAPABILITY: Record<P2pCapability, string> = {
  r: 'P2P read',
  w: 'P2P write',
  rw: 'P2P read/write',
  n: 'NVLink P2P',
  a: 'P2P atomics',
  p: 'P2P (prop)',
};

/** Each unordered pair once, with its code (the worse of the two directions when they differ). */
function pairs(m: P2pMatrix): { a: string; b: string; code: P2pCode }[] {
  const out: { a: string; b: string; code: P2pCode }[] = [];
  for (const [i, a] of m.gpus.entries())
    for (const b of m.gpus.slice(i + 1)) {
      const ab = m.cells[a]?.[b];
      const ba = m.cells[b]?.[a];
      const code = ab && ab !== 'OK' ? ab : (ba ?? ab);
      if (code) out.push({ a, b, code });
    }
  return out;
}

function judge(m: P2pMatrix, capability: P2pCapability | undefined, subject: string | undefined): Check {
  const what = capability ? CAPABILITY[capability] : 'P2P';
  const all = pairs(m);
  const of = (m.gpus.length * (m.gpus.length - 1)) / 2;
  const notShown = of - all.length;
  const shownNote = notShown > 0 ? `; ${plural(notShown, 'pair')} not shown (the matrix is cut)` : '';
  const bad = all.filter((p) => p.code !== 'OK');
  const at = subject ? { subject } : {};
  if (all.length === 0)
    return check(
      'nvlink.p2p',
      'skipped',
      `${what}: no GPU pair shown (${plural(m.gpus.length, 'GPU')} in the header)`,
      {
        ...at,
        fix: 'paste the whole matrix',
      },
    );
  if (bad.length === 0)
    return check(
      'nvlink.p2p',
      'ok',
      `${what} OK between all ${plural(all.length, 'GPU pair')} shown (${m.gpus.join(', ')})${shownNote}`,
      { ...at, data: { pairs: all.length, ok: all.length } },
    );
  const byCode = new Map<P2pCode, string[]>();
  for (const p of bad) byCode.set(p.code, [...(byCode.get(p.code) ?? []), `${p.a}↔${p.b}`]);
  const list = [...byCode]
    .map(
      ([code, ps]) =>
        `${code} (${MEANING[code as Exclude<P2pCode, 'OK'>].what}): ${ps.slice(0, 6).join(', ')}${ps.length > 6 ? ` +${ps.length - 6} more` : ''}`,
    )
    .join('; ');
  const consequence =
    capability === 'n'
      ? 'those pairs have no NVLink: peer traffic between them, if any, goes over PCIe'
      : capability === 'a'
        ? 'peer atomics are off there; copies may still be peer-to-peer (check `-p2p r` and `w`)'
        : 'CUDA peer access is off there: NCCL stages through host memory (SHM) and UCX cuda_ipc cannot map the peer GPU, so same-node KV between them is slower; between NVLink-connected GPUs NCCL refuses to start';
  const fixes = [...byCode.keys()].map((c) => MEANING[c as Exclude<P2pCode, 'OK'>].fix);
  return check(
    'nvlink.p2p',
    'warn',
    `${what} not OK for ${bad.length} of ${plural(all.length, 'GPU pair')} — ${list}: ${consequence}${shownNote}`,
    { ...at, fix: fixes.join('; '), data: { pairs: all.length, notOk: bad.length } },
  );
}

export function classifyP2p(r: P2pResult, opts: { commands?: readonly string[] } = {}): Check[] {
  const typed = (opts.commands ?? []).map(p2pCapabilityOf).filter((c): c is P2pCapability => c !== undefined);
  const checks: Check[] = [];
  const many = r.matrices.length > 1;
  for (const [k, m] of r.matrices.entries()) {
    // A matrix with no typed command before it in its text takes the paste's one command, if only one ran.
    const cap = m.capability ?? (typed.length === 1 ? typed[0] : typed[k]);
    checks.push(judge(m, cap, many ? `line ${m.line}` : undefined));
  }
  if (r.matrices.length === 0)
    checks.push(
      check(
        'nvlink.p2p',
        'skipped',
        `nvidia-smi printed no matrix: ${r.usageErrors.map((e) => `line ${e.line}: ${e.text}`).join('; ')}`,
        { fix: 'run `nvidia-smi topo -p2p r` (the capability is one of r, w, n, a, p)' },
      ),
    );
  return checks;
}

/**
 * `topo -p2p` beside `topo -m` in one paste: a pair joined by NVLink (NV# in the topology) whose
 * P2P read/write status is not OK is what NCCL refuses outright (`ncclTopoCheckP2p`: "P2P is
 * disabled between NVLINK connected GPUs … probably due to a hardware issue", ncclUnhandledCudaError),
 * so TP and KV on that NVLink fail to start: a FAIL. On GB200/GB300 it is the fabric (fabric manager,
 * IMEX) not admitting the GPU; elsewhere a link or GPU fault.
 */
export function crossP2pTopo(
  p2p: P2pResult,
  topo: { matrix: Record<string, Record<string, string>> },
  opts: { commands?: readonly string[] } = {},
): Check[] {
  const typed = (opts.commands ?? []).map(p2pCapabilityOf).filter((c) => c !== undefined);
  const nv = (a: string, b: string) => /^NV\d+$/.exec(topo.matrix[a]?.[b] ?? topo.matrix[b]?.[a] ?? '')?.[0];
  const joined: string[] = [];
  const refused: string[] = [];
  for (const m of p2p.matrices) {
    const cap = m.capability ?? (typed.length === 1 ? typed[0] : undefined);
    if (cap === 'n' || cap === 'a') continue;
    for (const p of pairs(m)) {
      const link = nv(p.a, p.b);
      if (!link) continue;
      joined.push(`${p.a}↔${p.b}`);
      if (p.code !== 'OK') refused.push(`${p.a}↔${p.b} (${link}, P2P ${p.code})`);
    }
  }
  if (joined.length === 0) return [];
  if (refused.length === 0)
    return [
      check(
        'nvlink.p2p-nvlink',
        'ok',
        `P2P OK on all ${plural(new Set(joined).size, 'NVLink-connected pair')} that topo -m shows`,
      ),
    ];
  return [
    check(
      'nvlink.p2p-nvlink',
      'fail',
      `NVLink-connected but P2P not OK: ${refused.slice(0, 6).join(', ')}${refused.length > 6 ? ` +${refused.length - 6} more` : ''} — NCCL stops there ("P2P is disabled between NVLINK connected GPUs", ncclUnhandledCudaError), so TP and KV over that NVLink do not start`,
      {
        fix: 'on GB200/GB300 check the fabric state (`nvidia-smi -q | grep -A5 Fabric`: fabric manager/IMEX must admit the GPU); elsewhere reset the GPUs or have the NVLink/GPU checked; NCCL_IGNORE_DISABLED_P2P=1 only hides it',
      },
    ),
  ];
}
