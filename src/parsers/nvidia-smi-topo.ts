import { ParseError } from './errors.js';
import { dataLines, elisionsOf, isLastLine, type Line, promptCommand } from './lines.js';

/**
 * `nvidia-smi topo -m` and `-mp`: a matrix of GPUs and NICs. Cells: X (self),
 * NV# (# bonded NVLinks), PIX/PXB/PHB/NODE/SYS (PCIe paths, nearest first).
 * NICs are "NIC<n>" columns with a "NIC Legend:" on current drivers, "mlx5_<n>"
 * columns on older ones. `-mp` prints only the PCIe view: GPU pairs show
 * NODE/SYS and the legend has no "NV#" line even on NVLink systems (DeepEP#397),
 * so that view is no evidence of "no NVLink".
 */
export interface TopoDevice {
  /** Column label: "GPU0", "NIC0", "mlx5_0". */
  id: string;
  kind: 'gpu' | 'nic';
  /** For NICs, the RDMA device from the NIC Legend ("mlx5_0"); for old drivers the label itself. */
  name?: string;
  cpuAffinity?: string;
  numaAffinity?: string;
  gpuNumaId?: string;
}

export interface TopoResult {
  devices: TopoDevice[];
  /** Row label → column label → cell ("X", "NV18", "PIX", "SYS", …). */
  matrix: Record<string, Record<string, string>>;
  /**
   * full: the legend lists NV# or an NV# cell appears; pcie-only: a legend without
   * NV# (`topo -mp`); unknown: no legend and no NV# cell.
   */
  view: 'full' | 'pcie-only' | 'unknown';
  /** Rows the paste cuts short (`GPU6  NV12  NV12` then nothing): the cells after are not shown. */
  cut?: { row: string; shown: number; of: number; line: number }[];
  /** The header line is not in the paste: the columns were read from the rows (GPUs first, then NICs). */
  headerless?: { gpus: number; columns: number };
  /**
   * The paste holds the legend (`X    = Self`, `PIX  = Connection traversing …`) or the NIC legend but no
   * matrix: the matrix was cut above (issue 38, P2). `line` is the first legend line; `nics` the legend's.
   */
  legendOnly?: { line: number; nics: string[] };
}

const TOOL = 'nvidia-smi topo';
const CELL = /^(X|NV\d+|PIX|PXB|PHB|NODE|SYS|SOC|PSB|N\/A)$/;

