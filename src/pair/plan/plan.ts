import type { KubernetesObject } from '@kubernetes/client-node';
import type { EngineName } from '../../core/engine-names.js';
import { getEngine } from '../../engines/registry.js';
import type { BenchParams, Leg, PodRole } from '../../engines/types.js';
import { PEER_PORT } from '../../engines/types.js';
import { DEFAULT_NIXLBENCH_VERSION, versionFromImage } from '../../engines/version.js';
import type { NicPort } from '../../judge/expectations.js';
import { type CrossNodePath, crossNodePath } from '../../judge/nvlink-domain.js';
import { ETCD_PORT } from '../../scratch/etcd-values.js';
import { benchmarkGroup, type ObjectNames, objectNames } from '../../scratch/names.js';
import type { ClusterMode, PairConfig } from '../options/config.js';
import { DEFAULT_NIXL_IMAGE, etcdImageFor } from '../options/flags.js';
import { NIXL_PROBE_DIR, scriptEnv } from './probe-script.js';
import type { RailPlan } from './rails.js';
import { envValue, type ProbeSettings } from './settings.js';

/**
 * Everything a pair run will create and run, decided before anything is
 * created: the one object `--dry-run` renders and the steps execute.
 */

export interface PlannedNode {
  name: string;
  /** Its `kubernetes.io/hostname` label (the node name when the cluster was not read). */
  hostname: string;
  gpuProduct?: string | undefined;
  /** Its `nvidia.com/gpu.clique` label: nodes with the same one share a multi-node NVLink domain. */
  clique?: string | undefined;
  /** Its nvidia.com/gpu, allocatable and free, when the cluster was read. */
  gpus?: { allocatable: number; free: number } | undefined;
  /** Its allocatable CPUs, when the cluster was read: a probe pod never asks for more (pod-resources.ts). */
  cpus?: number | undefined;
}

export interface PlannedPod {
  role: PodRole;
  jobName: string;
  node: PlannedNode;
  settings: ProbeSettings;
  args: string[];
  /** The probe script's inputs (ITEST_*): role, legs, rendezvous. */
  scriptEnv: { name: string; value: string }[];
  /** ucx_perftest: the port its server listens on, behind the pod's own Service. */
  port?: number | undefined;
  /** Its role in the first leg: `interconnect-test/transfer-role`. */
  transferRole: 'initiator' | 'target';
  annotations: Record<string, string>;
}

export interface PairPlan {
  runId: string;
  engine: EngineName;
  mode: ClusterMode;
  names: ObjectNames;
  namespace: { name: string; create: boolean };
  createdAt: string;
  expiresAt: string;
  image: string;
  imageWhy: string;
  /** Why this engine: `--engine`, or what --engine auto found. */
  engineWhy: string;
  imagePullSecrets: string[];
  /** nixl: the ConfigMap that carries templates/nixl-probe.py, and where the pods mount it. */
  nixlProbe?: { configMap: string; mountPath: string; file: string } | undefined;
  etcd?:
    | {
        create: boolean;
        endpoint: string;
        image: string;
        port: number;
        annotations: Record<string, string>;
        /** The hostname it is pinned to (when it runs the probe image's own etcd). */
        node?: string | undefined;
      }
    | undefined;
  /** ucx_perftest and nixl across nodes: each pod's headless Service (its DNS name), so either can serve. */
  services?: { prefill: string; decode: string; port: number } | undefined;
  bench: BenchParams;
  /** Each transfer in order: who initiates, with which operation. */
  legs: Leg[];
  /** Why these legs: `vLLM NixlConnector: decode READs`, `--initiator`, `framework unknown: both`. */
  legsWhy: string;
  /** nixlbench flags left out because the image's version does not know them. */
  droppedFlags: string[];
  pods: PlannedPod[];
  /** Cross-node with a known NVLink domain (clique labels): which path the pair tests, NVLink or the NIC fabric. */
  path?: CrossNodePath | undefined;
  /** The probe allocates fabric-handle VRAM (cuMemCreate, CU_MEM_HANDLE_TYPE_FABRIC): the pair is meant to cross over NVLink. */
  fabricMemory?: boolean | undefined;
  /** The GPU↔NIC rails each pod runs at once (engines with rails), and the ones not tested. */
  rails?: RailPlan | undefined;
  gpusPerPod: number;
  /** --memory; undefined: sized by the probe processes and /dev/shm (pod-resources.ts). */
  memoryLimit?: string | undefined;
  activeDeadlineSeconds: number;
  ttlSecondsAfterFinished: number;
  /** NIC ports known before the run (node probes); the pods' own listing is added after. */
  knownNics?: { prefill: NicPort[]; decode: NicPort[] } | undefined;
  /** The deployment's NetworkAttachmentDefinitions copied into the scratch namespace (network-copies.ts). */
  networks?: KubernetesObject[] | undefined;
}

