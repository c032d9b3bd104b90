import { parseByteSize } from '../core/size.js';

/**
 * A message size as people write it: `4096`, `4K`, `4KiB`, `64M`, `1MB`, `1GiB`: the one grammar
 * of core/size.ts (bare K/M/G and Ki/KiB are powers of two, as ucx_perftest and nixlbench count
 * block sizes; KB/MB/GB powers of ten). Undefined when it is not a size.
 */
export function parseSize(text: string): number | undefined {
  return parseByteSize(text);
}

/** Message sizes of a local pair's default sweep (every engine): 4 KiB … 64 MiB, a few seconds on a laptop. */
export const DEFAULT_SIZES = [4096, 65536, 1 << 20, 16 << 20, 64 << 20] as const;
