import type { V1Toleration } from '@kubernetes/client-node';
import { isSecretName } from '../../core/redact.js';
import { kvArgsFromArgv, type NixlKvArgs } from '../../engines/kv-shape.js';
import { readDgd } from '../../env/dgd.js';
import { dgdWorkerRoles } from '../../env/dgd-facts.js';
import { type Framework, frameworkOfContainer } from '../../env/framework.js';
import { GPU, isRdmaResource } from '../../kube/nodes.js';
import { claimsOf, type ProbeClaims } from './claims.js';

/**
 * The transport settings a probe pod copies from the deployment it stands in
 * for, so the test measures what prefill/decode would really use: transport
 * env, RDMA and network resources, network annotations, capabilities,
 * hostNetwork, /dev/shm, hostPath devices, tolerations, runtime class. The
 * worker's `privileged` is read (and said) but never copied: a privileged
 * container sees every GPU of the node (references/gpu-isolation.md).
 * Read from a DGD (v1alpha1 or v1beta1) or a live pod spec; pure.
 */
export interface ProbeSettings {
  /** Where they came from: `recipe deploy.yaml PrefillWorker`, `pod ns/x`, `defaults`. */
  source: string;
  env: { name: string; value: string }[];
  image?: string | undefined;
  /** Extended resources other than GPUs (rdma/ib, vpc.amazonaws.com/efa, networking.gke.io.networks/…). */
  resources: { name: string; count: string }[];
  annotations: Record<string, string>;
  capabilities: string[];
  /** The worker runs privileged: said in the plan, never copied into a probe pod. */
  privileged: boolean;
  hostNetwork: boolean;
  shmSize?: string | undefined;
  tolerations: V1Toleration[];
  hostPaths: { name: string; path: string; mountPath: string; type?: string | undefined }[];
  runtimeClassName?: string | undefined;
  /** The worker's user (container securityContext, else the pod's): the probe runs as the same user. */
  user?: { runAsUser?: number; runAsGroup?: number; runAsNonRoot?: boolean } | undefined;
  /** Names of the worker's imagePullSecrets (in the deployment's namespace; never copied). */
  imagePullSecrets?: string[] | undefined;
  /** The serving framework the worker runs (decides the KV direction), when its command or image shows it. */
  framework?: Framework | undefined;
  /** The NIXL backend its KV transfer uses (LIBFABRIC on AWS EFA), when the recipe shows it. */
  nixlBackend?: 'UCX' | 'LIBFABRIC' | undefined;
  /** The engine stages KV through host memory (vLLM `kv_buffer_device: cpu`): NIXL moves DRAM. */
  hostStaged?: boolean | undefined;
  /** The KV shape its command line states (the nixl probe's KV row); absent: the probe's default. */
  kv?: NixlKvArgs | undefined;
  /** The worker's own GPU count (its nvidia.com/gpu limit): its RDMA/EFA devices per GPU follow from it. */
  gpus?: number | undefined;
  /** The worker's GPU is a MIG slice (`nvidia.com/mig-<profile>`, the device plugin's mixed strategy): the probe asks for the same. */
  gpuResource?: string | undefined;
  /** DRA: the pod's claim templates and the container's claims (a ComputeDomain's IMEX channel on GB200). */
  claims?: ProbeClaims | undefined;
  /** What was seen but not copied, and why (one line each). */
  notes: string[];
}

export const DEFAULT_SETTINGS: ProbeSettings = {
  source: 'defaults',
  env: [],
  resources: [],
  annotations: {},
  capabilities: [],
  privileged: false,
  hostNetwork: false,
  tolerations: [],
  hostPaths: [],
  notes: [],
};

/** Variables that choose or tune the KV-transfer path. */
const TRANSPORT_ENV = /^(UCX_|NCCL_|NIXL_|FI_|GLOO_|MC_|NVSHMEM_)/;
/** NIXL core's own etcd: set in a probe pod it makes the agent write keys to the deployment's etcd (nixl #1044). */
const NOT_COPIED_ENV = /^(NIXL_ETCD_|NIXL_TELEMETRY_)/;
/**
 * hostPath mounts worth copying: devices and driver/plugin trees (/dev/infiniband,
 * GKE's /usr/local/gib NCCL plugin, /opt/mellanox). Model caches and data are not.
 */
const DEVICE_PATH = /^\/(dev|usr\/local|opt|sys|run|var\/run|lib|usr\/lib|home\/kubernetes\/bin)(\/|$)/;
const NETWORK_ANNOTATION = /^(k8s\.v1\.cni\.cncf\.io\/|v1\.multus-cni\.io\/|networking\.gke\.io\/)/;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

