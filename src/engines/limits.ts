import { ToolError } from '../core/errors.js';
import { formatBytes } from '../core/size.js';
import type { Engine } from './types.js';

/** Sizes an engine cannot take are the user's input (exit 2), never a measurement: ucx_perftest wraps past 4 GiB. */
export function assertSizes(engine: Engine, sizes: readonly number[]): void {
  const max = engine.maxMessageBytes;
  if (max === undefined) return;
  const over = sizes.filter((s) => s > max);
  if (over.length === 0) return;
  throw new ToolError(
    `--sizes ${over.map((n) => formatBytes(n)).join(',')}: ${engine.name} measures messages under ${formatBytes(max + 1)} only (larger sizes wrap and report impossible figures)`,
    { fix: `give sizes below ${formatBytes(max + 1)}, or use another --engine` },
  );
}
