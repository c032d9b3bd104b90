import { parseUcxPerftest, type UcxPerftestResult } from '../../parsers/ucx-perftest.js';
import type { Row } from '../local/types.js';
import type { BenchParams } from '../types.js';

/**
 * ucx_perftest as a local pair: pure builders for its command lines. The server
 * (rank 0) receives, the client (rank 1) sends (`run_stream_uni` in UCX's
 * src/tools/perf/lib/ucp_tests.cc), so the client plays prefill and the server
 * decode. The server exits after one test, so a sweep is one pair per size.
 */

/** Bytes moved per size when --iters is not given; large messages get fewer iterations. */
const BYTES_PER_SIZE = 512 * 1024 * 1024;
const MIN_ITERS = 8;
const MAX_ITERS = 2000;

/** Iterations for one size: --iters when given, else about 512 MiB worth, between 8 and 2000. */
export function itersFor(size: number, override?: number): number {
  if (override !== undefined) return override;
  return Math.min(MAX_ITERS, Math.max(MIN_ITERS, Math.round(BYTES_PER_SIZE / size)));
}

/** Warm-up iterations: a tenth of the measured ones, at least one. */
export function warmupFor(iters: number): number {
  return Math.max(1, Math.floor(iters / 10));
}

export interface PerftestArgs {
  /** The ucx_perftest binary (a path or a name on PATH). */
  bin: string;
  /** TCP port of the out-of-band exchange (`-p`). */
  port: number;
  size: number;
  iters: number;
  /** Untimed iterations first (`-w`); undefined: warmupFor(iters). */
  warmup?: number | undefined;
  /** `host` (DRAM) or `cuda` (VRAM on both sides: `-m cuda,cuda`). */
  memory: 'host' | 'cuda';
  /** UCP test; tag_bw is what the issue asks for and what the fixtures show. */
  test?: 'tag_bw' | 'ucp_put_bw' | 'ucp_get';
}

function common(a: PerftestArgs): string[] {
  const argv = ['-p', String(a.port), '-t', a.test ?? 'tag_bw', '-s', String(a.size)];
  argv.push('-n', String(a.iters), '-w', String(a.warmup ?? warmupFor(a.iters)));
  if (a.memory === 'cuda') argv.push('-m', 'cuda,cuda');
  return argv;
}

/** The server waits on `port`; it takes the same parameters as the client. */
export function perftestServerArgv(a: PerftestArgs): string[] {
  return [a.bin, ...common(a)];
}

/** The client connects to the server's address, which ucx_perftest takes as its first argument. */
export function perftestClientArgv(a: PerftestArgs, serverHost: string): string[] {
  return [a.bin, serverHost, ...common(a)];
}

export interface PerftestReading {
  /** The client's result for this size; undefined when it printed none. */
  row?: Row;
  transports: string[];
  lanes: string[];
  ucxVersion?: string;
  emulated: boolean;
}

function parsed(lines: readonly string[], size: number): UcxPerftestResult | undefined {
  if (lines.every((l) => !l.trim())) return undefined;
  try {
    return parseUcxPerftest(lines.join('\n'), { messageSize: size });
  } catch {
    return undefined; // nothing perftest-shaped: the exit status tells the story
  }
}

/**
 * What one size's pair measured. The client prints the results table (in UCX
 * ≥ 1.9 the server prints only the test box); both print the lanes UCX chose
 * (`ep_cfg[0]: tag(sysv/memory cma/memory)` in 1.13, `… inter-node cfg#1 …` later).
 */
export function readPerftestSize(
  size: number,
  server: readonly string[],
  client: readonly string[],
): PerftestReading {
  const c = parsed(client, size);
  const s = parsed(server, size);
  const uniq = (xs: string[]) => [...new Set(xs)];
  const r = c?.rows[0];
  const version = c?.ucxVersion ?? s?.ucxVersion;
  return {
    ...(r
      ? {
          row: {
            blockSize: size,
            batchSize: 1,
            gbps: r.gbps,
            ...(r.avgLatUs !== undefined ? { avgLatUs: r.avgLatUs } : {}),
          },
        }
      : {}),
    transports: uniq([...(c?.transports ?? []), ...(s?.transports ?? [])]),
    lanes: uniq([...(c?.lanes ?? []), ...(s?.lanes ?? [])]),
    ...(version ? { ucxVersion: version } : {}),
    emulated: !!(c?.emulated || s?.emulated),
  };
}

/** ucx_perftest's iterations between pods when --iters is not given. */
export const PERFTEST_DEFAULT_ITERS = 100;

/**
 * ucx_perftest's arguments between pods, as the first leg runs them; the pod
 * script swaps `-t` for each leg's and, on the client, puts the server's address first.
 */
export function perftestArgs(p: BenchParams): string[] {
  const iters = p.iterations ?? PERFTEST_DEFAULT_ITERS;
  return [
    '-t',
    p.opType === 'READ' ? 'ucp_get' : 'ucp_put_bw',
    '-m',
    p.memory === 'VRAM' ? 'cuda' : 'host',
    '-s',
    String(p.maxBlockSize),
    '-n',
    String(iters),
    '-w',
    String(p.warmup ?? warmupFor(iters)),
    '-p',
    String(p.port),
  ];
}
