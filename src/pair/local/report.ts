import { formatDuration } from '../../core/duration.js';
import { type Check, check } from '../../core/model.js';
import type { Section } from '../../core/report.js';
import { expectationFor } from '../../judge/expectations.js';
import { bandwidthCheck as judgeBandwidth, judgedGBps, transportKind } from '../judge.js';
import { type Expectation, type Measurement, peakOf } from '../../core/measurement.js';
import type { ChosenEngine } from './engine.js';
import { formatSize } from './sizes.js';
import { localTransportCheck } from './transport.js';
import type { EngineRun } from './types.js';

export interface LocalFacts {
  chosen: ChosenEngine;
  mode: 'local' | 'intra-node';
  memory: 'DRAM' | 'VRAM';
  hostname: string;
  gpuCount: number;
  gpuModel?: string;
  where: string;
  sizes: readonly number[];
  timeoutMs: number;
  minGBps?: number;
  run: EngineRun;
  /** The operation the initiator ran on the target, when the engine says (nixl). */
  op?: 'READ' | 'WRITE';
}

function span(sizes: readonly number[]): string {
  const lo = Math.min(...sizes);
  const hi = Math.max(...sizes);
  return lo === hi ? formatSize(lo) : `${formatSize(lo)}–${formatSize(hi)}`;
}

