import { roleFromOperatorLabels } from './dgd.js';
import {
  arr,
  envFromOf,
  mountsOf,
  obj,
  podClaimTemplates,
  type RawService,
  type Rec,
  resourcesOf,
  securityOf,
  str,
  stringMap,
  strs,
  volumesOf,
} from './raw.js';
import { acceleratedSidecars } from './sidecars.js';

/** One pod template of a workload: where it sits, the name prefix of its containers, its pod count. */
export interface PodTemplateAt {
  /** Prefix of each container's service name (`leader/`, `prefill/`). */
  prefix: string;
  /** Path of the template in the document, ending in `.` (`spec.template.`). */
  path: string;
  tmpl: Rec | undefined;
  /** Path of the containers list when it is not the template's `spec.containers` (llm-d's ModelService section). */
  containersPath?: string;
  /** Pods one replica spans (a LeaderWorkerSet group); 1 for a single pod. */
  nodeCount: number;
  replicas?: number;
}

/** llm-d's role label on a pod (llm-d-modelservice charts/llm-d-modelservice/templates/_helpers.tpl:66-76). */
export const LLMD_ROLE_LABEL = 'llm-d.ai/role';

/**
 * LMCache's operator annotation naming a pod's P/D side (`prefiller` or `decoder`): its webhook injects the matching
 * NIXL kv_producer/kv_consumer kv-transfer-config into the pod, so the role is declared while the KV settings are
 * not in the manifest (LMCache/LMCache @ 75fde29d operator/internal/webhook/pod_inject_common.go:51-55).
 */
export const LMCACHE_PD_ROLE_ANNOTATION = 'lmcache.ai/pd-role';

/**
 * The role a pod template's labels declare: the Dynamo operator's component labels, else llm-d's
 * `llm-d.ai/role: prefill|decode`, which its scheduler routes the two phases by, else LMCache's
 * `lmcache.ai/pd-role` annotation (read as a role label).
 */
export function declaredByLabels(
  labels: Readonly<Record<string, string>>,
  annotations: Readonly<Record<string, string>> = {},
): RawService['declared'] {
  const op = roleFromOperatorLabels(labels);
  if (op) return { role: op, from: 'componentType' };
  const llmd = labels[LLMD_ROLE_LABEL];
  if (llmd === 'prefill' || llmd === 'decode') return { role: llmd, from: 'label' };
  const lmcache = annotations[LMCACHE_PD_ROLE_ANNOTATION];
  if (lmcache === 'prefiller') return { role: 'prefill', from: 'label' };
  return lmcache === 'decoder' ? { role: 'decode', from: 'label' } : undefined;
}

/** Every container of a pod template as a service, as written (plain workloads, RoleBasedGroup roles), native sidecars that ask for an accelerator among them. */
export function containerServices(at: PodTemplateAt): RawService[] {
  const podSpec = obj(at.tmpl?.spec);
  const meta = obj(at.tmpl?.metadata);
  const listed = arr(podSpec?.containers).map((c, k) => ({
    c,
    k,
    path: at.containersPath ?? `${at.path}spec.containers`,
  }));
  const sidecars = acceleratedSidecars(podSpec).map(({ container, index }) => ({
    c: container as unknown,
    k: index,
    path: `${at.path}spec.initContainers`,
  }));
  return [...listed, ...sidecars].flatMap(({ c, k, path }) => {
    const container = obj(c);
    if (!container) return [];
    const cname = str(container.name) ?? `#${k}`;
    const containerPath = `${path}[name=${cname}]`;
    const sec = securityOf(container, podSpec);
    const labels = stringMap(meta?.labels);
    const declared = declaredByLabels(labels, stringMap(meta?.annotations));
    return [
      {
        name: `${at.prefix}${cname}`,
        ...(declared ? { declared } : {}),
        workerish: false,
        argv: [...strs(container.command), ...strs(container.args)],
        ...(str(container.image) ? { image: str(container.image) } : {}),
        containerPath,
        commandLength: strs(container.command).length,
        layers: [
          { source: 'container-env' as const, path: `${containerPath}.env`, entries: arr(container.env) },
        ],
        envFrom: envFromOf(container, containerPath),
        resources: resourcesOf(obj(container.resources)),
        claimTemplates: podClaimTemplates(podSpec),
        capabilities: sec.capabilities,
        privileged: sec.privileged,
        ...(sec.runAsUser !== undefined ? { runAsUser: sec.runAsUser } : {}),
        ...(sec.runAsNonRoot ? { runAsNonRoot: true } : {}),
        hostNetwork: podSpec?.hostNetwork === true,
        annotations: stringMap(meta?.annotations),
        labels,
        ...(obj(podSpec?.affinity) ? { affinity: obj(podSpec?.affinity) } : {}),
        ...(obj(podSpec?.nodeSelector) ? { nodeSelector: stringMap(podSpec?.nodeSelector) } : {}),
        nodeCount: at.nodeCount,
        ...(at.replicas !== undefined ? { replicas: at.replicas } : {}),
        dgdShm: null,
        volumes: volumesOf(podSpec),
        mounts: mountsOf(container),
      },
    ];
  });
}
