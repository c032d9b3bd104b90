import { REDACTED, redactText, redactValue } from '../core/redact.js';
import { CRITICAL, isTransportVar } from './catalog.js';
import { gpuModelsOf, namesOnlySingleNodeNvlink } from './gpu-model.js';
import { userOf } from './image-user.js';
import { obj, type RawService, str } from './raw.js';
import type { PodFacts, Role, TransportVar, VarDefinition } from './schema.js';
import {
  engineOf,
  type KvPath,
  knownEnvOf,
  kvPathOf,
  oneGpuProcess,
  type ServingEngine,
  tensorParallelOf,
} from './serving-engine.js';
import { shellAssignments, shellScript } from './shell.js';
import { shmOf } from './shm.js';
import { NIC_DEVICE_CLASS } from './workloads.js';

/**
 * Turns a service as written into what its process will see: every
 * definition of a transport variable, lowest precedence first (envFrom <
 * graph env < service envs < container env < the shell script), the last one
 * winning; plus the pod facts the checks need.
 */

interface Def extends VarDefinition {
  name: string;
}

function describeValueFrom(vf: Record<string, unknown>): string {
  const sk = obj(vf.secretKeyRef);
  if (sk) return `secretKeyRef ${str(sk.name) ?? '?'}/${str(sk.key) ?? '?'}`;
  const ck = obj(vf.configMapKeyRef);
  if (ck) return `configMapKeyRef ${str(ck.name) ?? '?'}/${str(ck.key) ?? '?'}`;
  const fr = obj(vf.fieldRef);
  if (fr) return `fieldRef ${str(fr.fieldPath) ?? '?'}`;
  const rr = obj(vf.resourceFieldRef);
  if (rr) return `resourceFieldRef ${str(rr.resource) ?? '?'}`;
  return 'valueFrom';
}

/** `$(NAME)` is Kubernetes' reference to another variable (`$$(` escapes it): the value is computed. */
const K8S_REF = /(^|[^$])\$\([A-Za-z_][A-Za-z0-9_]*\)/;

function envDefs(s: RawService, configMaps: Map<string, Record<string, string>>): Def[] {
  const defs: Def[] = [];
  for (const ef of s.envFrom) {
    const data = ef.kind === 'configMap' ? configMaps.get(ef.name) : undefined;
    for (const [k, v] of Object.entries(data ?? {})) {
      defs.push({
        name: `${ef.prefix ?? ''}${k}`,
        value: v,
        source: 'envFrom',
        visible: true,
        path: ef.path,
        ref: `configMap/${ef.name}`,
      });
    }
  }
  for (const layer of s.layers) {
    for (const e of layer.entries) {
      const o = obj(e);
      const name = str(o?.name);
      if (!o || !name) continue;
      const vf = obj(o.valueFrom);
      if (vf) {
        defs.push({
          name,
          source: 'valueFrom',
          visible: false,
          path: layer.path,
          ref: describeValueFrom(vf),
        });
        continue;
      }
      const value = str(o.value) ?? '';
      if (K8S_REF.test(value))
        defs.push({ name, source: layer.source, visible: false, path: layer.path, ref: value });
      else defs.push({ name, value, source: layer.source, visible: true, path: layer.path });
    }
  }
  const sh = shellScript(s.argv);
  if (sh) {
    const where = sh.index < s.commandLength ? `command[${sh.index}]` : `args[${sh.index - s.commandLength}]`;
    const path = `${s.containerPath}.${where}`;
    for (const a of shellAssignments(sh.script)) {
      const source = a.kind === 'export' ? 'shell-export' : 'shell-inline';
      if (a.visible) defs.push({ name: a.name, value: a.value ?? '', source, visible: true, path });
      else defs.push({ name: a.name, source, visible: false, path, ref: redactText(a.expr ?? '') });
    }
  }
  return defs;
}

function strip(d: Def): VarDefinition {
  const { name, ...rest } = d;
  if (rest.value !== undefined) rest.value = redactValue(name, rest.value);
  if (
    rest.ref !== undefined &&
    rest.source !== 'valueFrom' &&
    rest.source !== 'envFrom' &&
    redactValue(name, rest.ref) === REDACTED
  ) {
    rest.ref = REDACTED;
  }
  return rest;
}

export function transportVarsOf(
  s: RawService,
  configMaps: Map<string, Record<string, string>>,
): Record<string, TransportVar> {
  const groups = new Map<string, Def[]>();
  for (const d of envDefs(s, configMaps)) {
    if (!isTransportVar(d.name)) continue;
    const list = groups.get(d.name) ?? [];
    list.push(d);
    groups.set(d.name, list);
  }
  const out: Record<string, TransportVar> = {};
  for (const [name, list] of groups) {
    const last = list[list.length - 1] as Def;
    const earlier = list.slice(0, -1).map(strip);
    out[name] = earlier.length ? { ...strip(last), overridden: earlier } : strip(last);
  }
  return out;
}

/** Engine-config texts a service can read: the data of every ConfigMap it mounts (TRT-LLM's engine YAML lives there). */
export function mountedConfigsOf(s: RawService, configMaps: Map<string, Record<string, string>>): string[] {
  const mounted = new Set(s.mounts.map((m) => m.name));
  return s.volumes
    .filter((v) => v.configMap !== undefined && mounted.has(v.name))
    .flatMap((v) => Object.values(configMaps.get(v.configMap as string) ?? {}));
}

