import type { Line } from './lines.js';

/**
 * UCX's own log lines, which land inside nixlbench and ucx_perftest output:
 *   "[1721319202.977060] [ps:143851:0]      ucp_worker.c:1888 UCX  INFO    perftest inter-node cfg#1 rma(rc_mlx5/mlx5_0:1)"
 *   "[1795999232.899899] [vm:6589 :0]      ucp_worker.c:1763 UCX  INFO    ep_cfg[0]: rma(sysv/memory posix/memory)"   (UCX 1.13)
 * and the UCX_PROTO_INFO tables, printed with the same prefix but no file/level:
 *   "[...] [...]   | perftest inter-node cfg#1 | remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda |"
 *   "[...] [...]   |                    1..inf | zero-copy                                     | rc_mlx5/mlx5_0:1 |"
 * Formats: openucx/ucx src/ucs/debug/log.c (prefix), src/ucp/core/ucp_worker.c
 * (ucp_worker_print_used_tls), src/ucp/proto/proto_debug.c (tables).
 */

export type UcxScope = 'inter-node' | 'intra-node' | 'self';

/** One endpoint configuration UCX reported, with the lanes of each operation group. */
export interface UcxEndpoint {
  /** As printed: "perftest inter-node cfg#1", "ucp_context_0 intra-node cfg#2", "ep_cfg[0]". */
  name: string;
  /** Where the peer is; undefined for UCX 1.13-style "ep_cfg[N]" lines, which do not say. */
  scope?: UcxScope;
  /** Group → lanes, e.g. { rma: ['rc_mlx5/mlx5_0:1'], ka: ['ud_mlx5/mlx5_0:1'] }. */
  groups: Record<string, string[]>;
}

/** One UCX_PROTO_INFO table: an operation on an endpoint and the protocol per message-size range. */
export interface UcxProtoTable {
  endpoint: string;
  scope?: UcxScope;
  /** "remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda". */
  operation: string;
  steps: { range: string; protocol: string; lanes: string[] }[];
}

export interface UcxLog {
  /** "1.17.0" from "UCX  INFO  Version 1.17.0 (loaded from …)". */
  version?: string;
  endpoints: UcxEndpoint[];
  protocols: UcxProtoTable[];
  warnings: { line: number; text: string }[];
  errors: { line: number; text: string }[];
  /** Numbers of the lines that were UCX's, so callers skip them. */
  consumed: Set<number>;
}

const PREFIX = /^\[(\d+\.\d+)\]\s+\[[^\]]*\]\s?(.*)$/;
const LEVELLED = /^\s*[\w.+-]+\.(?:c|cc|cpp|h|inl):\s*\d+\s+UCX\s+([A-Z]+)\s+(.*)$/;
const ENDPOINT =
  /(?:^|\s)((?:(?:0x[0-9a-f]+|[\w.-]+)\s+)?(inter-node|intra-node|self)\s+cfg#\d+|ep_cfg\[\d+\]:?)/;
const GROUP = /\b([a-z][a-z_]*)\(([^()]*)\)/g;
const LANE = /\b[a-z][a-z0-9_]*\/[\w.:-]+/g;

function scopeOf(name: string): UcxScope | undefined {
  const m = /\b(inter-node|intra-node|self)\s+cfg#/.exec(name);
  return m ? (m[1] as UcxScope) : undefined;
}

function endpointName(raw: string): string {
  return raw.trim().replace(/:$/, '');
}

/** Parses the lanes groups of an endpoint line ("rma(a/b c/d)  am(e/f)") into an endpoint record. */
function addGroups(ep: UcxEndpoint, text: string): boolean {
  let found = false;
  for (const m of text.matchAll(GROUP)) {
    const lanes = (m[2] ?? '').match(LANE) ?? [];
    if (lanes.length === 0) continue;
    found = true;
    const group = m[1] as string;
    const list = ep.groups[group] ?? [];
    ep.groups[group] = list;
    for (const l of lanes) if (!list.includes(l)) list.push(l);
  }
  return found;
}

function cells(row: string): string[] | undefined {
  const t = row.trim();
  if (!t.startsWith('|') || !t.endsWith('|')) return undefined;
  return t
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim());
}

