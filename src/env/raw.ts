/**
 * The shapes extraction produces before roles and variables are resolved,
 * and small helpers for reading untyped YAML values.
 */

export type Rec = Record<string, unknown>;

export function obj(x: unknown): Rec | undefined {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Rec) : undefined;
}

export function arr(x: unknown): unknown[] {
  return Array.isArray(x) ? x : [];
}

export function str(x: unknown): string | undefined {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint') return String(x);
  return undefined;
}

export function strs(x: unknown): string[] {
  return arr(x).flatMap((v) => {
    const s = str(v);
    return s === undefined ? [] : [s];
  });
}

/** An env list at one place in the document. */
export interface EnvLayer {
  source: 'graph-env' | 'service-envs' | 'container-env';
  path: string;
  entries: unknown[];
}

export interface EnvFromRef {
  kind: 'secret' | 'configMap';
  name: string;
  prefix?: string;
  path: string;
}

export interface Volume {
  name: string;
  emptyDirMemory?: { sizeLimit?: string };
  /** Any emptyDir (disk or memory): it lives and dies with its pod, no other pod sees it. */
  emptyDir?: boolean;
  hostPath?: string;
  /** A ConfigMap volume's ConfigMap name (engine configs are mounted this way). */
  configMap?: string;
  /** A ConfigMap volume's `items`: file path in the volume → ConfigMap key (only these keys are files then). */
  configMapItems?: Record<string, string>;
}

/** One serving process (a DGD service, or one container of a plain workload) as written. */
/**
 * What a probe pod copies from a DGD service (pair's settings read it; `env`
 * does not): the pod template's parts as written, before any judgement.
 */
export interface ProbeParts {
  /** The pod template's own annotations (not the graph-wide ones). */
  annotations: Rec;
  /** The pod spec: v1beta1 `podTemplate.spec`, v1alpha1 `extraPodSpec`. */
  spec: Rec;
  /** The container a probe stands in for: `main`, else the first. */
  container: Rec;
  /** Raw env lists, later ones winning by name (graph < service < container). */
  envLayers: unknown[][];
  shmSize?: string | undefined;
  /** v1alpha1 `resources.{requests,limits}.custom`, as container resource names. */
  resources?: Record<string, string>;
  /** v1alpha1 `resources.claims` (the service's DRA claims, which the operator puts on the main container). */
  claims?: unknown[];
}

export interface RawService {
  name: string;
  /** The role the manifest declares (subComponentType, type, componentType), if any. */
  declared?: {
    role: 'frontend' | 'prefill' | 'decode' | 'other';
    from: 'subComponentType' | 'type' | 'componentType' | 'field' | 'label';
  };
  /** True when the manifest says it is a worker but not which kind (componentType worker, a `main` that starts an engine, type worker). */
  workerish: boolean;
  /** command followed by args (as the engine parses them: $(VAR) expanded, an SGLang --config file read in). */
  argv: string[];
  /** The command line of the MPI launcher that starts this pod's processes over ssh (an MPIJob's Launcher, for its Workers). */
  launchedBy?: string[];
  /** Where engine options came from besides the command line (SGLang `--config` in a mounted ConfigMap). */
  optionsFrom?: string;
  /** The container image, when written. */
  image?: string;
  /** Path of the container (for `…command`/`…args` paths). */
  containerPath: string;
  commandLength: number;
  layers: EnvLayer[];
  envFrom: EnvFromRef[];
  resources: Record<string, string>;
  /** Names of DRA claims the container uses and the pod-level claim templates. */
  claimTemplates: string[];
  capabilities: string[];
  privileged: boolean;
  /** securityContext.runAsUser (the container's, else the pod's), when written. */
  runAsUser?: number;
  /** securityContext.runAsNonRoot: true (the container's, else the pod's): the kubelet starts it as no uid 0. */
  runAsNonRoot?: boolean;
  hostNetwork: boolean;
  annotations: Record<string, string>;
  labels: Record<string, string>;
  affinity?: Rec;
  /** The pod's nodeSelector, when written. */
  nodeSelector?: Record<string, string>;
  nodeCount: number;
  replicas?: number;
  /** DGD-managed /dev/shm: size as written, `disabled`, or undefined (operator default). Null for plain pods. */
  dgdShm: { size?: string; disabled?: boolean; field: 'sharedMemory' | 'sharedMemorySize' } | null;
  volumes: Volume[];
  mounts: Mount[];
  /** DGD services only: what a probe pod copies. */
  probe?: ProbeParts;
}

