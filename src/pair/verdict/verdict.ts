import {
  type Expectation,
  type KvRow,
  type Measurement,
  type MeasurementRow,
  peakOf,
  type Transport,
} from '../../core/measurement.js';
import { type Check, check } from '../../core/model.js';
import { getEngine } from '../../engines/registry.js';
import type { LogReading, PodRole } from '../../engines/types.js';
import { rowsBandwidthCheck } from '../../judge/bandwidth.js';
import { expectationFor, isMigProduct, type NicPort } from '../../judge/expectations.js';
import { gpuDirectCheck } from '../../judge/gpudirect.js';
import { kvRowCheck } from '../../judge/kv-row.js';
import { libfabricCheck, libfabricProvider, libfabricTransport } from '../../judge/libfabric.js';
import { allocationCheck, judgeDomainTransport, type PodAllocation } from '../../judge/nvlink-domain.js';
import { loopbackCheck } from '../../judge/peers.js';
import { nicRateCheck } from '../../judge/siblings.js';
import { transportCheck, transportKind } from '../../judge/transports.js';
import type { UcxProtoTable } from '../../parsers/ucx-log.js';
import type { PairPlan } from '../plan/plan.js';
import { envValue } from '../plan/settings.js';
import type { RunProblem } from '../pods/assess.js';
import { nicPorts, unreadableLog } from '../pods/logs.js';
import { libfabricRailCount, stripedExpectation } from './efa-expectation.js';
import { railExpectation } from './rail-bar.js';

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
  /** One rail of a rails run: how many NICs' worth of line it had (rail-bar.ts railWorth). */
  railWorth?: number | undefined;
}

interface Parsed {
  rows: MeasurementRow[];
  kv?: KvRow | undefined;
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
  /** How each pod allocated its buffer, where its log says. */
  allocations?: Partial<Record<PodRole, PodAllocation>>;
}

