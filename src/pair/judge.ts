import { type Check, check } from '../core/model.js';
import { judgeBandwidth, judgedRow, type Link } from '../judge/bandwidth.js';
import { judgeGpuDirect } from '../judge/gpudirect.js';
import { judgeTransport, transportKind } from '../judge/transports.js';
import type { UcxProtoTable } from '../parsers/ucx-log.js';
import type { RunProblem } from './assess.js';
import { expectationFor, type NicPort } from '../judge/expectations.js';
import { nicPorts, readNixlbench, readNixlProbe, readPerftest, unreadableLog } from './logs.js';
import {
  type Expectation,
  type Measurement,
  type MeasurementRow,
  peakOf,
  type Transport,
  type TransportKind,
} from '../core/measurement.js';
import type { PairPlan } from './plan.js';
import type { PodRole } from './probe-script.js';
import { envValue } from './settings.js';

/**
 * From what the pods printed to the measurement and the `pair.*` checks. Pure.
 */

/** The one transport list and kind (src/judge/transports.ts), re-exported for pair's callers. */
export { transportKind } from '../judge/transports.js';

export interface JudgeInput {
  plan: PairPlan;
  logs: Partial<Record<PodRole, string>>;
  /** Nodes the pods really ran on. */
  ranOn: Partial<Record<PodRole, string>>;
  problem?: RunProblem | undefined;
  minBandwidth?: number | undefined;
}

interface Parsed {
  rows: MeasurementRow[];
  lanes: string[];
  /** UCX_PROTO_INFO tables of every log: which protocol moved GPU memory. */
  protocols: UcxProtoTable[];
  /** UCX named a data endpoint `intra-node`: the peer was on the same host. */
  sameNode: boolean;
  emulated: boolean;
  initiatorRole?: PodRole | undefined;
  hosts: { initiator?: string; target?: string };
  opType?: string | undefined;
  memory?: { initiator: 'VRAM' | 'DRAM'; target: 'VRAM' | 'DRAM' } | undefined;
  /** nixl: the NIXL and UCX versions that ran, from the probe's start line and UCX's log. */
  versions: { nixl?: string | undefined; ucx?: string | undefined };
}

function seg(v: string | undefined): 'VRAM' | 'DRAM' | undefined {
  return v === 'VRAM' || v === 'DRAM' ? v : undefined;
}

function parseLogs(plan: PairPlan, logs: JudgeInput['logs']): Parsed {
  const out: Parsed = {
    rows: [],
    lanes: [],
    protocols: [],
    sameNode: false,
    emulated: false,
    hosts: {},
    versions: {},
  };
  const addLanes = (lanes: readonly string[]) => {
    for (const l of lanes) if (!out.lanes.includes(l)) out.lanes.push(l);
  };
  for (const role of ['prefill', 'decode', 'intra-node'] as const) {
    const log = logs[role];
    if (!log) continue;
    if (plan.engine === 'nixlbench') {
      const r = readNixlbench(log);
      if (!r) continue;
      addLanes(r.lanes);
      out.protocols.push(...r.ucx.protocols);
      out.sameNode ||= [...r.ucx.endpoints, ...r.ucx.protocols].some((e) => e.scope === 'intra-node');
      out.emulated ||= r.emulated;
      if (r.rows.length > 0 && out.rows.length === 0) {
        out.rows = r.rows.map((x) => ({
          blockSize: x.blockSize,
          batchSize: x.batchSize,
          gbps: x.gbps,
          ...(x.avgLatUs !== undefined ? { avgLatUs: x.avgLatUs } : {}),
        }));
        out.opType = r.opType;
        const i = seg(r.initiatorSegType);
        const t = seg(r.targetSegType);
        if (i && t) out.memory = { initiator: i, target: t };
      }
      for (const w of r.workers) {
        if (w.role === 'initiator') {
          if (role !== 'intra-node') out.initiatorRole ??= role;
          if (w.hostname) out.hosts.initiator ??= w.hostname;
        } else if (w.hostname) out.hosts.target ??= w.hostname;
      }
    } else if (plan.engine === 'nixl') {
      const r = readNixlProbe(log);
      addLanes(r.lanes);
      out.protocols.push(...r.protocols);
      out.sameNode ||= r.sameNode;
      out.emulated ||= r.emulated;
      out.versions.nixl ??= r.start?.nixlVersion ?? undefined;
      out.versions.ucx ??= r.ucxVersion;
      const self = r.start?.role;
      if (self === 'initiator' && role !== 'intra-node') out.initiatorRole ??= role;
      if (r.start) {
        if (self === 'initiator') out.hosts.initiator ??= r.start.host;
        else if (self === 'target') out.hosts.target ??= r.start.host;
      }
      if (self === 'initiator' && r.measurements.length > 0 && out.rows.length === 0) {
        out.rows = r.measurements.map((m) => ({
          blockSize: m.blockSize,
          batchSize: m.batchSize,
          gbps: m.gbps,
          avgLatUs: m.avgLatUs,
        }));
        out.opType = r.measurements[0]?.op;
        const peer = r.connected?.peerMemory ?? undefined;
        if (r.start && peer) out.memory = { initiator: r.start.memory, target: peer };
      }
    } else {
      const r = readPerftest(log, plan.bench.maxBlockSize);
      if (!r) continue;
      addLanes(r.lanes);
      out.protocols.push(...r.ucx.protocols);
      out.sameNode ||= [...r.ucx.endpoints, ...r.ucx.protocols].some((e) => e.scope === 'intra-node');
      out.emulated ||= r.emulated;
      // The client (the leg's initiator, or the intra-node pod) measures; its final row is the result.
      const initiator = plan.legs[0]?.initiator ?? 'prefill';
      if ((role === initiator || role === 'intra-node') && r.rows.length > 0) {
        out.rows = r.rows.map((x) => ({
          blockSize: x.blockSize ?? plan.bench.maxBlockSize,
          batchSize: x.batchSize,
          gbps: x.gbps,
          ...(x.avgLatUs !== undefined ? { avgLatUs: x.avgLatUs } : {}),
        }));
        out.initiatorRole = role === 'intra-node' ? undefined : role;
      }
    }
  }
  return out;
}