interface EnvEntry {
  name: string;
  value?: string | undefined;
  hidden: boolean;
}

function envList(v: unknown): EnvEntry[] {
  return arr(v)
    .map(obj)
    .filter((e) => typeof e.name === 'string')
    .map((e) => ({ name: e.name as string, value: str(e.value), hidden: e.valueFrom !== undefined }));
}

/** Later lists win by name (graph env < service env < container env). */
function mergeEnv(...lists: EnvEntry[][]): EnvEntry[] {
  const out = new Map<string, EnvEntry>();
  for (const l of lists) for (const e of l) out.set(e.name, e);
  return [...out.values()];
}

function transportEnv(entries: EnvEntry[], notes: string[]): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const e of entries) {
    if (!TRANSPORT_ENV.test(e.name)) continue;
    if (NOT_COPIED_ENV.test(e.name)) {
      if (/^NIXL_ETCD_/.test(e.name))
        notes.push(`${e.name} not copied: NIXL core would write to the deployment's etcd`);
      continue;
    }
    if (isSecretName(e.name)) continue;
    if (e.hidden || e.value === undefined) {
      notes.push(`${e.name} comes from valueFrom and is not copied; set it with --env if it matters`);
      continue;
    }
    out.push({ name: e.name, value: e.value });
  }
  return out;
}

interface PodParts {
  annotations: Obj;
  spec: Obj;
  container: Obj;
  env: EnvEntry[];
  shmSize?: string | undefined;
  /** v1alpha1 `resources` shorthand, already turned into container resource names. */
  resources?: Record<string, string>;
  /** v1alpha1 service `resources.claims`. */
  claims?: unknown[];
}

