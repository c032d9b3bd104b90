import type { Line } from './lines.js';
import { parseUcpContextInfo } from './ucp-context.js';
import type { UcxInfoResult } from './ucx-info-types.js';

/**
 * `ucx_info -p` (ucx_info.c:178 PRINT_UCP_CONTEXT; proto_info.c:386) prints `ucp_context_print_info` (ucp_context.c:2953
 * `# UCP context`, :2973 `#      resource N :  md M dev D flags -- TL/DEV`): its resources are the transports UCX will
 * use. A paste that ends on a resource line may go on past the cut: its last memory domain is marked cut (principle 2).
 */
export function ucpContext(lines: readonly Line[]): UcxInfoResult | undefined {
  const rsc = (l: Line | undefined) =>
    l !== undefined && /^#\s*resource \d+\s+:\s+md \d+/.test(l.text.trim());
  if (!lines.some(rsc)) return undefined;
  const domains = parseUcpContextInfo(lines.map((l) => l.text).join('\n')).filter(
    (d) => d.transports.length > 0,
  );
  if (domains.length === 0) return undefined;
  // ucp_context_print_info closes the listing with a bare `#`: a paste ending on a resource line is cut there.
  const tail = [...lines].reverse().find((l) => l.text.trim() !== '');
  const cut = rsc(tail) ? { endsInside: domains[domains.length - 1]?.name as string } : {};
  return {
    domains,
    transports: [...new Set(domains.flatMap((d) => d.transports.map((x) => x.name)))],
    ...cut,
  };
}

/**
 * print_iface_info's rows (tl_info.c: `#            bandwidth: …`, `#       device address: 4 bytes`): only its own keys
 * count, so a script's or a config file's `# key: value` comments are not taken for them.
 */
const CAPABILITY =
  /^#\s+(?:bandwidth|latency|overhead|(?:am|put|get)_\w+|am header|connection|device priority|device num paths|max eps|device address|iface address|ep address|error handling):/;
export const capabilityRows = (lines: readonly Line[]) =>
  lines.filter((l) => CAPABILITY.test(l.text.trim())).length;