/** The figure judged: the best large-block row (≥ 1 MiB, where link rate shows), else the overall peak. */
export function judgedGBps(rows: readonly MeasurementRow[]): number | undefined {
  return judgedRow(rows)?.row.gbps;
}

function linkOf(mode: PairPlan['mode']): Link {
  return mode === 'cross-node' ? 'cross-node' : 'intra-node';
}

/**
 * `pair.bandwidth`: the shared judge's verdict (src/judge/bandwidth.ts), the
 * same `read nixlbench|ucx_perftest` gives the same figure. `userFloor`
 * defaults to whether the expectation came from --min-bandwidth.
 */
export function bandwidthCheck(
  gbps: number | undefined,
  exp: Expectation,
  mode: PairPlan['mode'],
  subject: string,
  opts: { userFloor?: boolean; blockSize?: number; smallOnly?: boolean } = {},
): Check {
  if (gbps === undefined) {
    return check('pair.bandwidth', 'fail', 'no result rows: the transfer never produced a number', {
      subject,
      fix: 'see pair.run for why',
      data: { judgedGBps: null, ...exp },
    });
  }
  const v = judgeBandwidth({
    gbps,
    blockSize: opts.blockSize,
    smallOnly: opts.smallOnly,
    expected: exp,
    link: linkOf(mode),
    userFloor: opts.userFloor ?? exp.source.startsWith('--min-bandwidth'),
  });
  return check('pair.bandwidth', v.status, v.detail, {
    subject,
    ...(v.fix ? { fix: v.fix } : {}),
    data: v.data,
  });
}

function transportCheck(
  t: Transport,
  mode: PairPlan['mode'],
  subject: string,
  setByRecipe: boolean,
  emulated: boolean,
  sameNode: boolean,
): Check {
  const data = { kind: t.kind, lanes: t.lanes };
  if (t.lanes.length === 0) {
    return check('pair.transport', 'warn', 'UCX did not log the transport it chose', {
      subject,
      fix: setByRecipe
        ? 'the recipe sets UCX_LOG_LEVEL/UCX_PROTO_INFO itself; rerun with --env UCX_LOG_LEVEL=info'
        : 'the image may print UCX logs elsewhere (UCX_LOG_FILE); rerun with --env UCX_LOG_FILE=',
      data,
    });
  }
  const v = judgeTransport(t.lanes, mode === 'cross-node' ? 'rdma' : 'nvlink', emulated, sameNode);
  return check('pair.transport', v.status, v.detail, { subject, ...(v.fix ? { fix: v.fix } : {}), data });
}

/**
 * The libfabric provider NIXL's LIBFABRIC backend chose, from its own log line
 * (NIXL_LOG_LEVEL=INFO): `Created 16 rails using provider=efa`
 * (ai-dynamo/nixl src/utils/libfabric/libfabric_rail_manager.cpp L232).
 */
export function libfabricProvider(logs: readonly (string | undefined)[]): string | undefined {
  for (const log of logs) {
    const m = /rails using provider=([\w;.-]+)/.exec(log ?? '');
    if (m) return m[1];
  }
  return undefined;
}