const LABEL = /GPU\d+|NIC\d+|mlx\d_\d+/g;
/** nvidia-smi's legend under the matrix (`  X    = Self`, `  PIX  = Connection traversing …`, `NIC Legend:`). */
const LEGEND_LINE = /^(?:(?:X|SYS|NODE|PHB|PXB|PIX|NV#)\s+= (?:Self|Connection traversing)|NIC Legend:$)/;
const GLUED = /^(?:GPU\d+|NIC\d+|mlx\d_\d+){2,}$/;
const SPACED = /^(?:GPU\d+|NIC\d+|mlx\d_\d+)(?: (?:GPU\d+|NIC\d+|mlx\d_\d+))+$/;
/**
 * The legend's PIX line whole (`PIX  = Connection traversing at most a single PCIe bridge`, older drivers `… a single
 * PCIe switch`, `Same PCIe switch`): the last entry before NV#, so a legend that reaches it shows whether NV# is listed.
 */
const PIX_WHOLE = /^PIX\s+=\s+\S.*\b(?:bridge|switch)$/;

/** nvidia-smi's column names after the matrix, as it prints them. */
const EXTRA = /CPU Affinity|NUMA Affinity|GPU NUMA ID/g;
/**
 * A header whose alignment a page squeezed to single spaces (`GPU0 GPU1 NIC0 CPU Affinity NUMA Affinity GPU
 * NUMA ID`): the labels, then each column name nvidia-smi prints after them (issue 38, principle 1).
 */
function squeezed(h: string): string[] {
  const m = /^((?:(?:GPU\d+|NIC\d+|mlx\d_\d+) )+)((?:CPU Affinity|NUMA Affinity|GPU NUMA ID)(?: |$).*)$/.exec(
    h,
  );
  if (!m) return [h];
  const names = (m[2] as string).match(EXTRA) ?? [];
  if ((m[2] as string).replace(EXTRA, '').trim() !== '') return [h];
  return [...((m[1] as string).match(LABEL) as string[]), ...names];
}

/** A row's label: a GPU, or a NIC column (`NIC0` with a legend, `mlx5_0` on older drivers). */
const ROW = /^(?:GPU\d+|NIC\d+|mlx\d_\d+|[a-z]+\d*_\d+)$/;

/**
 * The columns of a matrix pasted without its header line (issue 38, principle 1): each row's `X` names its own
 * column; nvidia-smi puts the GPU columns first, so a column some GPU row links to with NV# is a GPU's, and
 * the columns after the last such one are NICs (NIC0, NIC1, … as the legend would name them).
 */
function headerlessLabels(lines: readonly Line[]): { labels: string[]; gpus: number } | undefined {
  const rows = lines
    .map((l) => rowTokens(l.text))
    .filter((t) => ROW.test(t[0] ?? '') && t.slice(1).includes('X') && CELL.test(t[1] ?? ''));
  if (rows.length === 0) return undefined;
  const width = Math.max(...rows.map((t) => cellsOf(t).length));
  const own = new Map<number, string>();
  let gpus = 0;
  for (const t of rows) {
    const cells = cellsOf(t);
    own.set(cells.indexOf('X'), t[0] as string);
    if (/^GPU\d+$/.test(t[0] as string))
      cells.forEach((c, j) => {
        if (c === 'X' || c.startsWith('NV')) gpus = Math.max(gpus, j + 1);
      });
  }
  const labels = Array.from(
    { length: width },
    (_, j) => own.get(j) ?? (j < gpus ? `GPU${j}` : `NIC${j - gpus}`),
  );
  return { labels, gpus };
}

/** Cells glued by the paste: two or more link classes with no separator between them (`NODENODE`, `NODEPXB`). */
const GLUED_CELLS = /^(?:NV\d+|PIX|PXB|PHB|NODE|SYS|SOC|PSB){2,}$/;
const CELL_TOKEN = /NV\d+|PIX|PXB|PHB|NODE|SYS|SOC|PSB/g;

/**
 * A row's whitespace-separated tokens, with cells a paste glued split apart (issue 38, principle 1): nvidia-smi
 * separates cells with tabs (`\t`), and a copy that loses one leaves two link classes in one token. A token made
 * only of link classes (X, NV#, PIX, PXB, PHB, NODE, SYS) is split into them; nothing else is touched.
 */
function rowTokens(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .flatMap((t) => (GLUED_CELLS.test(t) ? (t.match(CELL_TOKEN) as string[]) : [t]));
}

/** A GitHub-flavoured Markdown table row (`| GPU0 | X | NV4 |`) and its delimiter row (`|---|:---:|`). */
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/;

/**
 * A matrix a page rewrote as a Markdown table (issue 38, principle 1; GFM spec, "Tables (extension)": cells
 * between pipes, a delimiter row of dashes after the header): the pipes and the delimiter row are the page's.
 * The header's cell before GPU0 is the row-label column (empty, or `GPU`); cells before it (a guide that moved
 * CPU and NUMA affinity to the front) go after the matrix cells, where nvidia-smi prints them.
 */
function untable(lines: Line[]): Line[] {
  const cells = (t: string) =>
    t
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
  const head = lines.find((l) => TABLE_ROW.test(l.text) && cells(l.text).includes('GPU0'));
  if (!head) return lines;
  const lab = cells(head.text).indexOf('GPU0') - 1;
  if (lab < 0) return lines;
  return lines.map((l) => {
    if (TABLE_RULE.test(l.text)) return { ...l, text: '' };
    if (!TABLE_ROW.test(l.text)) return l;
    const c = cells(l.text);
    const row = [l === head ? '' : (c[lab] as string), ...c.slice(lab + 1), ...c.slice(0, lab)];
    return { ...l, text: row.join('\t').trimEnd() };
  });
}

/**
 * A matrix kept as shell comments (issue 38, principle 1): a run script that records the node's `nvidia-smi topo`
 * above its settings puts `# ` (or `#` and the header's own tab) before every line. When the header itself, or a
 * matrix row (a GPU's label, its own `X` and the link codes: a copy that starts below the header), is behind a `#`,
 * the comment marks are the script's: each line loses its `#` and one space after it.
 */
const COMMENTED_ROW = /^\s*#\s*GPU\d+(?:\s+(?:X|NV\d+|SYS|NODE|PHB|PXB|PIX|SOC)){2,}(?:\s|$)/;
function uncomment(lines: Line[]): Line[] {
  const header = (t: string) => /^\s*#\s*GPU0\s+GPU1?/.test(t) && !/^\s*#\s*GPU0\s+X\b/.test(t);
  if (!lines.some((l) => header(l.text) || (COMMENTED_ROW.test(l.text) && /\sX(?:\s|$)/.test(l.text))))
    return lines;
  return lines.map((l) => (/^\s*#/.test(l.text) ? { ...l, text: l.text.replace(/^\s*# ?/, '') } : l));
}

/** A row's leading topology cells. */
function cellsOf(tokens: readonly string[]): string[] {
  const rest = tokens.slice(1);
  const end = rest.findIndex((c) => !CELL.test(c));
  return end < 0 ? rest : rest.slice(0, end);
}

export function parseNvidiaSmiTopo(text: string): TopoResult {
  const lines = untable(uncomment(dataLines(text)));
  // The header's first label is GPU0; the GPU0 row also starts with GPU0 but its next cell is "X".
  const headerIdx = lines.findIndex((l) => {
    const tokens = l.text.trim().split(/\s+/);
    return tokens[0] === 'GPU0' && tokens[1] !== 'X';
  });
  const inferred = headerIdx < 0 ? headerlessLabels(lines) : undefined;
  if (headerIdx < 0 && !inferred) {
    const legendAt = lines.find((l) => LEGEND_LINE.test(l.text.trim()));
    if (legendAt)
      return {
        devices: [],
        matrix: {},
        view: 'unknown',
        legendOnly: {
          line: legendAt.no,
          nics: lines.flatMap((l) => /^NIC\d+:\s*(\S+)$/.exec(l.text.trim())?.slice(1, 2) ?? []),
        },
      };
    const first = lines.find((l) => l.text.trim() !== '');
    if (!first)
      throw new ParseError(TOOL, 'the input is empty', { fix: 'pass the output of `nvidia-smi topo -m`' });
    throw new ParseError(TOOL, 'no matrix header line with GPU0 found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `nvidia-smi topo -m`',
    });
  }
  const header = inferred
    ? [...inferred.labels, 'CPU Affinity', 'NUMA Affinity', 'GPU NUMA ID']
    : (lines[headerIdx] as { text: string }).text
        .trim()
        .split(/\t+|\s{2,}/)
        .filter(Boolean)
        // Labels glued by the paste (`NIC11NIC12`: two columns whose separating spaces were lost), or
        // left one space apart (`GPU0 GPU1`: a paste that squeezed the alignment) are each a column.
        .flatMap((h) => (GLUED.test(h) || SPACED.test(h) ? (h.match(LABEL) as string[]) : squeezed(h)));
  const extraAt = header.findIndex((h) => /Affinity|NUMA/.test(h));
  const labels = extraAt < 0 ? header : header.slice(0, extraAt);
  const extras = extraAt < 0 ? [] : header.slice(extraAt);
  const devices: TopoDevice[] = labels.map((id) => ({ id, kind: /^GPU\d+$/.test(id) ? 'gpu' : 'nic' }));
  for (const d of devices) if (d.kind === 'nic' && !/^NIC\d+$/.test(d.id)) d.name = d.id;
  const matrix: Record<string, Record<string, string>> = {};
  let legend = false;
  let legendWhole = false;
  let nvLegend = false;
  let inNicLegend = false;
  const cut: NonNullable<TopoResult['cut']> = [];

  for (const line of lines.slice(headerIdx + 1)) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    if (/^Legend:$/.test(t)) {
      legend = true;
      continue;
    }
    if (/^NIC Legend:$/.test(t)) {
      inNicLegend = true;
      legendWhole = true;
      continue;
    }
    if (/^NV#\s*=/.test(t)) nvLegend = true;
    if (PIX_WHOLE.test(t)) legendWhole = true;
    const nic = inNicLegend ? /^(NIC\d+):\s*(\S+)$/.exec(t) : null;
    if (nic) {
      const d = devices.find((x) => x.id === nic[1]);
      if (d) d.name = nic[2];
      continue;
    }
    const tokens = rowTokens(t);
    const row = devices.find((d) => d.id === tokens[0]);
    if (!row || matrix[row.id]) continue;
    let cells = tokens.slice(1, 1 + labels.length);
    // The paste's last line stopping inside a cell (`GPU7  NV18  NV`): the part-cell is not shown.
    if (cells.length < labels.length && !CELL.test(cells.at(-1) ?? '') && isLastLine(lines, line.no))
      cells = cells.slice(0, -1);
    // The paste's last line holding the next row's label and no whole cell (`NIC2`, `GPU5  NV`): that row is cut at
    // none of its cells, read as any row cut mid-way (issue 38, P2), never an unreadable line.
    if (cells.length === 0 && isLastLine(lines, line.no)) {
      cut.push({ row: row.id, shown: 0, of: labels.length, line: line.no });
      continue;
    }
    // A row that stops early with every cell it has well formed is a paste cut mid-row: what it
    // shows is read, the rest is not shown (never "no link", never "no NIC").
    if (cells.length < labels.length && cells.length > 0 && cells.every((c) => CELL.test(c))) {
      matrix[row.id] = Object.fromEntries(cells.map((c, i) => [labels[i] as string, c]));
      cut.push({ row: row.id, shown: cells.length, of: labels.length, line: line.no });
      continue;
    }
    if (cells.length < labels.length || !cells.every((c) => CELL.test(c))) {
      throw new ParseError(TOOL, `row ${row.id} does not have ${labels.length} topology cells`, {
        line: line.no,
        text: line.text,
        fix: 'pass the unmodified output of `nvidia-smi topo -m`',
      });
    }
    matrix[row.id] = Object.fromEntries(labels.map((l, i) => [l, cells[i] as string]));
    const rest = tokens.slice(1 + labels.length);
    extras.forEach((name, i) => {
      const v = rest[i];
      if (v === undefined) return;
      if (/CPU Affinity/.test(name)) row.cpuAffinity = v;
      else if (/NUMA Affinity/.test(name)) row.numaAffinity = v;
      else if (/GPU NUMA ID/.test(name)) row.gpuNumaId = v;
    });
  }
  // Every row left out by the author's `...` (issue 38, P2): the header is read, the rows are not shown (cutChecks).
  if (Object.keys(matrix).length === 0 && elisionsOf(text).length === 0) {
    const l = lines[headerIdx] as { no: number; text: string };
    throw new ParseError(TOOL, 'a header but no matrix rows', { line: l.no, text: l.text });
  }
  const nvCell = Object.values(matrix).some((r) => Object.values(r).some((c) => c.startsWith('NV')));
  // A legend the paste cuts before its PIX line is whole (`PIX  = Connecti`) stops where NV# would follow: it shows
  // nothing of the view (issue 38, P2), so only a legend that reaches that place without NV# is `topo -mp`'s.
  const view = nvCell || nvLegend ? 'full' : legend && legendWhole ? 'pcie-only' : 'unknown';
  return {
    devices,
    matrix,
    view,
    ...(cut.length ? { cut } : {}),
    ...(inferred ? { headerless: { gpus: inferred.gpus, columns: labels.length } } : {}),
  };
}

/** Every unordered GPU pair with its cell. */
export function gpuPairs(topo: TopoResult): { a: string; b: string; link: string }[] {
  const gpus = topo.devices.filter((d) => d.kind === 'gpu').map((d) => d.id);
  const out: { a: string; b: string; link: string }[] = [];
  for (let i = 0; i < gpus.length; i++) {
    for (let j = i + 1; j < gpus.length; j++) {
      const a = gpus[i] as string;
      const b = gpus[j] as string;
      const link = topo.matrix[a]?.[b] ?? topo.matrix[b]?.[a];
      if (link) out.push({ a, b, link });
    }
  }
  return out;
}

const PATH_RANK: Record<string, number> = { PIX: 0, PXB: 1, PHB: 2, NODE: 3, SYS: 4, SOC: 4 };

/** Each GPU's nearest NIC by PCIe path class (PIX best, SYS worst). */
export function nearestNics(topo: TopoResult): { gpu: string; nic?: string; path?: string }[] {
  const nics = topo.devices.filter((d) => d.kind === 'nic');
  return topo.devices
    .filter((d) => d.kind === 'gpu')
    .map((g) => {
      let best: { nic: string; path: string } | undefined;
      for (const n of nics) {
        const path = topo.matrix[g.id]?.[n.id];
        if (!path || PATH_RANK[path] === undefined) continue;
        if (!best || (PATH_RANK[path] as number) < (PATH_RANK[best.path] as number)) {
          best = { nic: n.name ?? n.id, path };
        }
      }
      return { gpu: g.id, ...(best ?? {}) };
    });
}
