import type { Check } from '../core/model.js';
import { gpuDirectCheck } from '../judge/gpudirect.js';
import { peersCheck } from '../judge/peers.js';
import { stabilityCheck as judgeStability } from '../judge/stability.js';
import { readTransportCheck } from '../judge/transports.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';
import { type Expect, isNixl, type Parsed } from './transfer-common.js';

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
  checks.push(readTransportCheck(group, p.lanes, expect, p.emulated, sameNode));
  const gdr = gpuDirectCheck(`${group}.gpudirect`, p.ucx.protocols);
  if (gdr) checks.push(gdr);
  return checks;
}
