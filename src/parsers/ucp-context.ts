import { ParseError } from './errors.js';
import type { UcxInfoResult, UcxMemoryDomain } from './ucx-info-types.js';

/**
 * What `node` reads from UCX where no `ucx_info` is installed (today's Dynamo runtime images:
 * references/todays-images.md): a fixed Python script (probes/ucp-script.ts) loads the NIXL
 * wheel's own libucp (else the system's), asks its version (`ucp_get_version_string`), creates a
 * context with the features NIXL's UCX plugin asks for and prints UCX's own resource listing
 * (`ucp_context_print_info`), as one JSON line `{lib, source, version, info}` or `{error}`.
 *
 * The listing's format is openucx/ucx src/ucp/core/ucp_context.c `ucp_context_print_info`
 * (references/ucx-output-formats.md): "#     component N  :  NAME",
 * "#            md N  :  component C NAME", "#      resource N  :  md M  dev D  flags -- TL/DEV".
 * It has no memory types, so GPUDirect RDMA is not read from it.
 */
const TOOL = 'UCX context listing (NIXL libucp)';
const FIX = 'run `node` where python3 can load NIXL (its wheel bundles libucp) or UCX is installed';

export interface UcpContextLine {
  lib?: string;
  source?: 'wheel' | 'system';
  version?: string;
  info?: string;
  error?: string;
}

function jsonLine(text: string): UcpContextLine {
  const line = text
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  if (!line) throw new ParseError(TOOL, 'no JSON line', { fix: FIX });
  try {
    return JSON.parse(line) as UcpContextLine;
  } catch {
    throw new ParseError(TOOL, 'its JSON line does not parse', { text: line, fix: FIX });
  }
}

/** The listing's memory domains and their transports (one per resource line), in UCX's order. */
export function parseUcpContextInfo(info: string): UcxMemoryDomain[] {
  const components = new Map<string, string>();
  const mds = new Map<string, UcxMemoryDomain>();
  for (const raw of info.split('\n')) {
    const body = raw.replace(/^#\s*/, '').trim();
    const comp = /^component (\d+)\s+:\s+(\S+)$/.exec(body);
    if (comp) {
      components.set(comp[1] as string, comp[2] as string);
      continue;
    }
    const md = /^md (\d+)\s+:\s+component (\d+)\s+(\S+)$/.exec(body);
    if (md) {
      const component = components.get(md[2] as string);
      mds.set(md[1] as string, {
        name: md[3] as string,
        ...(component ? { component } : {}),
        transports: [],
        noDevices: false,
      });
      continue;
    }
    const rsc = /^resource \d+\s+:\s+md (\d+)\s+dev \d+\s+flags \S+ ([^/\s]+)\/(\S+)$/.exec(body);
    if (rsc) mds.get(rsc[1] as string)?.transports.push({ name: rsc[2] as string, device: rsc[3] as string });
  }
  // UCX closes a memory domain with no transport resource before listing (ucp_context.c:1840-1846):
  // an HCA with no usable port is absent here, never "no devices".
  return [...mds.values()];
}

export function parseUcpContext(text: string): UcxInfoResult {
  const j = jsonLine(text);
  if (j.error && !j.info) throw new ParseError(TOOL, j.error, { fix: FIX });
  const domains = parseUcpContextInfo(j.info ?? '');
  if (domains.length === 0 && !j.version)
    throw new ParseError(TOOL, 'neither a version nor a resource', { fix: FIX });
  const lib = j.lib?.split('/').pop();
  return {
    ...(j.version ? { version: j.version } : {}),
    domains,
    transports: [...new Set(domains.flatMap((d) => d.transports.map((t) => t.name)))],
    ...(lib ? { via: `${j.source === 'wheel' ? "the NIXL wheel's own" : 'the system'} ${lib}` } : {}),
  };
}