/** Collects UCX log lines and protocol tables; everything else is left to the caller. */
export function parseUcxLog(lines: readonly Line[]): UcxLog {
  const log: UcxLog = { endpoints: [], protocols: [], warnings: [], errors: [], consumed: new Set() };
  const byName = new Map<string, UcxEndpoint>();
  const endpoint = (name: string): UcxEndpoint => {
    let ep = byName.get(name);
    if (!ep) {
      const scope = scopeOf(name);
      ep = { name, ...(scope ? { scope } : {}), groups: {} };
      byName.set(name, ep);
      log.endpoints.push(ep);
    }
    return ep;
  };
  let table: UcxProtoTable | undefined;
  let columns: { range: number; desc: number; config: number } | undefined;
  let lastEndpoint: UcxEndpoint | undefined;

  for (const line of lines) {
    const m = PREFIX.exec(line.text);
    if (!m) {
      // A wrapped endpoint line continues with only "group(lanes)" items (UCX 1.19+ prints
      // "device(...)  am(...)  ka(...)" on the next line, indented).
      if (
        lastEndpoint &&
        /^\s+([a-z_]+\([^()]*\)\s*)+$/.test(line.text) &&
        addGroups(lastEndpoint, line.text)
      ) {
        log.consumed.add(line.no);
        continue;
      }
      lastEndpoint = undefined;
      continue;
    }
    log.consumed.add(line.no);
    const rest = m[2] ?? '';
    const levelled = LEVELLED.exec(rest);
    if (levelled) {
      table = undefined;
      lastEndpoint = undefined;
      const level = levelled[1] as string;
      const msg = (levelled[2] ?? '').trim();
      if (level === 'ERROR' || level === 'FATAL') log.errors.push({ line: line.no, text: msg });
      else if (level === 'WARN') log.warnings.push({ line: line.no, text: msg });
      const version = /^Version (\d+\.\d+(?:\.\d+)?)/.exec(msg);
      if (version) log.version = version[1];
      const ep = ENDPOINT.exec(msg);
      if (ep) {
        const e = endpoint(endpointName(ep[1] as string));
        if (addGroups(e, msg.slice((ep.index ?? 0) + ep[0].length))) lastEndpoint = e;
      }
      continue;
    }
    const row = cells(rest);
    if (!row) continue; // "+----+" borders and anything else unlevelled
    // UCX ≤ 1.21: "| <endpoint> | <operation> |" heads a table of "| range | description | lanes |".
    if (row.length === 2 && ENDPOINT.test(` ${row[0]}`)) {
      const name = endpointName(row[0] as string);
      const scope = scopeOf(name);
      table = { endpoint: name, ...(scope ? { scope } : {}), operation: row[1] as string, steps: [] };
      columns = undefined;
      log.protocols.push(table);
      continue;
    }
    // UCX ≥ 1.22 (ucs_table, src/ucp/proto/proto_debug.c ucp_proto_select_elem_info): the
    // endpoint and the operation are two full-width rows, then a header row
    // "| [Count |] Range | Description | Config |", then the body rows.
    if (row.length === 1) {
      const cell = row[0] as string;
      if (ENDPOINT.test(` ${cell}`)) {
        const name = endpointName(cell);
        const scope = scopeOf(name);
        table = { endpoint: name, ...(scope ? { scope } : {}), operation: '', steps: [] };
        columns = undefined;
        log.protocols.push(table);
      } else if (table && table.operation === '' && table.steps.length === 0) table.operation = cell;
      continue;
    }
    if (table && row.includes('Range') && row.includes('Description') && row.includes('Config')) {
      columns = {
        range: row.indexOf('Range'),
        desc: row.indexOf('Description'),
        config: row.indexOf('Config'),
      };
      continue;
    }
    if (table && columns && row.length > columns.config) {
      table.steps.push({
        range: row[columns.range] as string,
        protocol: row[columns.desc] as string,
        lanes: (row[columns.config] as string).match(LANE) ?? [],
      });
      continue;
    }
    if (table && row.length >= 3) {
      const lanesCell = row[row.length - 1] as string;
      table.steps.push({
        range: row[0] as string,
        protocol: row.slice(1, -1).join(' | '),
        lanes: lanesCell.match(LANE) ?? [],
      });
    }
  }
  return log;
}

/** The scopes whose lanes carry the measured traffic: a "self" endpoint is the process talking to itself. */
function carries(scope: UcxScope | undefined): boolean {
  return scope !== 'self';
}

const CONTROL_GROUPS = new Set(['ka', 'wireup', 'device']);

/**
 * Lanes that moved data to the peer: endpoint groups except keepalive/wireup,
 * plus the lanes of protocol tables, leaving out "self" endpoints.
 */
export function dataLanes(log: Pick<UcxLog, 'endpoints' | 'protocols'>): string[] {
  const out: string[] = [];
  const add = (l: string) => {
    if (!out.includes(l)) out.push(l);
  };
  for (const ep of log.endpoints) {
    if (!carries(ep.scope)) continue;
    for (const [group, lanes] of Object.entries(ep.groups))
      if (!CONTROL_GROUPS.has(group)) lanes.forEach(add);
  }
  for (const t of log.protocols) if (carries(t.scope)) for (const s of t.steps) s.lanes.forEach(add);
  return out;
}

/** "rc_mlx5/mlx5_0:1" → "rc_mlx5". */
export function transportOf(lane: string): string {
  return lane.split('/')[0] ?? lane;
}

/** Unique transport names of a lane list, in order. */
export function transportsOf(lanes: readonly string[]): string[] {
  return [...new Set(lanes.map(transportOf))];
}

/** True when UCX emulated RMA over active messages or software ("rma_am(tcp/eth1)", "software emulation"). */
export function emulated(log: Pick<UcxLog, 'endpoints' | 'protocols'>): boolean {
  const am = log.endpoints.some((e) => carries(e.scope) && (e.groups.rma_am?.length ?? 0) > 0);
  const sw = log.protocols.some(
    (t) => carries(t.scope) && t.steps.some((s) => /software emulation/.test(s.protocol)),
  );
  return am || sw;
}

/** Memory types named by protocol tables ("from cuda/GPU0 to cuda" → cuda). */
export function memoryTypes(log: Pick<UcxLog, 'protocols'>): string[] {
  const out = new Set<string>();
  for (const t of log.protocols) {
    const m = /\bfrom\s+(\w[\w-]*)(?:\/\S+)?(?:\s+memory)?\s+to\s+(\w[\w-]*)/.exec(t.operation);
    if (m) {
      out.add(m[1] as string);
      out.add(m[2] as string);
    }
  }
  return [...out];
}