/** efa, cxi, verbs move data by RDMA; tcp and sockets do not. NIXL falls back from efa to tcp silently. */
function providerKind(provider: string | undefined): TransportKind {
  if (!provider) return 'unknown';
  const p = provider.split(';')[0] as string;
  if (/^(efa|cxi|verbs|psm3|opx)$/.test(p)) return 'rdma';
  if (/^(tcp|sockets|udp)$/.test(p)) return 'tcp';
  if (p === 'shm') return 'shm';
  return 'unknown';
}

function libfabricCheck(t: Transport, provider: string | undefined, subject: string): Check {
  const data = { kind: t.kind, lanes: t.lanes };
  if (!provider)
    return check('pair.transport', 'warn', "NIXL's LIBFABRIC backend did not log the provider it chose", {
      subject,
      fix: 'rerun with --env NIXL_LOG_LEVEL=INFO; without it a silent fallback from efa to tcp cannot be seen',
      data,
    });
  if (t.kind === 'tcp')
    return check(
      'pair.transport',
      'fail',
      `NIXL's LIBFABRIC backend fell back to the ${provider} provider: KV moves over TCP, not EFA`,
      {
        subject,
        fix: 'give the pods the EFA devices (vpc.amazonaws.com/efa) and IPC_LOCK, and check the EFA device plugin on the nodes',
        data,
      },
    );
  if (t.kind !== 'rdma')
    return check(
      'pair.transport',
      'warn',
      `NIXL's LIBFABRIC backend used the ${provider} provider, not EFA`,
      {
        subject,
        fix: 'check FI_PROVIDER and the EFA devices the pods got',
        data,
      },
    );
  return check('pair.transport', 'ok', `NIXL's LIBFABRIC backend used the ${provider} provider (RDMA)`, {
    subject,
    data,
  });
}

export interface Judgement {
  measurement: Measurement;
  checks: Check[];
}

function nicsFrom(
  logs: JudgeInput['logs'],
  plan: PairPlan,
): { prefill: NicPort[]; decode: NicPort[] } | undefined {
  const p = nicPorts(logs.prefill ?? logs['intra-node'] ?? '');
  const d = nicPorts(logs.decode ?? logs['intra-node'] ?? '');
  if (p.length && d.length) return { prefill: p, decode: d };
  return plan.knownNics;
}