/** The plan's input: the run's validated options (as PairConfig declares them) and what the earlier steps found. */
export interface PlanInput
  extends Pick<
    PairConfig,
    | 'mode'
    | 'timeoutMs'
    | 'pullTimeoutMs'
    | 'scratchNamespace'
    | 'imagePullSecret'
    | 'etcdEndpoints'
    | 'etcdImage'
    | 'nixlbenchVersion'
    | 'startBlockSize'
    | 'maxBlockSize'
    | 'iterations'
    | 'warmup'
    | 'memoryLimit'
    | 'deviceList'
    | 'podAnnotations'
  > {
  runId: string;
  engine: EngineName;
  now: Date;
  nodes: { prefill: PlannedNode; decode: PlannedNode };
  settings: { prefill: ProbeSettings; decode: ProbeSettings };
  engineWhy?: string | undefined;
  image: {
    explicit?: string | undefined;
    /** The nixlbench image (INTERCONNECT_TEST_IMAGE or DEFAULT_PROBE_IMAGE). */
    probeDefault: string;
    /** The public Dynamo runtime image nixl runs in when no deployment names one. */
    nixlDefault?: string | undefined;
    /** The deployment's image has nixlbench (--engine auto asked its live worker pod). */
    ownHasNixlbench?: boolean | undefined;
  };
  memory: 'VRAM' | 'DRAM';
  legs: Leg[];
  legsWhy: string;
  backend: 'UCX' | 'LIBFABRIC';
  attempt?: number;
  /** The rails to run (src/pair/plan/rails.ts planRails); engines without rails run one transfer. */
  rails?: RailPlan | undefined;
}

/** Gap between our own wall-clock limit and the Jobs' activeDeadlineSeconds backstop. */
const DEADLINE_MARGIN_S = 60;
/** How long a finished probe Job stays if teardown never ran (crash); gc handles the namespace. */
const TTL_AFTER_FINISHED_S = 600;
/** After the run's own limit, how long before gc may delete a crashed run's objects. */
const EXPIRY_MARGIN_MS = 10 * 60_000;

function chooseImage(input: PlanInput): { image: string; why: string } {
  if (input.image.explicit) return { image: input.image.explicit, why: '--image' };
  const own = input.settings.prefill.image ?? input.settings.decode.image;
  const source = input.settings.prefill.image ? input.settings.prefill.source : input.settings.decode.source;
  const engine = getEngine(input.engine).cluster;
  // nixl and ucx_perftest run what the deployment's own image has: the KV transfer's own conditions.
  if (own && (!engine.ownImageOnlyIfSeen || input.image.ownHasNixlbench))
    return { image: own, why: `the deployment's own image, from ${source}` };
  if (engine.defaultImage === 'dynamo-runtime')
    return {
      image: input.image.nixlDefault ?? DEFAULT_NIXL_IMAGE,
      why: 'the public Dynamo runtime image: NIXL and python3 inside',
    };
  return { image: input.image.probeDefault, why: 'default probe image, built from deploy/probe-image' };
}

function annotationsFor(input: PlanInput, role: PodRole, settings: ProbeSettings): Record<string, string> {
  return {
    ...settings.annotations,
    ...(input.podAnnotations.all ?? {}),
    ...(input.podAnnotations[role] ?? {}),
  };
}

/** The etcd the pods meet in: --etcd-endpoints, else the run's own. */
function etcdPlan(input: PlanInput, names: ObjectNames, probeImage: string): NonNullable<PairPlan['etcd']> {
  const { image, own } = etcdImageFor(input.etcdImage, probeImage);
  if (input.etcdEndpoints)
    return {
      create: false,
      endpoint: input.etcdEndpoints,
      image,
      port: ETCD_PORT,
      annotations: {},
    };
  return {
    create: true,
    endpoint: `http://${names.etcd}.${names.namespace}.svc:${ETCD_PORT}`,
    image,
    port: ETCD_PORT,
    annotations: { ...(input.podAnnotations.all ?? {}), ...(input.podAnnotations.etcd ?? {}) },
    // The probe image's own etcd: beside the prefill probe, on a node that pulls that image anyway.
    ...(own ? { node: input.nodes.prefill.hostname } : {}),
  };
}

/** The probe's switch for fabric-handle VRAM (templates/nixl-probe.py reads it). */
export const FABRIC_ENV = 'ITEST_NIXL_FABRIC';

/** UCX_CUDA_IPC_ENABLE_MNNVL=y (or yes/1/on/try) in either pod's settings: the deployment means cuda_ipc to cross nodes. */
function mnnvlOn(input: PlanInput): boolean {
  return (['prefill', 'decode'] as const).some((r) =>
    /^(y|yes|1|on|try)$/i.test(envValue(input.settings[r], 'UCX_CUDA_IPC_ENABLE_MNNVL') ?? ''),
  );
}

function pathOf(input: PlanInput): CrossNodePath | undefined {
  const s = input.settings.prefill;
  return crossNodePath(input.nodes.prefill.clique, input.nodes.decode.clique, {
    ucxTls: envValue(s, 'UCX_TLS'),
    mnnvl: envValue(s, 'UCX_CUDA_IPC_ENABLE_MNNVL'),
  });
}

