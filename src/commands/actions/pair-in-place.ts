import { ToolError } from '../../core/errors.js';
import type { Section } from '../../core/report.js';
import { makeReport } from '../../core/report.js';
import { formatBytes } from '../../core/size.js';
import { parseSize } from '../../engines/sizes.js';
import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import { IN_PLACE_DEFAULT_SIZE, IN_PLACE_MAX_SIZE, IN_PLACE_PORTS } from '../../pair/in-place/helper.js';
import { type InPlaceResult, runInPlace } from '../../pair/in-place/run.js';
import { leaseNamespaceOf } from '../../pair/options/options.js';
import { newRunId } from '../../scratch/names.js';
import type { CliContext, OutputOptions } from '../context.js';
import { emit } from '../context.js';
import { runIdFrom } from './pair-cluster.js';

/** What the JSON report says an in-place `pair` is about. */
export const IN_PLACE_SUBJECT = 'the KV path between these live worker pods (in-place)';

/** --in-place-size: a size (16MiB, 64M), above 0 and at most 256 MiB. */
export function inPlaceSize(text: string | undefined): number {
  if (text === undefined) return IN_PLACE_DEFAULT_SIZE;
  const n = parseSize(text);
  if (n === undefined || n <= 0) {
    throw new ToolError(`--in-place-size ${text} is not a size`, { fix: 'e.g. --in-place-size 16MiB' });
  }
  if (n > IN_PLACE_MAX_SIZE) {
    throw new ToolError(
      `--in-place-size ${text} is over the ${formatBytes(IN_PLACE_MAX_SIZE)} an in-place run may register`,
      {
        fix: 'use at most 256MiB; the full bandwidth needs pair with free GPUs',
      },
    );
  }
  return n;
}

function sections(r: InPlaceResult): Section[] {
  const lines = [
    `direction: ${r.legsWhy}`,
    `NIXL listen port: ${r.port} (in-place range ${IN_PLACE_PORTS.first}–${IN_PLACE_PORTS.last})`,
  ];
  for (const l of r.leftOut) lines.push(`left out: ${l.role} pod ${l.pod} (${l.why})`);
  for (const t of r.transfers) {
    const m = t.measurement;
    lines.push(
      '',
      `${t.prefill} (prefill, node ${m.nodes.prefill ?? '?'}) ↔ ${t.decode} (decode, node ${m.nodes.decode ?? '?'}): ${t.leg.initiator} ${t.leg.op}`,
      `in-place: ${formatBytes(m.inPlace?.bytes ?? 0)} of ${m.memory?.initiator ?? 'DRAM'}; NIXL ${m.versions?.nixl ?? '?'}, UCX ${m.versions?.ucx ?? '?'}`,
      `transport: ${m.transport.lanes.length ? m.transport.lanes.join(' ') : 'not reported'} (${m.transport.kind})`,
    );
    for (const row of m.rows)
      lines.push(`  ${formatBytes(row.blockSize).padEnd(10)}${row.gbps.toFixed(2).padStart(10)} GB/s`);
  }
  return [{ title: 'In place', lines }];
}

/** What `pair --in-place` reads of pair's options (validated by pair.ts first). */
export interface InPlaceCliOptions extends OutputOptions {
  dgd?: string | undefined;
  prefillPod?: string | undefined;
  decodePod?: string | undefined;
  allPods?: boolean | undefined;
  container?: string | undefined;
  inPlaceSize?: string | undefined;
  memoryType?: string | undefined;
  timeout: number;
  minBandwidth?: number | undefined;
  initiator?: 'prefill' | 'decode' | undefined;
  op?: string | undefined;
  kubeconfig?: string | undefined;
  context?: string | undefined;
  namespace?: string | undefined;
  requestTimeout: number;
  leaseNamespace?: string | undefined;
  /** --no-wait (commander's negation): false refuses at once when another run holds a worker pod. */
  wait?: boolean | undefined;
}

/** `pair --in-place`: options → the run in the live pods → the report. */
export async function runInPlacePair(ctx: CliContext, opts: InPlaceCliOptions): Promise<void> {
  const bytes = inPlaceSize(opts.inPlaceSize);
  const memory = opts.memoryType?.toUpperCase() === 'VRAM' ? 'VRAM' : 'DRAM';
  const cluster = await openCluster(clusterOptions(opts), ctx.env);
  const namespace = opts.namespace ?? cluster.namespace;
  const runId = runIdFrom(ctx.env) ?? newRunId();
  const result = await runInPlace(
    {
      namespace,
      dgd: opts.dgd,
      prefillPod: opts.prefillPod,
      decodePod: opts.decodePod,
      allPods: opts.allPods === true,
      container: opts.container,
      bytes,
      memory,
      timeoutMs: opts.timeout,
      minGBps: opts.minBandwidth,
      initiator: opts.initiator,
      op: opts.op ? (opts.op.toUpperCase() as 'READ' | 'WRITE') : undefined,
      runId,
      explicitSize: opts.inPlaceSize !== undefined,
      leaseNamespace: leaseNamespaceOf(opts.leaseNamespace, ctx.env),
      leaseWait: opts.wait !== false,
    },
    { cluster, progress: ctx.progress, signal: ctx.signal },
  );
  const [first, ...more] = result.transfers.map((t) => t.measurement);
  const report = makeReport(
    'pair',
    result.checks,
    {
      ...(first ? { measurement: first } : {}),
      ...(more.length ? { measurements: [first, ...more] } : {}),
      run: {
        mode: 'in-place',
        runId,
        namespace,
        port: result.port,
        transfers: result.transfers.map((t) => ({ prefill: t.prefill, decode: t.decode, ...t.leg })),
        transfersWhy: result.legsWhy,
      },
    },
    IN_PLACE_SUBJECT,
  );
  await emit(ctx, report, opts, () => sections(result));
}
