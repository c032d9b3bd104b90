import type { PerftestSample } from './ucx-perftest-types.js';

/** What a ucx_perftest log's lines say beyond its table: how the run ended, and the message size its rows imply. */

/**
 * UCX ending the process: its signal handler's `[host:pid:tid] Caught signal 11 (Segmentation fault…)` (then a
 * `==== backtrace` block) and `ucs_fatal`'s `[host:pid:tid] file.c:N  Fatal: …` (openucx/ucx src/ucs/debug/debug.c
 * `ucs_log_fatal_error("Caught signal %d (%s: %s%s)", …)`, older UCX "Caught signal %d (%s)"; src/ucs/debug/assert.h
 * `ucs_fatal` → "Fatal: " _fmt). The run stops there whatever it printed before (issue 38, principle 4).
 */
export const UCX_ABORT =
  /^\[[^\]\s]+:\s*\d+\s*(?::\s*\d+)*\]\s+(?:Caught signal \d+ \([^)]*\)|[\w.+-]+\.(?:c|cc|cpp|h|inl):\d+\s+Fatal: .+)$/;

/**
 * The bytes per message a row implies: libperf.c computes both figures over the same interval (bandwidth =
 * bytes / time, message rate = msgs / time; perftest prints MB/s as bytes / 2^20). Only at ≥ 1000 msg/s, where the
 * printed integer rate is precise enough to tell an 8-byte message-rate test from a bandwidth test, and only a small
 * size (≤ 8 KiB and a margin for the rounding of the printed figures): it decides "message-rate test", nothing else.
 */
const SMALL_IMPLIED = 8192 * 1.05;

export function impliedSize(row: PerftestSample | undefined): number | undefined {
  const bw = row?.bwAvgMiBps;
  const rate = row?.msgRateAvg;
  if (bw === undefined || rate === undefined || bw <= 0 || rate < 1000) return undefined;
  const size = Math.round((bw * 1024 * 1024) / rate);
  return size <= SMALL_IMPLIED ? size : undefined;
}
