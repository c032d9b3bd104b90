import type { ToolId } from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import type { P2pResult } from '../parsers/nvidia-smi-p2p.js';
import type { TopoResult } from '../parsers/nvidia-smi-topo.js';

/**
 * `nvidia-smi topo -m` and `nvidia-smi topo -p2p <r|w|n|a|p>` print a GPU matrix under the same
 * `GPU0 GPU1 …` header; only the cells tell them apart: links (NV#, PIX, PXB, PHB, NODE, SYS) for
 * `-m`, P2P status codes (OK, CNS, GNS, TNS, NS, DR, U) for `-p2p` (references/read-shapes.md). A
 * matrix given to the other view's reader is read by the reader its cells belong to (issue 38,
 * principle 1: no paste is refused for a shape that is slightly off), and `read.input` says so. The
 * per-tool readers stay strict (every reader refuses every other tool's output), so the `node`
 * probes, which run `nvidia-smi topo -m` themselves, still parse a topology matrix or nothing.
 */
export const SAME_HEADER: Partial<Record<ToolId, ToolId>> = { topo: 'topo-p2p', 'topo-p2p': 'topo' };

const WHAT: Partial<Record<ToolId, string>> = {
  topo: 'the links of `nvidia-smi topo -m`',
  'topo-p2p': 'the P2P status codes of `nvidia-smi topo -p2p`',
};

/** A reading of several places (`kubectl exec` into each) holds one reading per place. */
function readingsOf(parsed: unknown): unknown[] {
  const many = parsed as { readings?: unknown[] } | undefined;
  return Array.isArray(many?.readings) ? many.readings : [parsed];
}

/** The distinct cells (the diagonal `X` left out) of the matrices a topo or topo-p2p reading holds. */
export function matrixCells(tool: ToolId, parsed: unknown): string[] {
  const cells = readingsOf(parsed).flatMap((r) => {
    if (r === undefined || r === null) return [];
    if (tool === 'topo-p2p')
      return (r as P2pResult).matrices.flatMap((m) =>
        Object.values(m.cells).flatMap((row) => Object.values(row)),
      );
    if (tool === 'topo') return Object.values((r as TopoResult).matrix).flatMap((row) => Object.values(row));
    return [];
  });
  return [...new Set(cells.filter((c) => c !== 'X'))];
}

/**
 * The `read.input` line of a matrix read by another reader than the one asked for: the paste's own
 * line ("read `…` (lines …) as topo-p2p; ignored …") with the reason after the reader's name, or one
 * line for an input that is not a paste.
 */
export function routedInput(asked: ToolId, readAs: ToolId, cells: readonly string[], input?: Check): Check {
  const shown = cells.slice(0, 6).join(', ') + (cells.length > 6 ? ', …' : '');
  const why = `, not ${asked}: its cells (${shown}) are ${WHAT[readAs]}, not ${WHAT[asked]}`;
  const detail = input?.detail.includes(` as ${readAs}`)
    ? input.detail.replace(` as ${readAs}`, ` as ${readAs}${why}`)
    : `read the input as ${readAs}${why}`;
  return check('read.input', 'skipped', detail, { matters: false });
}