/** What a worker's engine does with KV. */
export interface EngineFacts {
  engine?: ServingEngine;
  tensorParallel?: number;
  /** The engine's shown command line starts one GPU process (serving-engine.ts oneGpuProcess). */
  oneProcess?: true;
  kv?: KvPath;
}

/** The engine, its tensor parallelism and KV path (see engine.ts), from the command line, env and mounted configs. */
export function engineFactsOf(
  s: RawService,
  vars: Record<string, TransportVar>,
  configMaps: Map<string, Record<string, string>>,
): EngineFacts {
  const engine = engineOf(s);
  const configs = mountedConfigsOf(s, configMaps);
  const env = knownEnvOf(s, vars);
  // The script's own variables (`KV_CFG='{…}'; python -m dynamo.vllm --kv-transfer-config "$KV_CFG"`).
  const sh = shellScript(s.argv);
  if (sh) for (const a of shellAssignments(sh.script, true)) if (a.visible && a.value) env[a.name] = a.value;
  const read = kvPathOf(engine, s.argv, env, configs);
  const kv =
    read && s.optionsFrom && !read.defaulted
      ? { ...read, from: `${read.from}, from ${s.optionsFrom}` }
      : read;
  const tp = tensorParallelOf(s, configs);
  return {
    ...(engine ? { engine } : {}),
    ...(tp !== undefined ? { tensorParallel: tp } : {}),
    ...(tp === undefined && oneGpuProcess(s) ? { oneProcess: true as const } : {}),
    ...(kv ? { kv } : {}),
  };
}

/**
 * Resource names that give the pod an RDMA-capable NIC (device plugins, SR-IOV, EFA, GKE RDMA networks), and
 * GPU+NIC pairs: openshift-psap/composite-dra-driver pairs each GPU with the RDMA NIC on its PCIe root and
 * serves them as one extended resource, `composite.dra.io/gpu-nic-pair` (references/env-rules.md).
 */
export function isRdmaResource(name: string): boolean {
  if (name.endsWith('.IP')) return false; // GKE's per-network IP resource accompanies the network itself
  return /rdma|hostdev|sriov|(^|\/)efa$|gpu-nic-pair/i.test(name);
}

const NETWORK_ANNOTATIONS = [
  'k8s.v1.cni.cncf.io/networks',
  'networking.gke.io/interfaces',
  'v1.multus-cni.io/default-network',
];

export function podFactsOf(
  s: RawService,
  vars: Record<string, TransportVar>,
  computeDomainTemplates: Set<string>,
  configMaps: Map<string, Record<string, string>> = new Map(),
  rdmaClaimTemplates: Set<string> = new Set(),
  /** The service's engineFactsOf, when the caller has it already (here only the named NIXL plugin shows). */
  ef: EngineFacts = engineFactsOf(s, vars, configMaps),
): PodFacts {
  const named = ef.kv?.transport === 'NIXL' && !ef.kv.pluginDefaulted;
  const gpu = s.resources['nvidia.com/gpu'];
  const gpus = gpu === undefined ? Number.NaN : Number(gpu);
  const shm = shmOf(s);
  const p = named ? ef.kv?.nixlPlugin : undefined;
  const backend = p === 'UCX' || p === 'LIBFABRIC' ? p : undefined;
  const caps = s.capabilities.map((c) => c.toUpperCase().replace(/^CAP_/, ''));
  const user = userOf(s.runAsUser, s.image, s.runAsNonRoot);
  const cd = s.claimTemplates.filter((t) => computeDomainTemplates.has(t) || /compute-?domain|imex/i.test(t));
  // A ComputeDomain on GPUs whose NVLink stays inside the node (the node selection names only such
  // models) joins no NVLink between pods on different nodes: no path (references/env-rules.md).
  const noMnnvl = cd.length > 0 && namesOnlySingleNodeNvlink(gpuModelsOf(s));
  return {
    ...(s.replicas !== undefined ? { replicas: s.replicas } : {}),
    nodeCount: s.nodeCount,
    ...(Number.isFinite(gpus) ? { gpus } : {}),
    // A DRA claim on NICs (resource.k8s.io: a ResourceClaimTemplate in the input with an RDMA/NIC
    // device class, or a claim named so) is an RDMA request like a device-plugin resource.
    rdmaResources: [
      ...Object.keys(s.resources).filter(isRdmaResource).sort(),
      ...s.claimTemplates
        .filter(
          (t) =>
            !computeDomainTemplates.has(t) &&
            (rdmaClaimTemplates.has(t) || (NIC_DEVICE_CLASS.test(t) && !/compute-?domain|imex/i.test(t))),
        )
        .map((t) => `claim/${t}`),
    ],
    ipcLock: caps.includes('IPC_LOCK') || caps.includes('ALL'),
    privileged: s.privileged,
    ...(user ? { user } : {}),
    hostNetwork: s.hostNetwork,
    networkAnnotations: NETWORK_ANNOTATIONS.filter((a) => s.annotations[a] !== undefined),
    computeDomainClaims: noMnnvl ? [] : cd,
    ...(noMnnvl ? { computeDomainNoMnnvl: cd } : {}),
    ...(shm ? { shm } : {}),
    envFrom: s.envFrom.map((e) => `${e.kind}/${e.name}`),
    ...(backend ? { nixlBackend: backend } : {}),
  };
}

/** The disagg-critical six not set: for serving workers only (frontends and clients need none). */
export function missingCriticalOf(role: Role, vars: Record<string, TransportVar>): string[] {
  if (role === 'frontend' || role === 'other') return [];
  return CRITICAL.filter((n) => vars[n] === undefined);
}
