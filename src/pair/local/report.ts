import { type Expectation, type Measurement, peakOf } from '../../core/measurement.js';
import { type Check, check } from '../../core/model.js';
import type { Section } from '../../core/report.js';
import { formatBytes } from '../../core/size.js';
import type { ChosenEngine } from '../../engines/choose.js';
import { getEngine } from '../../engines/registry.js';
import type { EngineRun } from '../../engines/types.js';
import { kvRowCheck, kvShapeText } from '../../judge/kv-row.js';
import { transferCheck as judgeTransfer, localBandwidthCheck, localExpectation } from '../../judge/local.js';
import { transportKind } from '../../judge/transports.js';
import { localTransportCheck } from './transport.js';

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
  return lo === hi ? formatBytes(lo) : `${formatBytes(lo)}–${formatBytes(hi)}`;
}

function gb(n: number): string {
  return n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

function transferCheck(f: LocalFacts): Check {
  const r = f.run;
  const subject = `${f.chosen.engine} on ${f.hostname}`;
  const what = `${r.sizesDone} ${getEngine(f.chosen.engine).sweepNoun}`;
  return judgeTransfer({
    outcome: r.outcome,
    problem: r.problem,
    engine: f.chosen.engine,
    subject,
    what,
    span: span(f.sizes),
    timeoutMs: f.timeoutMs,
  });
}

function bandwidthCheck(f: LocalFacts, expected: Expectation | undefined): Check {
  return localBandwidthCheck({
    rows: f.run.rows,
    memory: f.memory,
    expected,
    subject: `${f.chosen.engine} on ${f.hostname}`,
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
  const kv = kvRowCheck(f.run.kv, f.run.rows, `${f.chosen.engine} on ${f.hostname}`);
  if (kv) checks.push(kv);
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
    ...(f.run.kv ? { kv: f.run.kv } : {}),
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
      const flight = (r.inFlight ?? 1) > 1 ? `  (${r.inFlight} in flight)` : '';
      lines.push(
        `${formatBytes(r.blockSize).padEnd(10)}${gb(r.gbps).padStart(10)}${lat.padStart(15)}${flight}`,
      );
    }
  }
  if (m.kv) {
    const lat = m.kv.avgLatUs === undefined ? '' : m.kv.avgLatUs.toFixed(1);
    lines.push(`${'KV'.padEnd(10)}${gb(m.kv.gbps).padStart(10)}${lat.padStart(15)}`);
    lines.push(`KV: ${kvShapeText(m.kv)}`);
  }
  return { title: 'Measurement', lines };
}