/** One pod's reading merged in: lanes and flags from every log, the result from the log that carries it. */
function merge(out: Parsed, r: LogReading, role: PodRole): void {
  for (const l of r.lanes) if (!out.lanes.includes(l)) out.lanes.push(l);
  out.protocols.push(...r.protocols);
  out.sameNode ||= r.sameNode;
  out.emulated ||= r.emulated;
  if (r.versions.nixl) out.versions.nixl ??= r.versions.nixl;
  if (r.versions.ucx) out.versions.ucx ??= r.versions.ucx;
  if (r.initiator && role !== 'intra-node') out.initiatorRole ??= role;
  if (r.hosts.initiator) out.hosts.initiator ??= r.hosts.initiator;
  if (r.hosts.target) out.hosts.target ??= r.hosts.target;
  if (r.allocation) out.allocations = { ...out.allocations, [role]: r.allocation };
  const res = r.result;
  if (!res || (!res.fromClient && out.rows.length > 0)) return;
  out.rows = res.rows;
  out.kv = res.kv;
  if (res.fromClient) out.initiatorRole = role === 'intra-node' ? undefined : role;
  else out.opType = res.opType;
  if (res.memory) out.memory = res.memory;
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
  const engine = getEngine(plan.engine);
  const ctx = { maxBlockSize: plan.bench.maxBlockSize, initiator: plan.legs[0]?.initiator ?? 'prefill' };
  for (const role of ['prefill', 'decode', 'intra-node'] as const) {
    const log = logs[role];
    if (!log) continue;
    const r = engine.logs.read(log, role, ctx);
    if (r) merge(out, r, role);
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

/** The probe pods hold MIG slices: the worker's `nvidia.com/mig-*` resource, or a MIG product label. */
function isMig(plan: JudgeInput['plan']): boolean {
  return plan.pods.some(
    (p) => p.settings.gpuResource?.startsWith('nvidia.com/mig-') === true || isMigProduct(p.node.gpuProduct),
  );
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
  if (plan.bench.backend === 'LIBFABRIC') return libfabricCheck(transport, fabric, subject);
  // GB200: a pair inside one NVLink domain wants cuda_ipc across the nodes; across domains, the NIC.
  if (plan.path && transport.lanes.length > 0) {
    const v = judgeDomainTransport(transport.lanes, plan.path, parsed.emulated, parsed.sameNode);
    return check('pair.transport', v.status, v.detail, {
      subject,
      ...(v.fix ? { fix: v.fix } : {}),
      data: { kind: transport.kind, lanes: transport.lanes, path: plan.path.kind },
    });
  }
  return transportCheck(
    transport,
    plan.mode,
    subject,
    setByRecipe,
    parsed.emulated,
    parsed.sameNode,
    isMig(plan),
  );
}

/** The report's `measurement`: what ran where, the rows, the transport and the expectation judged against. */
/** The memory each side moved: what the logs say, else what the plan asked for. */
function memoryOf(parsed: Parsed, plan: JudgeInput['plan']): NonNullable<Parsed['memory']> {
  return parsed.memory ?? { initiator: plan.bench.memory, target: plan.bench.memory };
}

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
    ...(parsed.kv ? { kv: parsed.kv } : {}),
    ...(parsed.hosts.initiator || parsed.hosts.target ? { hosts: parsed.hosts } : {}),
    memory: memoryOf(parsed, plan),
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

/**
 * `pair.roles`, for an engine whose logs say which pod initiated: the planned
 * initiator was the one (nixlbench: rank 0), or the data moved the other way.
 */
function rolesCheck(
  plan: PairPlan,
  initiatorRole: PodRole | undefined,
  subject: string | undefined,
): Check | undefined {
  const roles = getEngine(plan.engine).cluster.roles;
  if (!roles || plan.mode !== 'cross-node') return undefined;
  const want = plan.legs[0]?.initiator ?? 'prefill';
  const other = want === 'prefill' ? 'decode' : 'prefill';
  if (initiatorRole === want)
    return check('pair.roles', 'ok', `${want} was the initiator${roles.note}, ${other} the target`, {
      subject,
    });
  if (initiatorRole === other)
    return check(
      'pair.roles',
      'warn',
      `${other} registered first and became the initiator: the data moved the other way (${other} → ${want}) than planned`,
      {
        subject,
        fix: "rerun; if it repeats, the probe image's etcd client is missing (etcdctl or python3), so the rendezvous could not order the ranks",
      },
    );
  return check('pair.roles', 'skipped', 'the logs do not show which rank was the initiator', {
    subject,
    matters: false,
  });
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
  const nics = nicsFrom(input.logs, plan);
  const onePort = expectationFor({
    mode: plan.mode,
    minBandwidth: input.minBandwidth,
    nics,
    ucxNetDevices: settings ? envValue(settings, 'UCX_NET_DEVICES') : undefined,
    // NIXL's --device_list replaces UCX_NET_DEVICES, when the image's nixlbench took the flag.
    deviceList:
      getEngine(plan.engine).cluster.deviceList && !plan.droppedFlags.includes('device_list')
        ? plan.bench.deviceList
        : undefined,
    maxRails: Number.isFinite(maxRails) && maxRails > 0 ? maxRails : undefined,
    gpuProduct: plan.pods[0]?.node.gpuProduct,
    mig: isMig(plan),
    nvlinkDomain: plan.path?.kind === 'nvlink-domain',
  });
  // LIBFABRIC stripes one GPU over every EFA rail NIXL created: the bar is their sum.
  const expected =
    plan.bench.backend === 'LIBFABRIC'
      ? stripedExpectation(onePort, libfabricRailCount(Object.values(input.logs)))
      : railExpectation(onePort, input.railWorth);
  const fabric =
    plan.bench.backend === 'LIBFABRIC' ? libfabricProvider(Object.values(input.logs)) : undefined;
  const transport: Transport =
    plan.bench.backend === 'LIBFABRIC'
      ? libfabricTransport(fabric)
      : { kind: transportKind(parsed.lanes, parsed.emulated), lanes: parsed.lanes };
  const checks: Check[] = runChecks(input, subject);
  // A port below its siblings fails on its own, whatever the transfer measured; down ports are named.
  if (plan.mode === 'cross-node' && nics) {
    const sides = [
      [plan.pods[0]?.node.name ?? 'prefill', nics.prefill],
      [plan.pods[1]?.node.name ?? 'decode', nics.decode],
    ] as const;
    for (const [node, ports] of sides) {
      const c = nicRateCheck(node, ports);
      if (c) checks.push(c);
    }
  }
  const p = input.problem;
  const ran = parsed.rows.length > 0;
  if (ran) {
    const roles = rolesCheck(plan, parsed.initiatorRole, subject);
    if (roles) checks.push(roles);
    const loopback = loopbackCheck({ mode: plan.mode, ranOn: input.ranOn, hosts: parsed.hosts, subject });
    if (loopback) checks.push(loopback);
    checks.push(pathCheck(input, parsed, transport, fabric, subject ?? ''));
  }
  if (ran || !p) {
    const userFloor = input.minBandwidth !== undefined;
    const link = plan.path?.kind === 'nvlink-domain' ? 'nvlink-domain' : undefined;
    // Host memory on both sides of one host: a copy through the CPU caches, whose sizes shape the sweep.
    const memory = memoryOf(parsed, plan);
    const hostCopy = plan.mode !== 'cross-node' && memory.initiator === 'DRAM' && memory.target === 'DRAM';
    checks.push(
      rowsBandwidthCheck(parsed.rows, expected, plan.mode, subject ?? '', userFloor, link, { hostCopy }),
    );
    const kv = ran ? kvRowCheck(parsed.kv, parsed.rows, subject ?? '') : undefined;
    if (kv) checks.push(kv);
  }
  // Meant to cross nodes over NVLink: which allocation each pod used (fabric-handle VRAM, or a fallback).
  if (plan.fabricMemory && (ran || parsed.allocations))
    checks.push(allocationCheck(parsed.allocations ?? {}, subject ?? ''));
  // GPU memory staged through the host is a warning whatever the bandwidth (UCX_PROTO_INFO tables).
  const gdr = gpuDirectCheck('pair.gpudirect', parsed.protocols, subject);
  if (gdr) checks.push(gdr);
  return { measurement: measurementOf(input, parsed, transport, expected), checks };
}
