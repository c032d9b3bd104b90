import { ParseError } from './errors.js';
import { cleanLines, isElision, isLastLine, type NotUnderstood, promptCommand } from './lines.js';
import { parseNumber } from './units.js';

/**
 * `nvidia-smi nvlink --status` / `-s`: "GPU n: <name> (UUID: …)" then one
 * "Link k: <rate> GB/s" or "Link k: <inactive>" per link. The per-link figure is
 * the raw signalling rate per direction (26.562 GB/s on H100, 53.125 on B200).
 * `nvidia-smi nvlink -c` prints the same GPU headers with "Link k, <capability>: true|false"
 * lines, which are counted, not read as links; `nvidia-smi nvlink -e` prints "Link k: <counter> Errors: n"
 * lines, kept as counters, not links (references/read-shapes.md).
 */
export interface NvlinkGpu {
  /** The GPU's index; -1 for a block whose `GPU n:` header line is above the paste (see headless). */
  index: number;
  name: string;
  uuid?: string;
  links: { link: number; active: boolean; gbps?: number }[];
  /**
   * The driver printed "Unable to retrieve NVLink information as all links are inActive"
   * for this GPU instead of a link list (no bridge fitted, or every link down).
   */
  allInactive?: boolean;
  /** An author's elision (`...`, `[snip]`) inside this GPU's block: links after it are not shown. */
  elidedAt?: number;
  /**
   * `nvidia-smi nvlink -c` lines for this GPU (`Link 0, P2P is supported: true`): what each link supports
   * (NVML nvmlDeviceGetNvLinkCapability), not whether it is up.
   */
  capabilities?: number;
  /**
   * `nvidia-smi nvlink -info` lines for this GPU (`NVLE: disabled`, `Firmware Version:`, `MSE: 14:4:0`):
   * encryption state and link firmware, not whether a link is up.
   */
  info?: number;
  /**
   * `nvidia-smi nvlink -e` lines for this GPU (`Link 0: Replay Errors: 0`): the error counters each link has
   * logged since the driver loaded (NVML nvmlDeviceGetNvLinkErrorCounter), not whether the link is up.
   */
  errorCounters?: { link: number; counter: string; value: number }[];
  /**
   * `nvidia-smi nvlink -gt d|r` lines for this GPU (`Link 0: Data Tx: 5863784 KiB`, `Link 0: Raw Rx: …`): how much
   * data crossed each link (NVML nvmlDeviceGetNvLinkUtilizationCounter), not whether the link is up.
   */
  throughput?: number;
  /** The paste ends at this GPU's header line: its links are not shown (issue 38, principle 2). */
  endsAtHeader?: boolean;
  /** The paste ends at one of this GPU's link lines: links after it may not be shown (issue 38, principle 2). */
  endsInLinks?: boolean;
  /**
   * The paste starts inside this GPU's block: its link lines are shown, its `GPU n: <name> (UUID: …)` header line
   * is not (cut above), so its index and name are not known (issue 38, principle 1; named GPU_NOT_SHOWN).
   */
  headless?: true;
}

/** The name given to the GPU whose link lines a paste starts with, its `GPU n:` header line not pasted. */
export const GPU_NOT_SHOWN = 'GPU (header not shown)';

/**
 * The per-link line shapes nvidia-smi nvlink prints under a GPU header: `--status` (`Link 0: 25 GB/s`,
 * `Link 3: <inactive>`), `-c` (`Link 0, P2P is supported: true`), `-e` (`Link 1: Replay Errors: 0`) and `-gt`
 * (`Link 0: Data Tx: 5863784 KiB`). One of them before any header starts a headless GPU block.
 */
const LINK_LINE =
  /^Link \d+(?:: (?:<inactive>|[\d.]+ GB\/s|[A-Za-z][A-Za-z ]*Errors: \d+|(?:Data|Raw) [TR]x: \d+ [KMG]?i?B)|, [^:]+: (?:true|false))$/i;

export interface NvlinkResult {
  gpus: NvlinkGpu[];
  /** Lines read around (named by `read`): not a GPU header, a link line or the all-inactive note. */
  notUnderstood?: NotUnderstood[];
  /**
   * The paste's last line is one of those (`GP`, a GPU header cut mid-line): the paste stops inside it, so GPUs
   * after it are not shown (issue 38, principle 2).
   */
  cut?: NotUnderstood;
}

const TOOL = 'nvidia-smi nvlink';

/** The driver's note in place of a GPU's link lines (`NVML: Unable to retrieve NVLink information as all links are inActive`). */
const ALL_INACTIVE = /Unable to retrieve NVLink information as all links are inactive/i;