/** The KV shape the worker's command line states (vLLM --block-size, --kv-cache-dtype, TP), for the nixl probe's KV row. */
function kvOf(c: Obj, source: string): { kv?: NixlKvArgs } {
  const words = [...arr(c.command), ...arr(c.args)].filter((x): x is string => typeof x === 'string');
  // The file's name, not its path: the probe prints it, and the path is the machine's.
  const kv = kvArgsFromArgv(words, source.replace(/^\S*\//, ''));
  return kv ? { kv } : {};
}

function settingsFrom(parts: PodParts, source: string): ProbeSettings {
  const notes: string[] = [];
  const c = parts.container;
  const sc = obj(c.securityContext);
  const limits = {
    ...obj(obj(c.resources).requests),
    ...obj(obj(c.resources).limits),
    ...(parts.resources ?? {}),
  };
  const resources = Object.entries(limits)
    .filter(([k]) => k.includes('/') && k !== GPU && !k.startsWith('nvidia.com/mig-'))
    .map(([name, v]) => ({ name, count: str(v) ?? '1' }))
    .sort(
      (a, b) =>
        Number(isRdmaResource(b.name)) - Number(isRdmaResource(a.name)) || a.name.localeCompare(b.name),
    );
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(parts.annotations))
    if (NETWORK_ANNOTATION.test(k) && typeof v === 'string') annotations[k] = v;
  const volumes = new Map(
    arr(parts.spec.volumes)
      .map(obj)
      .map((v) => [str(v.name) ?? '', v]),
  );
  const hostPaths: ProbeSettings['hostPaths'] = [];
  let shmSize = parts.shmSize;
  for (const m of arr(c.volumeMounts).map(obj)) {
    const vol = volumes.get(str(m.name) ?? '');
    const mountPath = str(m.mountPath);
    if (!vol || !mountPath) continue;
    if (mountPath === '/dev/shm') {
      shmSize ??= str(obj(vol.emptyDir).sizeLimit);
      continue;
    }
    const hp = obj(vol.hostPath);
    if (typeof hp.path !== 'string') continue;
    if (DEVICE_PATH.test(mountPath) || DEVICE_PATH.test(hp.path)) {
      hostPaths.push({ name: str(m.name) as string, path: hp.path, mountPath, type: str(hp.type) });
    } else notes.push(`hostPath ${hp.path} (at ${mountPath}) not copied: not a device or driver path`);
  }
  if (sc.privileged === true) notes.push(...privilegedNotes(hostPaths, resources));
  const pullSecrets = arr(parts.spec.imagePullSecrets)
    .map((x) => str(obj(x).name))
    .filter((x): x is string => !!x);
  if (pullSecrets.length > 0) {
    notes.push(
      'imagePullSecrets live in the deployment namespace and are not copied; use --image-pull-secret with --scratch-namespace',
    );
  }
  const psc = obj(parts.spec.securityContext);
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
  const runAsUser = num(sc.runAsUser) ?? num(psc.runAsUser);
  const runAsGroup = num(sc.runAsGroup) ?? num(psc.runAsGroup);
  const nonRoot = sc.runAsNonRoot ?? psc.runAsNonRoot;
  const user = {
    ...(runAsUser !== undefined ? { runAsUser } : {}),
    ...(runAsGroup !== undefined ? { runAsGroup } : {}),
    ...(typeof nonRoot === 'boolean' ? { runAsNonRoot: nonRoot } : {}),
  };
  const claims = claimsOf(parts.spec, c, parts.claims ?? [], notes);
  return {
    source,
    env: transportEnv(parts.env, notes),
    image: str(c.image),
    resources,
    annotations,
    capabilities: arr(obj(sc.capabilities).add).filter((x): x is string => typeof x === 'string'),
    privileged: sc.privileged === true,
    hostNetwork: parts.spec.hostNetwork === true,
    shmSize,
    tolerations: arr(parts.spec.tolerations)
      .map((t) => ({ ...obj(t) }))
      // The API server adds node.kubernetes.io/* tolerations to every pod (DefaultTolerationSeconds); they are not the deployment's.
      .filter((t) => !String(t.key ?? '').startsWith('node.kubernetes.io/')) as V1Toleration[],
    hostPaths,
    runtimeClassName: str(parts.spec.runtimeClassName),
    ...(Object.keys(user).length ? { user } : {}),
    ...(pullSecrets.length ? { imagePullSecrets: pullSecrets } : {}),
    ...kvOf(c, source),
    ...(Number(limits[GPU]) > 0 ? { gpus: Number(limits[GPU]) } : {}),
    ...migOf(limits),
    ...(claims ? { claims } : {}),
    notes,
  };
}

/** The worker's MIG resource (`nvidia.com/mig-1g.10gb`), when its GPU is a slice. */
function migOf(limits: Obj): { gpuResource?: string; gpus?: number } {
  const mig = Object.keys(limits).find((k) => k.startsWith('nvidia.com/mig-') && Number(limits[k]) > 0);
  return mig ? { gpuResource: mig, ...(limits[GPU] === undefined ? { gpus: Number(limits[mig]) } : {}) } : {};
}

/**
 * Why `privileged` stays behind, and what the worker may have needed it for:
 * /dev/infiniband by hostPath opens only in a privileged container (the
 * device cgroup admits no other device) unless a device plugin grants it.
 */
function privilegedNotes(
  hostPaths: ProbeSettings['hostPaths'],
  resources: ProbeSettings['resources'],
): string[] {
  const out = [
    'privileged not copied: a privileged container sees every GPU of the node, not the one the device plugin allocated; the probe keeps IPC_LOCK and uses only its allocated GPU',
  ];
  const ib = hostPaths.find((h) => /^\/dev\/infiniband(\/|$)/.test(h.path));
  if (ib && !resources.some((r) => isRdmaResource(r.name)))
    out.push(
      `${ib.path} is mounted by hostPath with no RDMA device resource: without privileged the container may not open it; request the RDMA device plugin's resource (--rdma-resource)`,
    );
  return out;
}

/** Settings of a live pod (or any pod template): its `main` container, else the first. */
export function settingsFromPod(
  pod: { metadata?: unknown; spec?: unknown },
  source: string,
  container?: string,
): ProbeSettings {
  const spec = obj(pod.spec);
  const containers = arr(spec.containers).map(obj);
  const c = containers.find((x) => x.name === (container ?? 'main')) ?? containers[0] ?? {};
  const s = settingsFrom(
    { annotations: obj(obj(pod.metadata).annotations), spec, container: c, env: envList(c.env) },
    source,
  );
  const framework = frameworkOfContainer(c);
  return framework ? { ...s, framework } : s;
}

export type Role = 'prefill' | 'decode';

/**
 * The prefill and decode settings of a DynamoGraphDeployment document (v1alpha1
 * `services` or v1beta1 `components`), read through THE DGD reader (env/dgd.ts)
 * and its role rule: the first service of each role.
 */
export function settingsFromDgd(doc: unknown, label: string): Partial<Record<Role, ProbeSettings>> {
  const out: Partial<Record<Role, ProbeSettings>> = {};
  const d = readDgd(doc);
  if (d?.kind !== 'DynamoGraphDeployment') return out;
  const roles = dgdWorkerRoles(doc);
  for (const s of d.services) {
    const role = roles.get(s.name);
    if (!role || out[role] || !s.probe) continue;
    const p = s.probe;
    const gpus = Number(s.resources[GPU]);
    const made = settingsFrom(
      {
        annotations: p.annotations,
        spec: p.spec,
        container: p.container,
        env: mergeEnv(...p.envLayers.map(envList)),
        shmSize: p.shmSize,
        ...(p.resources ? { resources: p.resources } : {}),
        ...(p.claims ? { claims: p.claims } : {}),
      },
      `${label} ${s.name}`,
    );
    // The worker's GPUs (v1alpha1 `resources.limits.gpu`, or its container's nvidia.com/gpu).
    out[role] = made.gpus === undefined && gpus > 0 ? { ...made, gpus } : made;
  }
  return out;
}

/** Applies `--env KEY=VALUE` (wins over the recipe) and `--image`. */
export function withOverrides(
  s: ProbeSettings,
  env: readonly { name: string; value: string }[],
  tolerations: readonly V1Toleration[] = [],
): ProbeSettings {
  const merged = new Map(s.env.map((e) => [e.name, e.value]));
  for (const e of env) merged.set(e.name, e.value);
  const same = (a: V1Toleration, b: V1Toleration) =>
    a.key === b.key && a.operator === b.operator && a.value === b.value && a.effect === b.effect;
  const extra = tolerations.filter((t) => !s.tolerations.some((have) => same(have, t)));
  return {
    ...s,
    env: [...merged.entries()].map(([name, value]) => ({ name, value })),
    tolerations: [...s.tolerations, ...extra],
  };
}

export function envValue(s: ProbeSettings, name: string): string | undefined {
  return s.env.find((e) => e.name === name)?.value;
}

/**
 * Replaces the env with the variables the `env` check resolved for the same
 * service (it also reads `export X=…` in the container's shell and ConfigMaps).
 */
export function withResolvedEnv(
  s: ProbeSettings,
  vars: Readonly<Record<string, { value?: string | undefined; visible: boolean }>>,
): ProbeSettings {
  const notes = s.notes.filter((n) => !/^[A-Z][A-Z0-9_]* (comes from valueFrom|not copied)/.test(n));
  const entries = Object.entries(vars).map(([name, v]) => ({ name, value: v.value, hidden: !v.visible }));
  return { ...s, env: transportEnv(entries, notes), notes };
}

/**
 * A live pod's settings over its DGD component's: the pod is what really runs
 * (an admission webhook may have added env), the spec fills what the pod lacks.
 */
export function mergeSettings(spec: ProbeSettings | undefined, live: ProbeSettings): ProbeSettings {
  if (!spec) return live;
  const byName = <T extends { name: string }>(a: readonly T[], b: readonly T[]): T[] => {
    const m = new Map(a.map((x) => [x.name, x]));
    for (const x of b) m.set(x.name, x);
    return [...m.values()];
  };
  return {
    source: live.source,
    env: byName(spec.env, live.env),
    image: live.image ?? spec.image,
    resources: byName(spec.resources, live.resources),
    annotations: { ...spec.annotations, ...live.annotations },
    capabilities: [...new Set([...spec.capabilities, ...live.capabilities])],
    privileged: spec.privileged || live.privileged,
    hostNetwork: spec.hostNetwork || live.hostNetwork,
    shmSize: live.shmSize ?? spec.shmSize,
    tolerations: live.tolerations.length ? live.tolerations : spec.tolerations,
    hostPaths: byName(spec.hostPaths, live.hostPaths),
    runtimeClassName: live.runtimeClassName ?? spec.runtimeClassName,
    user: live.user ?? spec.user,
    imagePullSecrets: live.imagePullSecrets ?? spec.imagePullSecrets,
    framework: live.framework ?? spec.framework,
    nixlBackend: live.nixlBackend ?? spec.nixlBackend,
    hostStaged: live.hostStaged ?? spec.hostStaged,
    kv: live.kv ?? spec.kv,
    gpuResource: live.gpuResource ?? spec.gpuResource,
    claims: live.claims ?? spec.claims,
    // The worker's GPU count: its per-NIC devices are scaled to the probe's GPUs by it.
    gpus: live.gpus ?? spec.gpus,
    notes: [...new Set([...spec.notes, ...live.notes])],
  };
}