/** A container's volumeMount: the volume, where it is mounted, and the one file of it when `subPath` is set. */
export interface Mount {
  name: string;
  mountPath: string;
  subPath?: string;
}

export interface RawGraph {
  file: string;
  doc: number;
  deployment: string;
  kind: string;
  apiVersion: string;
  /** DGDs are their own scope; plain workloads of one file share one. */
  isDgd: boolean;
  /** A whole graph in one object that is not a DGD (a RoleBasedGroup): its own scope, roles read as for plain pods. */
  ownScope?: boolean;
  services: RawService[];
  /** Why this is only part of a graph (a kustomize patch, DGDR overrides, one DCD): not linted as complete. */
  partial?: string;
}

export function stringMap(x: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(x) ?? {})) {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

export function volumesOf(podSpec: Rec | undefined): Volume[] {
  return arr(podSpec?.volumes).flatMap((v) => {
    const o = obj(v);
    const name = str(o?.name);
    if (!o || !name) return [];
    const ed = obj(o.emptyDir);
    const vol: Volume = { name };
    if (ed || o.emptyDir === null) vol.emptyDir = true;
    if (ed && str(ed.medium) === 'Memory') {
      const sizeLimit = str(ed.sizeLimit);
      vol.emptyDirMemory = sizeLimit === undefined ? {} : { sizeLimit };
    }
    const hp = str(obj(o.hostPath)?.path);
    if (hp) vol.hostPath = hp;
    const cm = str(obj(o.configMap)?.name);
    if (cm) vol.configMap = cm;
    const items = arr(obj(o.configMap)?.items).flatMap((i) => {
      const key = str(obj(i)?.key);
      const at = str(obj(i)?.path);
      return key && at ? [[at, key] as const] : [];
    });
    if (cm && items.length) vol.configMapItems = Object.fromEntries(items);
    return [vol];
  });
}

export function mountsOf(container: Rec | undefined): Mount[] {
  return arr(container?.volumeMounts).flatMap((m) => {
    const o = obj(m);
    const name = str(o?.name);
    const mountPath = str(o?.mountPath);
    const subPath = str(o?.subPath);
    return name && mountPath ? [{ name, mountPath, ...(subPath ? { subPath } : {}) }] : [];
  });
}

export function envFromOf(container: Rec | undefined, path: string): EnvFromRef[] {
  return arr(container?.envFrom).flatMap((e, k): EnvFromRef[] => {
    const o = obj(e);
    const prefix = str(o?.prefix);
    const sec = str(obj(o?.secretRef)?.name);
    const cm = str(obj(o?.configMapRef)?.name);
    const at = `${path}.envFrom[${k}]`;
    if (sec) return [{ kind: 'secret' as const, name: sec, path: at, ...(prefix ? { prefix } : {}) }];
    if (cm) return [{ kind: 'configMap' as const, name: cm, path: at, ...(prefix ? { prefix } : {}) }];
    return [];
  });
}

/** Container security facts: added capabilities, privileged, and its user (the container's runAsUser, else the pod's). */
export function securityOf(
  container: Rec | undefined,
  podSpec?: Rec,
): { capabilities: string[]; privileged: boolean; runAsUser?: number; runAsNonRoot?: boolean } {
  const sc = obj(container?.securityContext);
  const psc = obj(podSpec?.securityContext);
  const uid = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const runAsUser = uid(sc?.runAsUser) ?? uid(psc?.runAsUser);
  // The container's field wins over the pod's (k8s.io/api core/v1 SecurityContext.RunAsNonRoot).
  const nonRoot = typeof sc?.runAsNonRoot === 'boolean' ? sc.runAsNonRoot : psc?.runAsNonRoot;
  return {
    capabilities: strs(obj(sc?.capabilities)?.add),
    privileged: sc?.privileged === true,
    ...(runAsUser !== undefined ? { runAsUser } : {}),
    ...(nonRoot === true ? { runAsNonRoot: true } : {}),
  };
}

/** Resource names → quantity, limits and requests merged (limits win). */
export function resourcesOf(resources: Rec | undefined): Record<string, string> {
  return { ...stringMap(obj(resources?.requests)), ...stringMap(obj(resources?.limits)) };
}

export function podClaimTemplates(podSpec: Rec | undefined): string[] {
  return arr(podSpec?.resourceClaims).flatMap((c) => {
    const o = obj(c);
    const t =
      str(o?.resourceClaimTemplateName) ??
      str(o?.resourceClaimName) ??
      str(obj(o?.source)?.resourceClaimTemplateName);
    return t ? [t] : [];
  });
}
