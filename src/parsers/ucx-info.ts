import { ParseError } from './errors.js';
import { cleanLines, isLastLine, type Line, type NotUnderstood, promptCommand } from './lines.js';
import { capabilityRows, ucpContext } from './ucx-info-fragments.js';
import { restoreHash } from './ucx-info-hash.js';
import type { UcxInfoResult, UcxMemoryDomain } from './ucx-info-types.js';
import { ucxLogFailures } from './ucx-log-failures.js';

/** UCX's log prefix (src/ucs/debug/log.c): `[1643916642.829082] [host:pid:tid]`. */
const UCX_LOG = /^\[\d+\.\d+\]\s+\[[^\]]+\]/;

export type { UcxInfoResult, UcxMemoryDomain } from './ucx-info-types.js';

/** Every UCT transport name `ucx_info -d` prints (beyond RDMA and CUDA ones): a name cut short is a prefix of one. */
const OTHER_TRANSPORTS = [
  'self',
  'tcp',
  'posix',
  'sysv',
  'cma',
  'knem',
  'xpmem',
  'mm',
  'rocm_copy',
  'rocm_ipc',
  'rocm_gdr',
  'ze_copy',
  'ze_ipc',
  'ugni_rdma',
  'ugni_udt',
  'ugni_smsg',
];

/**
 * The lines `ucx_info -v` prints, recognised with or without their "# ": ≥ 1.14 src/tools/info/version_info.c
 * (`Library version:` … `Configured with:`); ≤ 1.11 build_info.c:18-19 (`UCT version=%s revision %s`, then
 * `configured with: %s` in lower case).
 */
const VERSION_FIELD =
  /^(?:Library version: \d|Library path: \S|API headers version: \d|Git branch '[^']*', revision \w|[Cc]onfigured with: |UCT version=\d)/;
const TOOL = 'ucx_info';
/** The memory domain and device of a transport line whose section a filter did not keep. */
export const NOT_SHOWN = '(not shown)';
const FIX = 'pass the output of `ucx_info -d` (and `ucx_info -v`)';

// One list for every parser and judge (parsers/ucx-transports.ts).
export { CUDA_TRANSPORTS, RDMA_TRANSPORTS, RMA_RDMA_TRANSPORTS } from './ucx-transports.js';

import { CUDA_TRANSPORTS as CUDA_TLS, RDMA_TRANSPORTS as RDMA_TLS } from './ucx-transports.js';

