import { CATALOG, type CatalogEntry, CRITICAL, FAMILIES, type Fabric, familyOf } from './catalog.js';

/**
 * Renders references/interconnect-env-vars.md from the catalog. The file is
 * generated (npm run env-catalog); test/env-catalog.test.ts fails when the
 * committed file and this rendering differ.
 */

const FABRICS: [Fabric, string][] = [
  ['ib', 'InfiniBand'],
  ['roce', 'RoCE'],
  ['nvlink', 'NVLink / MNNVL'],
  ['efa', 'AWS EFA'],
];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function entryLines(e: CatalogEntry): string[] {
  const out = [`### \`${e.name}\`${e.critical ? ' (disagg-critical)' : ''}`, '', e.what, ''];
  if (e.default) out.push(`Default: ${e.default}.`, '');
  if (e.values.any) {
    out.push(`Good value (any fabric): ${e.values.any}.`, '');
  } else {
    out.push('| Fabric | Good value |', '|---|---|');
    for (const [key, label] of FABRICS) out.push(`| ${label} | ${cell(e.values[key] ?? 'not applicable')} |`);
    out.push('');
  }
  out.push(`Why it matters for disagg: ${e.disagg}`, '');
  const notes: string[] = [];
  if (e.checks?.length) notes.push(`Checked by ${e.checks.map((c) => `\`${c}\``).join(', ')}.`);
  if (e.pdLocal) notes.push('May differ between prefill and decode (`env.pd-mismatch` ignores it).');
  if (notes.length) out.push(notes.join(' '), '');
  return out;
}

export function renderCatalogMarkdown(): string {
  const out: string[] = [
    '# Interconnect environment variables',
    '',
    '<!-- Generated from src/env/catalog*.ts by `npm run env-catalog`. Do not edit by hand: edit the catalog and regenerate. -->',
    '',
    'The variables that decide how KV cache moves from prefill to decode workers in NVIDIA Dynamo',
    'disaggregated serving (NIXL over UCX, or libfabric on EFA), and the collective libraries that',
    'multi-node workers use. `interconnect-test env` reports every variable of the families below',
    'per service, with where it is set, and checks the values described here.',
    '',
    '## Which names `env` reports',
    '',
    '| Names | Library | Kind | What it is |',
    '|---|---|---|---|',
  ];
  for (const f of FAMILIES) {
    out.push(`| \`${f.match}${f.exact ? '' : '*'}\` | ${f.title} | ${f.kind} | ${cell(f.about)} |`);
  }
  out.push(
    '',
    '## The disagg-critical six',
    '',
    `${CRITICAL.map((n) => `\`${n}\``).join(', ')}.`,
    '',
    'When a prefill or decode worker leaves one of these unset, `env.missing-critical` warns: the image may',
    'set them, so confirm the values in a running pod with `interconnect-test node` and the KV path',
    'itself with `interconnect-test pair`. Aggregated graphs (no prefill/decode) do not need them. In a pod',
    'granted its fabric (an RDMA resource or DRA claim, or a ComputeDomain) that sees no other NIC (no',
    'hostNetwork, not privileged; for `NCCL_SOCKET_IFNAME`, no secondary network) the defaults pick that',
    'fabric by themselves, so unset is ok there. Where the pod sees other NICs (privileged, hostNetwork), a',
    '`UCX_NET_DEVICES` of RDMA ports leaves UCX no device to pick, and a single-node worker sends no NCCL',
    'traffic out of its pod, so unset is ok there too (references/env-rules.md).',
    '',
  );
  for (const f of FAMILIES) {
    const entries = CATALOG.filter((e) => familyOf(e.name) === f);
    if (entries.length === 0) continue;
    out.push(`## ${f.title}`, '', f.about, '');
    for (const e of entries) out.push(...entryLines(e));
  }
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}
