const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
};

/**
 * A message size as people write it: `4096`, `4K`, `4KiB`, `64M`, `1GiB`.
 * Units are binary (K = 1024), as ucx_perftest and nixlbench count block sizes.
 * Undefined when it is not a size.
 */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS[m[2]!.toLowerCase()];
  if (unit === undefined) return undefined;
  const n = Number(m[1]) * unit;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Bytes for people: 4096 → `4 KiB`, 67108864 → `64 MiB`, 1000 → `1000 B`. */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} B`;
}

/** Message sizes of a local pair's default sweep (every engine): 4 KiB … 64 MiB, a few seconds on a laptop. */
export const DEFAULT_SIZES = [4096, 65536, 1 << 20, 16 << 20, 64 << 20] as const;
