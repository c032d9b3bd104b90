import {
  type Expectation,
  type Measurement,
  type MeasurementRow,
  peakOf,
  type Transport,
} from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { rowsBandwidthCheck } from '../judge/bandwidth.js';
import { expectationFor, type NicPort } from '../judge/expectations.js';
import { gpuDirectCheck } from '../judge/gpudirect.js';
import { libfabricCheck, libfabricProvider, libfabricTransport } from '../judge/libfabric.js';
import { loopbackCheck } from '../judge/peers.js';
import { transportCheck, transportKind } from '../judge/transports.js';
import type { UcxProtoTable } from '../parsers/ucx-log.js';
import type { RunProblem } from './assess.js';
import { nicPorts, readNixlbench, readNixlProbe, readPerftest, unreadableLog } from './logs.js';
import type { PairPlan } from './plan.js';
import type { PodRole } from './probe-script.js';
import { envValue } from './settings.js';

/**
 * From what the pods printed to the measurement and the `pair.*` checks. Pure.
 */

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

/** `pair.run`, `pair.exit` and `pair.log`: did the test run to the end, and is every log the engine's output. */
function runChecks(input: JudgeInput, subject: string | undefined): Check[] {
  const { plan } = input;
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
  return checks;
}

/** `pair.transport`: the LIBFABRIC provider, or the UCX lanes, judged against the link the mode tests. */
function pathCheck(
  input: JudgeInput,
  parsed: Parsed,
  transport: Transport,
  fabric: string | undefined,
  subject: string,
): Check {
  const { plan } = input;
  const settings = plan.pods[0]?.settings;
  const setByRecipe =
    settings?.env.some((e) => e.name === 'UCX_LOG_LEVEL' || e.name === 'UCX_PROTO_INFO') ?? false;
  return plan.bench.backend === 'LIBFABRIC'
    ? libfabricCheck(transport, fabric, subject)
    : transportCheck(transport, plan.mode, subject, setByRecipe, parsed.emulated, parsed.sameNode);
}

/** The report's `measurement`: what ran where, the rows, the transport and the expectation judged against. */
function measurementOf(
  input: JudgeInput,
  parsed: Parsed,
  transport: Transport,
  expected: Expectation,
): Measurement {
  const { plan } = input;
  const rows = parsed.rows;
  return {
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
      ? libfabricTransport(fabric)
      : { kind: transportKind(parsed.lanes, parsed.emulated), lanes: parsed.lanes };
  const checks: Check[] = runChecks(input, subject);
  const p = input.problem;
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
    const loopback = loopbackCheck({ mode: plan.mode, ranOn: input.ranOn, hosts: parsed.hosts, subject });
    if (loopback) checks.push(loopback);
    checks.push(pathCheck(input, parsed, transport, fabric, subject ?? ''));
  }
  if (ran || !p) {
    const userFloor = input.minBandwidth !== undefined;
    checks.push(rowsBandwidthCheck(parsed.rows, expected, plan.mode, subject ?? '', userFloor));
  }
  // GPU memory staged through the host is a warning whatever the bandwidth (UCX_PROTO_INFO tables).
  const gdr = gpuDirectCheck('pair.gpudirect', parsed.protocols, subject);
  if (gdr) checks.push(gdr);
  return { measurement: measurementOf(input, parsed, transport, expected), checks };
}