export function parseUcxInfo(text: string): UcxInfoResult {
  const lines = restoreHash(cleanLines(text));
  const domains: UcxMemoryDomain[] = [];
  let domain: UcxMemoryDomain | undefined;
  let version: string | undefined;
  let configure: string | undefined;
  let transport: string | undefined;
  let first: { no: number; text: string } | undefined;
  // A Transport line whose Device line a filter dropped (`grep gdr_copy` keeps "Transport: gdr_copy" only):
  // the transport is real, its device is not shown. A whole output always prints the Device line next.
  // UCX ≤ 1.6 prints one Transport line and then a Device line per device (v1.6.0 tl_info.c:335, :131).
  let devices = 0;
  let transportIndent = 0;
  let elided = false;
  let ran = false;
  let lastTransport: { name: string; no: number } | undefined;
  const build: Record<string, string> = {};
  const notUnderstood: NotUnderstood[] = [];
  const flush = () => {
    if (transport !== undefined && domain && devices === 0)
      domain.transports.push({ name: transport, device: NOT_SHOWN });
    transport = undefined;
    devices = 0;
  };
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    first ??= { no: line.no, text: t };
    if (/^(?:\[\s*(?:\.{3}|…)\s*\]|\.{3}|…)$/.test(t)) {
      elided = true;
      continue;
    }
    // `ucx_info -v`'s fields (version_info.c) pasted without their leading "# " (issue 38, principle 1):
    // "Library version: 1.20.0", "Library path:", "API headers version:", "Git branch '…', revision …",
    // "Configured with: …" are still the version block.
    const versionField = VERSION_FIELD.test(t);
    if (!t.startsWith('#') && !versionField) {
      // ucx_info prints nothing else; a command echo or prompt is tolerated. Other text is read around and named
      // (issue 38, principle 1): UCX's own log lines when UCX_LOG_LEVEL was raised, a line retyped badly. A paste
      // with no ucx_info line at all is still refused below.
      if (/^\$?\s*ucx_info\b/.test(t) || /[#$]\s*ucx_info\b/.test(t)) {
        ran = true;
        continue;
      }
      if (promptCommand(line.text) !== undefined) {
        if (/\bucx_info\b/.test(promptCommand(line.text) as string)) ran = true;
        continue;
      }
      notUnderstood.push({
        line: line.no,
        text: t,
        why: UCX_LOG.test(t)
          ? 'a UCX log line, not ucx_info output'
          : 'not a ucx_info line (each starts with "#")',
      });
      continue;
    }
    const body = versionField ? t : t.replace(/^#\s?/, '').trim();
    // `ucx_info -b`: config.h's `#define NAME VALUE` lines (build_info.c), no space after the `#`.
    const def = /^#define\s+(\w+)(?:\s+(.*?))?\s*$/.exec(t);
    if (def) {
      build[def[1] as string] = (def[2] ?? '').replace(/^"|"$/g, '');
      continue;
    }
    // `ucx_info -v`: "# UCT version=1.8.0 revision …" (≤ 1.8, build_info.c:18), "# Version 1.13.0" (1.9–1.13,
    // build_info.c), "# Library version: 1.17.0" (≥ 1.14, version_info.c:19; "API headers version" is the build's).
    const v =
      /^(?:UCT|UCX)?\s*Version[ =](\d+\.\d+(?:\.\d+)?)/i.exec(body) ??
      /^Library version: (\d+\.\d+(?:\.\d+)?)/.exec(body);
    if (v) {
      version = v[1];
      continue;
    }
    const conf = /^[Cc]onfigured with: (.*)$/.exec(body);
    if (conf) {
      configure = conf[1];
      continue;
    }
    const md = /^Memory domain: (\S+)$/.exec(body);
    if (md) {
      flush();
      domain = { name: md[1] as string, transports: [], noDevices: false };
      domains.push(domain);
      transport = undefined;
      continue;
    }
    // "# Connection manager: rdmacm" sections (UCX ≥ 1.10) list no transports; they end the memory domain.
    if (/^Connection manager: /.test(body)) {
      flush();
      domain = undefined;
      continue;
    }
    const tl = /^Transport: (\S+)$/.exec(body);
    if (tl && !domain) {
      // A filter that kept Transport lines but no "Memory domain" line (`ucx_info -d | grep Transport`):
      // the transports are real, their domain and device are not shown.
      domain = { name: NOT_SHOWN, transports: [], noDevices: false };
      domains.push(domain);
    }
    if (!domain) continue;
    if (tl) {
      flush();
      transport = tl[1];
      lastTransport = { name: tl[1] as string, no: line.no };
      transportIndent = indent(t);
      continue;
    }
    // "Component:" (≥ 1.7), "component:" (≤ 1.6, v1.6.0 tl_info.c:403).
    const comp = /^Component: (\S+)$/i.exec(body);
    if (comp) {
      domain.component = comp[1];
      continue;
    }
    const mt = /^memory types:\s*(.*)$/.exec(body);
    if (mt) {
      domain.memoryTypes = memoryTypes(mt[1] as string);
      continue;
    }
    if (/^< no supported devices found >$/.test(body)) {
      domain.noDevices = true;
      continue;
    }
    const listed = domain.transports[domain.transports.length - 1];
    if (/^< failed to open interface >$/.test(body) && listed) {
      listed.failed = true;
      continue;
    }
    const dev = /^Device: (\S+)$/.exec(body);
    if (dev && transport) {
      domain.transports.push({ name: transport, device: dev[1] as string });
      devices += 1;
      // ≥ 1.7 prints one indented Device line right after each Transport line (v1.8.0 tl_info.c:135-136);
      // only ≤ 1.6 puts several at the Transport line's own indent ("#   Device:").
      if (indent(t) !== transportIndent) transport = undefined;
    }
  }
  flush();
  const cutTransport = cutName(lines, lastTransport, domains);
  const cutField = cutTransport === undefined ? valueCut(lines) : undefined;
  const built = Object.keys(build).length ? { build } : {};
  // A `ucx_info -v` block whose version line was cut still shows its build (`Configured with:`): read.
  if (domains.length === 0 && !version && !built.build && configure === undefined)
    return nothingShown(first, notUnderstood, ran, lines);
  const transports = [...new Set(domains.flatMap((d) => d.transports.map((x) => x.name)))];
  const last = domain === undefined ? undefined : domains[domains.length - 1];
  const endsInside =
    last && last === domain && last.transports.length === 0 && !last.noDevices ? last.name : undefined;
  return {
    ...(version ? { version } : {}),
    ...(configure ? { configure } : {}),
    domains,
    transports,
    ...(elided ? { elided: true as const } : {}),
    ...(notUnderstood.length ? { notUnderstood } : {}),
    ...(endsInside !== undefined ? { endsInside } : {}),
    ...built,
    ...(cutTransport !== undefined ? { cutTransport } : {}),
    ...(cutField !== undefined ? { cutField } : {}),
    ...openFailuresOf(notUnderstood),
  };
}

/** "host (access,reg,cache), cuda (access,alloc,reg,detect), cuda-managed (…)": the names outside brackets. */
function memoryTypes(list: string): string[] {
  return list
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * No ucx_info line at all: UCX's log lines saying it could not open the RDMA device are read, never refused
 * (principle 4); `ucx_info` ran but only UCX's log lines follow it (a run under UCX_LOG_LEVEL=debug cut before its
 * first `#` line): nothing of its output is shown, which is not a refusal either (principle 2); else refused.
 */
function nothingShown(
  first: { no: number; text: string } | undefined,
  notUnderstood: NotUnderstood[],
  ran: boolean,
  lines: readonly Line[],
): UcxInfoResult {
  const context = ucpContext(lines);
  if (context) return { ...context, ...(notUnderstood.length ? { notUnderstood } : {}) };
  // Capability rows cut above their Transport line (a fragment): read, the transports not shown (principle 2).
  if (capabilityRows(lines) >= 2) return { domains: [], transports: [], notUnderstood, fieldsOnly: true };
  // With no ucx_info line at all, UCX's failure lines are read whatever surrounds them (a Python session, a job log).
  const failed = openFailuresOf(notUnderstood, true);
  if (failed.openFailures) return { domains: [], transports: [], notUnderstood, ...failed };
  if (ran && notUnderstood.length > 0 && notUnderstood.every((n) => UCX_LOG.test(n.text)))
    return { domains: [], transports: [], notUnderstood, logOnly: true };
  refuse(first, notUnderstood);
}

/** The failures UCX logged, when every line read around is one of UCX's log lines (or `anywhere`). */
function openFailuresOf(
  notUnderstood: readonly NotUnderstood[],
  anywhere = false,
): Pick<UcxInfoResult, 'openFailures'> {
  if (!anywhere && !notUnderstood.every((n) => UCX_LOG.test(n.text))) return {};
  const openFailures = ucxLogFailures(notUnderstood);
  return openFailures.length ? { openFailures } : {};
}

/** Nothing of ucx_info at all: the first line read around (else the first line) is what is wrong with the input. */
function refuse(
  first: { no: number; text: string } | undefined,
  notUnderstood: readonly NotUnderstood[],
): never {
  if (!first) throw new ParseError(TOOL, 'the input is empty', { fix: FIX });
  const odd = notUnderstood[0];
  if (odd)
    throw new ParseError(TOOL, odd.why ?? 'not a ucx_info line', {
      line: odd.line,
      text: odd.text,
      fix: FIX,
    });
  throw new ParseError(TOOL, 'no "# Memory domain:" section or "# Version" line found', {
    line: first.no,
    text: first.text,
    fix: FIX,
  });
}

/**
 * The paste's last line is a Transport line whose name is no transport but the start of one (`Transport: sy`, cut
 * inside `sysv`): the copy stops mid-name and the list goes on. The part-name is dropped from its domain.
 */
function cutName(
  lines: readonly Line[],
  last: { name: string; no: number } | undefined,
  domains: UcxMemoryDomain[],
): string | undefined {
  if (!last || !isLastLine(lines, last.no)) return undefined;
  const known = [...RDMA_TLS, ...CUDA_TLS, ...OTHER_TRANSPORTS];
  if (known.includes(last.name) || !known.some((k) => k.startsWith(last.name))) return undefined;
  for (const d of domains) d.transports = d.transports.filter((x) => x.name !== last.name);
  return last.name;
}

/**
 * A paste that ends in a field with no value (`#        iface address:`) was cut mid-line (principle 2): every field
 * `ucx_info -d` prints carries its value on the same line (openucx/ucx src/tools/info/tl_info.c @ 02137b74,
 * print_iface_info: `printf("#        iface address: %zu bytes\n", …)` and its other rows) but the `capabilities:`
 * heading before them.
 */
function valueCut(lines: readonly Line[]): string | undefined {
  const last = [...lines].reverse().find((l) => l.text.trim() !== '');
  const key = last ? /^#\s+([\w ]+?):\s*$/.exec(last.text.trim())?.[1] : undefined;
  return key && key !== 'capabilities' ? key : undefined;
}

/** Spaces between the leading "#" and the text: the layout's nesting. */
function indent(t: string): number {
  return (/^#(\s*)/.exec(t)?.[1] ?? '').length;
}

/** Memory domains of InfiniBand/RoCE HCAs (component "ib", or an mlx/HCA-named domain on old UCX). */
export function ibDomains(r: UcxInfoResult): UcxMemoryDomain[] {
  return r.domains.filter(
    (d) =>
      d.component === 'ib' ||
      (d.component === undefined && /^(mlx\d|mlx5_|ib|hfi|bnxt|irdma|rocep|ionic|efa)/.test(d.name)),
  );
}