export function parseNvidiaSmiNvlink(text: string): NvlinkResult {
  const lines = cleanLines(text);
  const gpus: NvlinkGpu[] = [];
  let gpu: NvlinkGpu | undefined;
  let stray: { no: number; text: string } | undefined;
  const notUnderstood: NotUnderstood[] = [];
  for (const line of lines) {
    const t = line.text.trim();
    // Pastes carry the command line and "...." elisions (azhpc-diagnostics#73).
    if (isElision(t)) {
      if (gpu && gpu.elidedAt === undefined) gpu.elidedAt = line.no;
      continue;
    }
    if (t === '' || /^nvidia-smi\b/.test(t) || promptCommand(line.text) !== undefined) continue;
    const head = /^GPU (\d+): (.*?)(?: \(UUID: ([^)]*)\))?$/.exec(t);
    if (head) {
      // A header cut inside its UUID (`GPU 2: NVIDIA GB200 (UUID:`) keeps the name only.
      gpu = {
        index: Number(head[1]),
        name: (head[2] as string).replace(/\s*\(UUID:.*$/, '').trim(),
        links: [],
      };
      if (head[3] && head[3] !== '...') gpu.uuid = head[3];
      if (isLastLine(lines, line.no)) gpu.endsAtHeader = true;
      gpus.push(gpu);
      continue;
    }
    if (!gpu && (LINK_LINE.test(t) || ALL_INACTIVE.test(t))) {
      // The paste starts below a GPU's header line (cut above): its links are read as one GPU's, not named.
      gpu = { index: -1, name: GPU_NOT_SHOWN, links: [], headless: true };
      gpus.push(gpu);
    }
    if (gpu && ALL_INACTIVE.test(t)) {
      gpu.allInactive = true;
      continue;
    }
    // `-info` (k8s-test-infra#371, a GB200): NVLE state, then `Firmware Version:` and `<PART>: a:b:c` lines.
    if (gpu && /^(?:NVLE:\s*\S+|Firmware Version:|[A-Z][A-Z0-9 ]*: \d+(?::\d+)+)$/.test(t)) {
      gpu.info = (gpu.info ?? 0) + 1;
      continue;
    }
    if (gpu && /^Link \d+, [^:]+: (?:true|false)$/i.test(t)) {
      gpu.capabilities = (gpu.capabilities ?? 0) + 1;
      continue;
    }
    // `-e` (srt-slurm#307 on a GB300, ml-engineering on an H100): `Link k: Replay Errors: n`, then Recovery and CRC.
    const counter = /^Link (\d+): ([A-Za-z][A-Za-z ]*Errors): (\d+)$/.exec(t);
    if (gpu && counter) {
      gpu.errorCounters ??= [];
      gpu.errorCounters.push({
        link: Number(counter[1]),
        counter: counter[2] as string,
        value: Number(counter[3]),
      });
      continue;
    }
    // `-gt d|r` (llm-action's H800 notes): `Link k: Data Tx: n KiB`, `Link k: Raw Rx: n KiB`.
    if (gpu && /^Link \d+: (?:Data|Raw) [TR]x: \d+ [KMG]?i?B$/i.test(t)) {
      gpu.throughput = (gpu.throughput ?? 0) + 1;
      continue;
    }
    const link = /^Link (\d+): (?:<inactive>|([\d.]+) GB\/s)$/i.exec(t);
    if (link && gpu) {
      const gbps = parseNumber(link[2]);
      gpu.links.push({
        link: Number(link[1]),
        active: gbps !== undefined,
        ...(gbps !== undefined ? { gbps } : {}),
      });
      if (isLastLine(lines, line.no)) gpu.endsInLinks = true;
      continue;
    }
    stray ??= { no: line.no, text: t };
    if (gpus.length) notUnderstood.push({ line: line.no, text: t });
  }
  if (gpus.length === 0) {
    const first = stray ?? lines.find((l) => l.text.trim() !== '');
    if (!first)
      throw new ParseError(TOOL, 'the input is empty', {
        fix: 'pass the output of `nvidia-smi nvlink --status`',
      });
    throw new ParseError(TOOL, 'no "GPU <n>: <name>" line found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `nvidia-smi nvlink --status`',
    });
  }
  const last = notUnderstood[notUnderstood.length - 1];
  const cut =
    last && isLastLine(lines, last.line) ? { ...last, why: 'the paste ends inside this line' } : undefined;
  return {
    gpus,
    ...(notUnderstood.length
      ? { notUnderstood: cut ? [...notUnderstood.slice(0, -1), cut] : notUnderstood }
      : {}),
    ...(cut ? { cut } : {}),
  };
}