/** The plan: names, image, flags, pods. Pure. */
export function makePlan(input: PlanInput): PairPlan {
  const names = objectNames(input.runId, input.scratchNamespace);
  const ns = names.namespace;
  const engine = getEngine(input.engine).cluster;
  const { image, why } = chooseImage(input);
  const version = input.nixlbenchVersion ?? versionFromImage(image) ?? DEFAULT_NIXLBENCH_VERSION;
  const etcd = engine.etcd ? etcdPlan(input, names, image) : undefined;
  const intra = input.mode === 'intra-node';
  const port = engine.listen?.port ?? PEER_PORT;
  const services =
    engine.listen && !intra
      ? {
          prefill: `${names.prefill}.${ns}.svc`,
          decode: `${names.decode}.${ns}.svc`,
          port,
        }
      : undefined;
  const nixlProbe = engine.mountsProbe
    ? { configMap: names.nixlProbe, mountPath: NIXL_PROBE_DIR, file: `${NIXL_PROBE_DIR}/nixl-probe.py` }
    : undefined;
  // Intra-node runs both ranks in one pod: one leg.
  const legs = intra ? input.legs.slice(0, 1) : input.legs;
  const first = legs[0] as Leg;
  const group = benchmarkGroup(input.runId, input.attempt ?? 1);
  const bench: BenchParams = {
    engine: input.engine,
    nixlbenchVersion: version,
    backend: input.backend,
    etcdEndpoint: etcd?.endpoint ?? '',
    group,
    memory: input.memory,
    opType: first.op,
    startBlockSize: input.startBlockSize,
    maxBlockSize: input.maxBlockSize,
    totalBufferSize: Math.max(2 * 1024 ** 3, input.maxBlockSize * 2),
    deviceList: input.deviceList,
    port: PEER_PORT,
    iterations: input.iterations,
    warmup: input.warmup,
    kv: input.settings.prefill.kv ?? input.settings.decode.kv,
  };
  // The engine's own waits are --timeout's; the pod waits for its peer (its pull and scheduling
  // included) as long as the run may last: --pull-timeout plus --timeout.
  const waitS = input.timeoutMs / 1000;
  const lifeMs = input.timeoutMs + (input.pullTimeoutMs ?? 0);
  const rails = engine.rails && !intra ? input.rails : undefined;
  const nb = engine.args({ bench, waitS });
  const args = nb.args;
  const envOf = (role: PodRole) =>
    scriptEnv({
      role,
      legs,
      runId: input.runId,
      etcd: etcd?.endpoint,
      group: nb.group ? group : undefined,
      peerHost: services ? services[role === 'prefill' ? 'decode' : 'prefill'] : undefined,
      nixl: nixlProbe ? { port, probe: nixlProbe.file } : undefined,
      rails: rails?.rails,
      waitS: lifeMs / 1000,
    });
  const path = intra ? undefined : pathOf(input);
  const fabricMemory =
    !intra && input.memory === 'VRAM' && (path?.kind === 'nvlink-domain' || mnnvlOn(input));
  const withFabric = (env: { name: string; value: string }[]) =>
    fabricMemory ? [...env, { name: FABRIC_ENV, value: '1' }] : env;
  const pods: PlannedPod[] = intra
    ? [
        {
          role: 'intra-node',
          jobName: names.intra,
          node: input.nodes.prefill,
          settings: input.settings.prefill,
          args,
          scriptEnv: envOf('intra-node'),
          transferRole: 'initiator',
          annotations: annotationsFor(input, 'intra-node', input.settings.prefill),
        },
      ]
    : (['prefill', 'decode'] as const).map((role) => ({
        role,
        jobName: names[role],
        node: input.nodes[role],
        settings: input.settings[role],
        args,
        scriptEnv: withFabric(envOf(role)),
        port: services ? port : undefined,
        transferRole: first.initiator === role ? ('initiator' as const) : ('target' as const),
        annotations: annotationsFor(input, role, input.settings[role]),
      }));
  const created = input.now;
  return {
    runId: input.runId,
    engine: input.engine,
    mode: input.mode,
    names,
    namespace: { name: ns, create: input.scratchNamespace === undefined },
    createdAt: created.toISOString(),
    expiresAt: new Date(created.getTime() + lifeMs + EXPIRY_MARGIN_MS).toISOString(),
    image,
    imageWhy: why,
    engineWhy: input.engineWhy ?? '--engine',
    nixlProbe,
    imagePullSecrets: input.imagePullSecret ? [input.imagePullSecret] : [],
    etcd,
    services,
    bench,
    legs,
    legsWhy: input.legsWhy,
    droppedFlags: nb.dropped,
    pods,
    ...(path ? { path } : {}),
    ...(fabricMemory ? { fabricMemory } : {}),
    ...(rails ? { rails } : {}),
    // GPU memory needs a GPU; a DRAM run holds none (and leaves the node's GPUs to the workers).
    gpusPerPod: input.memory === 'DRAM' ? 0 : intra ? 2 : (rails?.gpus ?? 1),
    memoryLimit: input.memoryLimit,
    activeDeadlineSeconds: Math.ceil(lifeMs / 1000) + DEADLINE_MARGIN_S,
    ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
  };
}
