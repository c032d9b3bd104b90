import type { BenchParams } from '../types.js';
import { compareVersions } from '../version.js';

/** nixlbench flags and the first version that accepts each (gflags rejects unknown flags: nixlbench.md §1). */
export const NIXLBENCH_FLAG_SINCE: Readonly<Record<string, string>> = {
  etcd_endpoints: '0.1.0',
  backend: '0.1.0',
  initiator_seg_type: '0.1.0',
  target_seg_type: '0.1.0',
  op_type: '0.1.0',
  start_block_size: '0.1.0',
  max_block_size: '0.1.0',
  total_buffer_size: '0.1.0',
  device_list: '0.1.0',
  // nixlbench's first release (ai-dynamo/nixl #194, in 0.2.0) already had both (src/utils/utils.cpp).
  num_iter: '0.1.0',
  warmup_iter: '0.1.0',
  // ai-dynamo/nixl PR #576 (merged 2025-07-15) added the group namespace `xferbench/<group>/`.
  benchmark_group: '0.5.0',
  // ai-dynamo/nixl PR #520 (2025-07-19, first in 0.5.0) made the large-block divisor a flag.
  large_blk_iter_ftr: '0.5.0',
  // A gflags bool (DEFINE_bool, benchmark/nixlbench/src/utils/utils.cpp:48 at 0.2.0, :73 at HEAD):
  // the receiver's bytes are compared after the transfers, a mismatch exits EXIT_FAILURE
  // (src/main.cpp:130, :147 at HEAD). references/nixl-probe.md, "The data check".
  check_consistency: '0.2.0',
};

/**
 * nixlbench's own defaults (ai-dynamo/nixl benchmark/nixlbench/src/utils/utils.cpp:81,93,90):
 * 1000 timed and 100 warm-up iterations, both divided by 16 for blocks above 1 MiB.
 * We pass them explicitly, so what ran is what the report and the help say.
 */
export const NIXLBENCH_DEFAULT_ITERS = 1000;
export const NIXLBENCH_DEFAULT_WARMUP = 100;

export function flagSupported(flag: string, version: string): boolean {
  const since = NIXLBENCH_FLAG_SINCE[flag];
  return since !== undefined && compareVersions(version, since) >= 0;
}

/**
 * nixlbench's arguments, only flags the image's version accepts, as the first
 * leg runs them. `--op_type` and `--benchmark_group` differ per leg: the
 * probe script swaps them for each leg's own (templates/engines/common/releg.sh.hbs).
 */
export function nixlbenchArgs(p: BenchParams): { args: string[]; dropped: string[] } {
  // --iters N means N timed iterations at every size, as for ucx_perftest (-n) and the nixl probe:
  // nixlbench's divisor for blocks above 1 MiB is turned off (1). Without --iters, nixlbench's own
  // defaults, made explicit.
  const iters = p.iterations ?? NIXLBENCH_DEFAULT_ITERS;
  const warmup =
    p.warmup ??
    (p.iterations === undefined ? NIXLBENCH_DEFAULT_WARMUP : Math.max(1, Math.floor(p.iterations / 10)));
  const exact = p.iterations !== undefined || p.warmup !== undefined;
  const want: [string, string | number | boolean | undefined][] = [
    ['etcd_endpoints', p.etcdEndpoint],
    ['benchmark_group', `${p.group}-1`],
    ['backend', p.backend],
    ['initiator_seg_type', p.memory],
    ['target_seg_type', p.memory],
    ['op_type', p.opType],
    ['start_block_size', p.startBlockSize],
    ['max_block_size', p.maxBlockSize],
    ['total_buffer_size', p.totalBufferSize],
    ['num_iter', iters],
    ['warmup_iter', warmup],
    ['large_blk_iter_ftr', exact ? 1 : undefined],
    ['check_consistency', true],
    ['device_list', p.deviceList],
  ];
  const args: string[] = [];
  const dropped: string[] = [];
  for (const [flag, value] of want) {
    if (value === undefined) continue;
    if (!flagSupported(flag, p.nixlbenchVersion)) {
      dropped.push(flag);
      continue;
    }
    // gflags takes a bool as `--flag=true`; `--flag true` would leave `true` a stray argument.
    if (typeof value === 'boolean') args.push(`--${flag}=${value}`);
    else args.push(`--${flag}`, String(value));
  }
  return { args, dropped };
}