function gb(n: number): string {
  return n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

function transferCheck(f: LocalFacts): Check {
  const r = f.run;
  const subject = `${f.chosen.engine} on ${f.hostname}`;
  if (r.outcome === 'completed') {
    const what = f.chosen.engine === 'ucx_perftest' ? `${r.sizesDone} sizes` : `${r.sizesDone} block sizes`;
    return check(
      'pair.transfer',
      'ok',
      `${what} (${span(f.sizes)}) moved between two processes; both exited 0`,
      {
        subject,
      },
    );
  }
  if (r.outcome === 'hung-after-results') {
    return check(
      'pair.transfer',
      'warn',
      `all results were printed, then a process hung and was stopped: ${r.problem ?? ''}`.trim(),
      {
        subject,
        fix: 'a known nixlbench shutdown hang (ai-dynamo/nixl#1999); the numbers stand, but check the NIXL version',
      },
    );
  }
  if (r.outcome === 'timeout') {
    return check(
      'pair.transfer',
      'fail',
      `did not finish within ${formatDuration(f.timeoutMs)} (--timeout)${r.problem ? `: ${r.problem}` : ''}`,
      { subject, fix: 'raise --timeout, or measure fewer --sizes / --iters' },
    );
  }
  return check('pair.transfer', 'fail', r.problem ?? 'the transfer failed', {
    subject,
    fix: `rerun and read the ${f.chosen.engine} error above; UCX_LOG_LEVEL=debug shows more`,
  });
}

/**
 * What the peak is judged against. A GPU-to-GPU run gets the cluster's
 * intra-node expectation (NVLink generation of the GPU model, or a floor no
 * NVLink path falls under); a host-memory run is judged only against
 * --min-bandwidth, since a memory copy on this host says nothing of a link.
 */
export function localExpectation(
  f: Pick<LocalFacts, 'memory' | 'minGBps' | 'gpuModel'>,
): Expectation | undefined {
  if (f.memory === 'VRAM') {
    return expectationFor({
      mode: 'intra-node',
      ...(f.minGBps !== undefined ? { minBandwidth: f.minGBps } : {}),
      ...(f.gpuModel ? { gpuProduct: f.gpuModel } : {}),
    });
  }
  return f.minGBps === undefined
    ? undefined
    : { floorGBps: f.minGBps, source: `--min-bandwidth ${f.minGBps} GB/s` };
}

/**
 * The bandwidth check. A GPU-to-GPU run is judged exactly as the cluster's
 * intra-node pair (judge.ts, against the NVLink expectation); a host-memory
 * run only against --min-bandwidth. Both judge the same figure: the best
 * row of 1 MiB or more, where a link's rate shows.
 */
function bandwidthCheck(f: LocalFacts, expected: Expectation | undefined): Check {
  const rows = f.run.rows;
  const figure = judgedGBps(rows);
  if (figure === undefined) {
    return check('pair.bandwidth', 'skipped', 'nothing was measured (see pair.transfer)', { matters: false });
  }
  const subject = `${f.chosen.engine} on ${f.hostname}`;
  if (f.memory === 'VRAM' && expected) return judgeBandwidth(figure, expected, 'intra-node', subject);
  const at = rows.find((r) => r.gbps === figure)!;
  const where = `${gb(figure)} GB/s at ${formatSize(at.blockSize)}`;
  const data = { judgedGBps: figure, atBlockSize: at.blockSize, ...(expected ? { expected } : {}) };
  if (!expected) {
    return check('pair.bandwidth', 'ok', `${where} (no --min-bandwidth floor given)`, { subject, data });
  }
  if (figure < expected.floorGBps) {
    return check(
      'pair.bandwidth',
      'fail',
      `${where}, below the floor of ${expected.floorGBps} GB/s (${expected.source})`,
      {
        subject,
        fix: 'see pair.transport for the path UCX took, and check what else loads this host',
        data,
      },
    );
  }
  return check('pair.bandwidth', 'ok', `${where} meets ${expected.floorGBps} GB/s (${expected.source})`, {
    subject,
    data,
  });
}

/** The checks and the `measurement` a local pair report carries. */
export function localResult(f: LocalFacts): { checks: Check[]; measurement: Measurement } {
  const versions = [f.run.engineVersion, f.run.ucxVersion ? `UCX ${f.run.ucxVersion}` : undefined].filter(
    Boolean,
  );
  const engineDetail = `${f.chosen.engine} (${f.chosen.bin})${versions.map((v) => `, ${v}`).join('')}`;
  const checks: Check[] = [check('pair.engine', 'ok', engineDetail, { matters: false })];
  const expected = localExpectation(f);
  checks.push(transferCheck(f), bandwidthCheck(f, expected));
  if (f.run.rows.length > 0 || f.run.transports.length > 0) {
    checks.push(
      localTransportCheck({
        transports: f.run.transports,
        memory: f.memory,
        gpuCount: f.gpuCount,
        where: f.where,
      }),
    );
  }
  if (f.run.emulated) {
    checks.push(
      check('pair.emulation', 'warn', 'UCX emulated RMA over active messages or software', {
        fix: 'check UCX_TLS: a zero-copy transport (rc, cuda_ipc) should carry the data',
      }),
    );
  }
  const peak = peakOf(f.run.rows);
  const measurement: Measurement = {
    engine: f.chosen.engine,
    mode: f.mode,
    transport: { kind: transportKind(f.run.lanes, f.run.emulated), lanes: f.run.lanes },
    nodes: { prefill: f.hostname, decode: f.hostname },
    peakGBps: peak,
    rows: f.run.rows,
    ...(f.run.hosts && Object.keys(f.run.hosts).length ? { hosts: f.run.hosts } : {}),
    memory: { initiator: f.memory, target: f.memory },
    ...(f.op ? { opType: f.op } : {}),
    ...(expected ? { expected } : {}),
  };
  return { checks, measurement };
}

/** The text output's measurement block: the table people came for. */
export function measurementSection(m: Measurement, where: string): Section {
  const lines = [
    `${m.engine}, ${m.mode === 'intra-node' ? 'GPU to GPU (VRAM)' : 'host memory (DRAM)'}, ${where} on ${m.nodes.prefill}`,
    `transport: ${m.transport.lanes.length ? m.transport.lanes.join(' ') : 'not reported'} (${m.transport.kind})`,
  ];
  if (m.rows.length) {
    lines.push(`${'size'.padEnd(10)}${'GB/s'.padStart(10)}${'avg lat (us)'.padStart(15)}`);
    for (const r of m.rows) {
      const lat = r.avgLatUs === undefined ? '' : r.avgLatUs.toFixed(1);
      lines.push(`${formatSize(r.blockSize).padEnd(10)}${gb(r.gbps).padStart(10)}${lat.padStart(15)}`);
    }
  }
  return { title: 'Measurement', lines };
}