export function judge(input: JudgeInput): Judgement {
  const { plan } = input;
  const subject =
    plan.mode === 'cross-node'
      ? `${plan.pods[0]?.node.name} → ${plan.pods[1]?.node.name}`
      : plan.pods[0]?.node.name;
  const parsed = parseLogs(plan, input.logs);
  const settings = plan.pods[0]?.settings;
  const maxRails = Number(settings ? envValue(settings, 'UCX_MAX_RMA_RAILS') : undefined);
  const expected = expectationFor({
    mode: plan.mode,
    minBandwidth: input.minBandwidth,
    nics: nicsFrom(input.logs, plan),
    ucxNetDevices: settings ? envValue(settings, 'UCX_NET_DEVICES') : undefined,
    // NIXL's --device_list replaces UCX_NET_DEVICES, when the image's nixlbench took the flag.
    deviceList:
      plan.engine === 'nixlbench' && !plan.droppedFlags.includes('device_list')
        ? plan.bench.deviceList
        : undefined,
    maxRails: Number.isFinite(maxRails) && maxRails > 0 ? maxRails : undefined,
    gpuProduct: plan.pods[0]?.node.gpuProduct,
  });
  const fabric =
    plan.bench.backend === 'LIBFABRIC' ? libfabricProvider(Object.values(input.logs)) : undefined;
  const transport: Transport =
    plan.bench.backend === 'LIBFABRIC'
      ? { kind: providerKind(fabric), lanes: fabric ? [`libfabric/${fabric}`] : [] }
      : { kind: transportKind(parsed.lanes, parsed.emulated), lanes: parsed.lanes };
  const checks: Check[] = [];
  const p = input.problem;
  if (p && p.kind !== 'hung-after-results') {
    checks.push(check('pair.run', 'fail', p.detail, { subject: p.role, fix: p.fix, data: { kind: p.kind } }));
  } else {
    checks.push(check('pair.run', 'ok', `the ${plan.engine} ${plan.mode} test ran to the end`, { subject }));
  }
  if (p?.kind === 'hung-after-results')
    checks.push(check('pair.exit', 'warn', p.detail, { subject: p.role, fix: p.fix }));
  // A log with output we cannot read is named as such, never left as "no result rows".
  for (const role of ['prefill', 'decode', 'intra-node'] as const) {
    const log = input.logs[role];
    if (!log || (p?.kind === 'unreadable-log' && p.role === role)) continue;
    const why = unreadableLog(plan.engine, log, role);
    if (why)
      checks.push(
        check('pair.log', 'fail', `the ${role} log is not ${plan.engine} output as expected: ${why}`, {
          subject: role,
          fix: `check that the probe image runs ${plan.engine} (--image, --engine); keep the pods with --keep and read the log`,
        }),
      );
  }
  const ran = parsed.rows.length > 0;
  if (ran) {
    if ((plan.engine === 'nixlbench' || plan.engine === 'nixl') && plan.mode === 'cross-node') {
      const want = plan.legs[0]?.initiator ?? 'prefill';
      const other = want === 'prefill' ? 'decode' : 'prefill';
      if (parsed.initiatorRole === want)
        checks.push(
          check(
            'pair.roles',
            'ok',
            `${want} was the initiator${plan.engine === 'nixlbench' ? ' (rank 0)' : ''}, ${other} the target`,
            { subject },
          ),
        );
      else if (parsed.initiatorRole === other) {
        checks.push(
          check(
            'pair.roles',
            'warn',
            `${other} registered first and became the initiator: the data moved the other way (${other} → ${want}) than planned`,
            {
              subject,
              fix: "rerun; if it repeats, the probe image's etcd client is missing (etcdctl or python3), so the rendezvous could not order the ranks",
            },
          ),
        );
      } else
        checks.push(
          check('pair.roles', 'skipped', 'the logs do not show which rank was the initiator', {
            subject,
            matters: false,
          }),
        );
    }
    const same =
      plan.mode === 'cross-node' &&
      ((input.ranOn.prefill !== undefined && input.ranOn.prefill === input.ranOn.decode) ||
        (parsed.hosts.initiator !== undefined && parsed.hosts.initiator === parsed.hosts.target));
    if (same) {
      checks.push(
        check(
          'pair.loopback',
          'warn',
          `both ranks ran on one host (${input.ranOn.prefill ?? parsed.hosts.initiator}): the result says nothing about the network`,
          {
            subject,
            fix: 'pick two different nodes',
          },
        ),
      );
    }
    const setByRecipe =
      settings?.env.some((e) => e.name === 'UCX_LOG_LEVEL' || e.name === 'UCX_PROTO_INFO') ?? false;
    checks.push(
      plan.bench.backend === 'LIBFABRIC'
        ? libfabricCheck(transport, fabric, subject ?? '')
        : transportCheck(transport, plan.mode, subject ?? '', setByRecipe, parsed.emulated, parsed.sameNode),
    );
  }
  const rows = parsed.rows;
  if (ran || !p) {
    const picked = judgedRow(rows);
    checks.push(
      bandwidthCheck(picked?.row.gbps, expected, plan.mode, subject ?? '', {
        userFloor: input.minBandwidth !== undefined,
        ...(picked ? { blockSize: picked.row.blockSize, smallOnly: picked.smallOnly } : {}),
      }),
    );
  }
  // GPU memory staged through the host is a warning whatever the bandwidth (UCX_PROTO_INFO tables).
  const gdr = judgeGpuDirect(parsed.protocols);
  if (gdr)
    checks.push(
      check('pair.gpudirect', gdr.status, gdr.detail, {
        subject,
        ...(gdr.fix ? { fix: gdr.fix } : {}),
        data: gdr.data,
      }),
    );
  const measurement: Measurement = {
    engine: plan.engine,
    mode: plan.mode,
    transport,
    nodes: {
      prefill: input.ranOn.prefill ?? input.ranOn['intra-node'] ?? plan.pods[0]?.node.name ?? null,
      decode:
        input.ranOn.decode ?? input.ranOn['intra-node'] ?? plan.pods[plan.pods.length - 1]?.node.name ?? null,
    },
    peakGBps: peakOf(rows),
    rows,
    ...(parsed.hosts.initiator || parsed.hosts.target ? { hosts: parsed.hosts } : {}),
    ...(parsed.memory
      ? { memory: parsed.memory }
      : { memory: { initiator: plan.bench.memory, target: plan.bench.memory } }),
    ...(parsed.opType === 'WRITE' || parsed.opType === 'READ'
      ? { opType: parsed.opType }
      : { opType: plan.bench.opType }),
    ...(plan.mode === 'cross-node' && plan.legs[0] ? { initiator: plan.legs[0].initiator } : {}),
    expected,
    ...(parsed.versions.nixl || parsed.versions.ucx
      ? {
          versions: {
            ...(parsed.versions.nixl ? { nixl: parsed.versions.nixl } : {}),
            ...(parsed.versions.ucx ? { ucx: parsed.versions.ucx } : {}),
          },
        }
      : {}),
  };
  return { measurement, checks };
}
