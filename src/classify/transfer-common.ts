import type { NixlbenchResult } from '../parsers/nixlbench.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';

/** Helpers shared by the transfer checks. */
export type Parsed = NixlbenchResult | UcxPerftestResult;
export type Expect = 'network' | 'nvlink' | 'any';

export function isNixl(p: Parsed): p is NixlbenchResult {
  return 'runs' in p;
}

export function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function size(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown size';
  if (bytes >= 1e6 && bytes % 1e6 === 0 && bytes % 1024 !== 0) return `${bytes / 1e6} MB`;
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} B`;
}
