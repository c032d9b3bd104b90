/**
 * The one grammar for a size in bytes, for every flag that takes one (`--sizes`, `--memory`):
 * a number (decimals allowed where the product is a whole number of bytes) and a unit.
 * - Powers of two: `Ki` `Mi` `Gi` `Ti` (Kubernetes' binary suffixes), `KiB` `MiB` `GiB` `TiB`, and
 *   the bare `K` `M` `G` `T` (also `k`), as ucx_perftest and nixlbench count block sizes and
 *   as `--sizes 4K,64M` has always meant. (Kubernetes reads a bare `M` as 10^6; here it is 2^20.)
 * - Powers of ten: `KB` `kB` `MB` `GB` `TB` (SI bytes).
 * - `B` or nothing: bytes.
 * Case matters only where the two families would collide: `MB` is 10^6, `Mi`/`MiB`/`M` are 2^20;
 * `mb`, `mib` and `m` read the same as their upper-case forms (milli makes no sense for bytes).
 * docs/commands/common.md ("Sizes") says the same for users.
 */

const BINARY: Record<string, number> = { k: 1, m: 2, g: 3, t: 4 };

/** Bytes for `text`, or undefined when it is not a size (or not a whole, positive, safe number of bytes). */
export function parseByteSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = m[2] as string;
  let factor: number | undefined;
  if (unit === '' || /^b$/i.test(unit)) factor = 1;
  else {
    const u = /^([kmgt])(i?)(b?)$/i.exec(unit);
    if (!u) return undefined;
    const power = BINARY[(u[1] as string).toLowerCase()] as number;
    // KB, kB, MB, GB, TB (no i, a B): SI; everything else of the family: binary.
    const decimal = u[2] === '' && u[3] !== '' && u[3] === 'B';
    factor = decimal ? 1000 ** power : 1024 ** power;
  }
  const bytes = value * factor;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** Bytes as a Kubernetes quantity: the largest of Ti/Gi/Mi that divides it (`16Gi`, `1536Mi`), else plain bytes. */
export function toQuantity(bytes: number): string {
  for (const [suffix, size] of [
    ['Ti', 1024 ** 4],
    ['Gi', 1024 ** 3],
    ['Mi', 1024 ** 2],
  ] as const) {
    if (bytes % size === 0) return `${bytes / size}${suffix}`;
  }
  return String(bytes);
}

const UNITS = [
  ['TiB', 1024 ** 4],
  ['GiB', 1024 ** 3],
  ['MiB', 1024 ** 2],
  ['KiB', 1024],
] as const;
const DECIMAL = [
  ['GB', 1e9],
  ['MB', 1e6],
] as const;

/**
 * THE byte formatter for people, in the binary units the parser above reads and Kubernetes'
 * `Mi`/`Gi`, block sizes and memory count in (KiB, MiB, GiB, TiB: powers of two). Exact where a
 * short exact form exists — `64 MiB`, `1.5 GiB`, `1025 MiB` (a size someone chose reads back as
 * they wrote it) — else three significant digits (`91.4 KiB`, `66.8 MiB`: a measured mean);
 * a size chosen in decimal units reads back as such (`1 MB`); under 1 KiB in bytes (`448 bytes`).
 * `measured`: a mean or quantile nobody chose, always three significant digits of its own unit.
 * For a Kubernetes manifest use toQuantity.
 */
export function formatBytes(bytes: number, opts: { measured?: boolean } = {}): string {
  const unit = UNITS.find(([, size]) => Math.abs(bytes) >= size);
  if (!unit || !Number.isFinite(bytes)) {
    const n = Math.round(bytes);
    return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  }
  const [name, size] = unit;
  const value = bytes / size;
  if (Number.isInteger(value * 100)) return `${value} ${name}`;
  // A measured figure (a mean, a quantile) was chosen by nobody: three significant digits.
  if (opts.measured) return `${value >= 1000 ? Math.round(value) : Number(value.toPrecision(3))} ${name}`;
  // A size chosen in decimal units (ucx_perftest -s 1000000) reads back as chosen.
  const decimal = DECIMAL.find(([, d]) => bytes >= d && bytes % d === 0);
  if (decimal) return `${bytes / decimal[1]} ${decimal[0]}`;
  const smaller = UNITS.find(([, s]) => s < size && bytes % s === 0);
  if (smaller) return `${bytes / smaller[1]} ${smaller[0]}`;
  return `${value >= 1000 ? Math.round(value) : Number(value.toPrecision(3))} ${name}`;
}
