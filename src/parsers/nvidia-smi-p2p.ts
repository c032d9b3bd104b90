import { ParseError } from './errors.js';
import { dataLines, promptCommand } from './lines.js';

/**
 * `nvidia-smi topo -p2p <r|w|n|a|p>`: the GPU×GPU peer-to-peer status matrix for one capability
 * (read, write, NVLink, atomics, prop), then a legend. Each cell is NVML's
 * `nvmlDeviceGetP2PStatus` for that capability index (`nvmlGpuP2PCapsIndex_t`), printed as
 * X (self), OK, CNS (chipset not supported), GNS (GPU not supported), TNS (topology not
 * supported: NVML_P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED), NS (not supported), DR (disabled by
 * regkey), U (unknown) — `nvmlGpuP2PStatus_t`. Rows are indented and tab-separated with a trailing
 * tab (` \tGPU0\tGPU1\t`); pastes re-aligned with spaces read the same. `-p2p` without a value
 * prints `Option "-p2p" is missing its value.` and no matrix. references/read-evidence.md cites
 * the captures and sources.
 */

export const P2P_CODES = ['OK', 'CNS', 'GNS', 'TNS', 'NS', 'DR', 'U'] as const;
export type P2pCode = (typeof P2P_CODES)[number];

/** The capability a matrix shows: `-p2p r|w|n|a|p` (`rw` as some scripts type it: read and write). */
export type P2pCapability = 'r' | 'w' | 'rw' | 'n' | 'a' | 'p';

export interface P2pMatrix {
  /** From the command line typed before it, when the input shows one. */
  capability?: P2pCapability;
  /** Column labels in order: GPU0, GPU1, … */
  gpus: string[];
  /** Row label → column label → code (the diagonal `X` left out). */
  cells: Record<string, Record<string, P2pCode>>;
  /** Rows whose cells stop before the last column (a paste cut mid-row). */
  cut: { row: string; shown: number; of: number; line: number }[];
  /** Header line number (the first row's, when the header was not pasted). */
  line: number;
  /** The `GPU0 GPU1 …` header was not pasted: the columns are those its first row's diagonal `X` implies. */
  headless?: true;
}

export interface P2pResult {
  matrices: P2pMatrix[];
  /** `  CNS  = Chipset not supported`: the legend as printed, code → meaning. */
  legend: Record<string, string>;
  /** nvidia-smi's own usage errors (`Option "-p2p" is missing its value.`). */
  usageErrors: { line: number; text: string }[];
  /** Lines that are neither matrix, legend, prompt nor usage error. */
  notUnderstood: { line: number; text: string }[];
}

const TOOL = 'nvidia-smi topo -p2p';
const GPU = /^GPU\d+$/;
const CODE = new Set<string>(['X', ...P2P_CODES]);

/** `nvidia-smi topo -p2p rw` → `rw`; undefined when the command is not that. */
export function p2pCapabilityOf(command: string): P2pCapability | undefined {
  const m = /\btopo\b.*?(?:\s-p2p|\s--p2pstatus)(?:=|\s+)([rwnap]{1,2})\b/.exec(command);
  const v = m?.[1];
  if (!v) return undefined;
  if (v === 'rw' || v === 'wr') return 'rw';
  return v.length === 1 ? (v as P2pCapability) : undefined;
}

export function parseNvidiaSmiP2p(text: string): P2pResult {
  const lines = dataLines(text);
  const out: P2pResult = { matrices: [], legend: {}, usageErrors: [], notUnderstood: [] };
  let cur: P2pMatrix | undefined;
  let capability: P2pCapability | undefined;
  let inLegend = false;
  for (const l of lines) {
    const t = l.text.trim();
    if (t === '') continue;
    const typed = promptCommand(l.text);
    if (typed !== undefined) {
      capability = p2pCapabilityOf(typed);
      cur = undefined;
      inLegend = false;
      continue;
    }
    const tokens = t.split(/\s+/);
    if (tokens.every((w) => GPU.test(w))) {
      cur = { gpus: tokens, cells: {}, cut: [], line: l.no, ...(capability ? { capability } : {}) };
      out.matrices.push(cur);
      inLegend = false;
      continue;
    }
    const row = tokens[0] ?? '';
    // A row pasted without the header above it (issue 38, P1): nvidia-smi prints the square matrix over every GPU
    // in index order with `X` on the diagonal, so a row whose `X` sits at its own index implies the columns GPU0 …
    // GPU(n-1), one per cell.
    if (!cur && GPU.test(row) && tokens.slice(1).every((c) => CODE.has(c))) {
      const own = Number(row.slice(3));
      if (tokens.slice(1).indexOf('X') === own && tokens.length - 1 > own) {
        const gpus = tokens.slice(1).map((_, k) => `GPU${k}`);
        cur = { gpus, cells: {}, cut: [], line: l.no, headless: true, ...(capability ? { capability } : {}) };
        out.matrices.push(cur);
        inLegend = false;
      }
    }
    if (cur && GPU.test(row) && tokens.slice(1).every((c) => CODE.has(c)) && tokens.length > 1) {
      const cells: Record<string, P2pCode> = {};
      tokens.slice(1).forEach((c, k) => {
        const col = cur?.gpus[k];
        if (col && c !== 'X') cells[col] = c as P2pCode;
      });
      cur.cells[row] = cells;
      if (tokens.length - 1 < cur.gpus.length)
        cur.cut.push({ row, shown: tokens.length - 1, of: cur.gpus.length, line: l.no });
      continue;
    }
    if (t === 'Legend:') {
      inLegend = true;
      continue;
    }
    const legend = /^([A-Z]+)\s+= (.+)$/.exec(t);
    if (legend && inLegend && CODE.has(legend[1] as string)) {
      out.legend[legend[1] as string] = (legend[2] as string).trim();
      continue;
    }
    if (
      /^Option "[^"]+" is missing its value\.$|^Invalid combination of input arguments|^ERROR: Option/.test(t)
    ) {
      out.usageErrors.push({ line: l.no, text: t });
      continue;
    }
    out.notUnderstood.push({ line: l.no, text: t });
  }
  if (out.matrices.length === 0 && out.usageErrors.length === 0) {
    const first = lines.find((l) => l.text.trim() !== '');
    if (!first)
      throw new ParseError(TOOL, 'the input is empty', {
        fix: 'pass the output of `nvidia-smi topo -p2p r`',
      });
    throw new ParseError(TOOL, 'no GPU0 GPU1 … header of a P2P status matrix found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `nvidia-smi topo -p2p r` (or w, n, a, p)',
    });
  }
  return out;
}
