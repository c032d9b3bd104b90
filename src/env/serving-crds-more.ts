import { moreKindGraph } from './more-kinds.js';
import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';
import { rayClusterServices } from './ray.js';

/**
 * More serving CRDs of the open serving stacks, read as the pods their controllers build
 * (references/env-rules.md "Serving CRDs"):
 * - Kthena `ModelServing` (workload.serving.volcano.sh): `spec.template.roles[]`, each a `name`,
 *   `replicas`, an `entryTemplate` pod and `workerReplicas` pods of `workerTemplate` in one group
 *   (volcano-sh/kthena pkg/apis/workload/v1alpha1/servinggroup_types.go:55-96). The role name is
 *   the graph's own naming, weighed as names are (roles.ts).
 * - llmaz `Service` (inference.llmaz.io): `spec.workloadTemplate` is a LeaderWorkerSet
 *   LeaderWorkerTemplate (`size`, `leaderTemplate`, `workerTemplate`), `spec.replicas` groups
 *   (InftyAI/llmaz api/inference/v1alpha1/service_types.go:42-43).
 * - AIBrix `RayClusterFleet` (orchestration.aibrix.ai): `spec.template.spec` is a KubeRay RayCluster
 *   spec (vllm-project/aibrix api/orchestration/v1alpha1/rayclusterfleet_types.go:42,
 *   raycluster_type.go:25), read as ray.ts reads one.
 * - llm-d's `ModelService` (llm-d.ai): `spec.prefill` and `spec.decode`, each `replicas` and
 *   `containers`, one Deployment each (llmdModelService below).
 * - Arks `ArksApplication` (arks.ai): one LeaderWorkerSet of `size` pods whose engine command the controller
 *   writes from `runtime` and `tensorParallelSize` (arksApplication below).
 *
 * And serving CRDs that hold no pod at all: their controller builds every pod (engine command,
 * devices, network) from a preset, an instance type or a resource profile the object only names.
 * The KV path is then not shown (issue 38, P2: not shown is never absent, nor a pass): each is
 * listed as a partial graph with what it names.
 */
export const MORE_SERVING_CRD_KINDS: Record<string, string[]> = {
  'workload.serving.volcano.sh/': ['ModelServing'],
  'inference.llmaz.io/': ['Service'],
  'orchestration.aibrix.ai/': ['RayClusterFleet'],
  'llm-d.ai/': ['ModelService'],
  'arks.ai/': ['ArksApplication'],
};

/** Kinds whose pods the controller builds from fields alone, with the controller's name. */
export const GENERATED_SERVING_KINDS: Record<string, { kinds: string[]; controller: string }> = {
  'workload.serving.volcano.sh/': { kinds: ['ModelBooster'], controller: 'Kthena' },
  'kaito.sh/': { kinds: ['Workspace', 'InferenceSet', 'MultiRoleInference'], controller: 'KAITO' },
  'kubeai.org/': { kinds: ['Model'], controller: 'KubeAI' },
  'production-stack.vllm.ai/': { kinds: ['VLLMRuntime'], controller: 'production-stack' },
  // The NIM Operator: a Deployment, or with multiNode a LeaderWorkerSet, of the NIM image, whose engine
  // (TensorRT-LLM, vLLM, SGLang) and its command are chosen inside the image.
  'apps.nvidia.com/': { kinds: ['NIMService'], controller: 'NIM Operator' },
  // Mooncake's store operator: a master and KV store workers that engines put KV to and get it from; the
  // operator grants the workers RDMA device access itself (`workers.rdmaEnabled`).
  'mooncake.io/': { kinds: ['MooncakeCluster'], controller: 'Mooncake operator' },
  // AIBrix's KV cache store: cache (dataplane) pods, a metadata service and a watcher, built by its
  // controller from spec.cache (replicas, image, resources) and the backend annotation.
  'orchestration.aibrix.ai/': { kinds: ['KVCache'], controller: 'AIBrix KVCache' },
  // Nebari's LLM serving pack: one vLLM Deployment per LLMModel (nebari-dev/llm-serving-pack @ b9059993
  // operator/internal/controller/reconcilers/modelservice.go:50-112), its image the operator's default unless
  // spec.serving.image names one, its args and GPU limit from spec.serving and spec.resources.gpu.
  'llm.nebari.dev/': { kinds: ['LLMModel'], controller: 'Nebari LLM serving' },
  // AMD SiloGen's Kaiwo: a KaiwoService becomes a Deployment, or with `ray: true` a RayService whose Serve
  // application (its engine and parallelism) is code the object only names (silogen/kaiwo @ 067a6db8
  // apis/kaiwo/v1alpha1/kaiwoservice_types.go:42,46 `entrypoint`, `serveConfigV2`; common_types.go:102,169,185
  // `gpus`, `image`, `ray`). When it holds `deployment` or `rayService` whole, those pods are read (kaiwoInline).
  'kaiwo.silogen.ai/': { kinds: ['KaiwoService'], controller: 'Kaiwo' },
  // LMCache's operator: an LMCacheEngine (or a CacheBlendEngine) is a per-node LMCache server DaemonSet that vLLM pods
  // offload KV to; with a `pd` block it also writes the NIXL producer/consumer kv-transfer-configs its webhook injects
  // into the prefill and decode pods that opt in (LMCache/LMCache @ c26a866c operator/config/crd/bases/
  // lmcache.lmcache.ai_lmcacheengines.yaml:7-11, @ 45833dee lmcache.lmcache.ai_cacheblendengines.yaml:7-11;
  // @ 75fde29d operator/internal/webhook/pod_inject_common.go:51-55, prepareInjection's pdRole switch).
  'lmcache.lmcache.ai/': { kinds: ['LMCacheEngine', 'CacheBlendEngine'], controller: 'LMCache operator' },
};

export interface MoreCrdGraph {
  services: RawService[];
  partial?: string;
}

const count = (x: unknown, dflt: number) => {
  const n = Number(str(x) ?? dflt);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : dflt;
};

function kthenaModelServing(doc: Rec): RawService[] {
  const roles = arr(obj(obj(doc.spec)?.template)?.roles);
  return roles.flatMap((r, k) => {
    const role = obj(r);
    if (!role) return [];
    const name = str(role.name) ?? `#${k}`;
    const workers = count(role.workerReplicas, 0);
    const worker = obj(role.workerTemplate);
    const withWorkers = workers > 0 && arr(obj(worker?.spec)?.containers).length > 0;
    const base = { nodeCount: withWorkers ? 1 + workers : 1, replicas: Math.max(1, count(role.replicas, 1)) };
    const at = `spec.template.roles[name=${name}].`;
    const entry = containerServices({
      ...base,
      prefix: withWorkers ? `${name}/entry/` : `${name}/`,
      path: `${at}entryTemplate.`,
      tmpl: obj(role.entryTemplate),
    });
    if (!withWorkers && entry.length === 1) for (const s of entry) s.name = name;
    return [
      ...entry,
      ...(withWorkers
        ? containerServices({
            ...base,
            prefix: `${name}/worker/`,
            path: `${at}workerTemplate.`,
            tmpl: worker,
          })
        : []),
    ];
  });
}

function llmazService(doc: Rec): RawService[] {
  const spec = obj(doc.spec);
  const lwt = obj(spec?.workloadTemplate);
  const size = Math.max(1, count(lwt?.size, 1));
  const replicas = Math.max(1, count(spec?.replicas, 1));
  const leader = obj(lwt?.leaderTemplate);
  const at = 'spec.workloadTemplate.';
  return [
    ...(leader
      ? containerServices({
          prefix: 'leader/',
          path: `${at}leaderTemplate.`,
          tmpl: leader,
          nodeCount: size,
          replicas,
        })
      : []),
    ...containerServices({
      prefix: leader ? 'worker/' : '',
      path: `${at}workerTemplate.`,
      tmpl: obj(lwt?.workerTemplate),
      nodeCount: size,
      replicas,
    }),
  ];
}

/**
 * llm-d's ModelService (llm-d/llm-d-model-service `403e9836` api/v1alpha1/modelservice_types.go:54-58, `Decode`
 * and `Prefill` *PDSpec, each `replicas` and `containers`): the controller makes one Deployment per section whose
 * pods run exactly those containers under the role label `llm-d.ai/role` (internal/controller/child_resources.go
 * mergePDDeployment, `Containers: convertToContainerSliceWithURIInfo(ctx, pdSpec.Containers, msvc)`), merged over
 * the base config's `prefillDeployment`/`decodeDeployment` when `spec.baseConfigMapRef` names one
 * (getChildResourcesFromConfigMap): that base is not in the object, so the graph is then partial.
 */
function llmdModelService(doc: Rec): MoreCrdGraph {
  const spec = obj(doc.spec);
  const services = (['prefill', 'decode'] as const).flatMap((role) => {
    const pd = obj(spec?.[role]);
    if (!pd) return [];
    const out = containerServices({
      prefix: `${role}/`,
      path: `spec.${role}.`,
      // The containers sit right under the section (spec.decode.containers), not under a pod spec.
      containersPath: `spec.${role}.containers`,
      tmpl: { metadata: { labels: { 'llm-d.ai/role': role } }, spec: { containers: arr(pd.containers) } },
      nodeCount: 1,
      replicas: Math.max(1, count(pd.replicas, 1)),
    });
    return out.length === 1 ? out.map((s) => ({ ...s, name: role })) : out;
  });
  const base = str(obj(spec?.baseConfigMapRef)?.name);
  return base
    ? {
        services,
        partial: `ModelService: the llm-d model service controller merges these containers over the prefill and decode Deployments of its base config ${base} (spec.baseConfigMapRef), which this object does not hold`,
      }
    : { services };
}

/** Arks' default runtime images (scitix/arks internal/controller/arksapplication_controller.go:907-937). */
const ARKS_IMAGES: Record<string, string> = {
  vllm: 'vllm/vllm-openai:v0.8.2',
  sglang: 'lmsysorg/sglang:v0.4.5-cu124',
  dynamo: 'scitixai/k8s/dynamo:vllm',
};

/**
 * Arks' ArksApplication (scitix/arks @ `e1732a91` api/v1/arksapplication_types.go:252-296): the controller
 * makes one LeaderWorkerSet of `replicas` groups of `size` pods (generateLws, arksapplication_controller.go:509-
 * 700), leader and workers each one container of `instanceSpec.resources` and `instanceSpec.env`, the pod
 * fields (hostNetwork, nodeSelector, …) from `instanceSpec`. Its commands (:940-1010): vLLM's leader starts
 * Ray and `vllm.entrypoints.openai.api_server --tensor-parallel-size N`, its workers join Ray; SGLang runs
 * `sglang.launch_server --nnodes $(LWS_GROUP_SIZE) --tp N` on every pod; `runtimeCommonArgs` follow.
 */
function arksApplication(doc: Rec): RawService[] {
  const spec = obj(doc.spec);
  const inst = obj(spec?.instanceSpec);
  const runtime = str(spec?.runtime) ?? 'vllm';
  const size = Math.max(1, count(spec?.size, 1));
  const tp = count(spec?.tensorParallelSize, 0);
  const model = `/models/${str(obj(spec?.model)?.name) ?? 'model'}`;
  const extra = arr(spec?.runtimeCommonArgs).flatMap((a) => str(a) ?? []);
  const sglang = `python3 -m sglang.launch_server --dist-init-addr $(LWS_LEADER_ADDRESS):20000 --nnodes $(LWS_GROUP_SIZE) --node-rank $(LWS_WORKER_INDEX) --trust-remote-code --model-path ${model}${tp > 0 ? ` --tp ${tp}` : ''}`;
  const commands: Record<string, [string, string]> = {
    vllm: [
      `/bin/bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader --ray_cluster_size=$(LWS_GROUP_SIZE); python3 -m vllm.entrypoints.openai.api_server --port 8080 --model ${model}${tp > 0 ? ` --tensor-parallel-size ${tp}` : ''}`,
      '/bin/bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker --ray_address=$(LWS_LEADER_ADDRESS)',
    ],
    sglang: [`${sglang} --host 0.0.0.0 --port 8080`, sglang],
    dynamo: [
      'dynamo run in=http out=dyn://$(LWS_LEADER_ADDRESS)',
      `dynamo run in=dyn://$(LWS_LEADER_ADDRESS) out=vllm ${model}`,
    ],
  };
  const [leaderCmd, workerCmd] = commands[runtime] ?? commands.vllm ?? ['', ''];
  const pod = (name: string, cmd: string) => ({
    metadata: { labels: obj(inst?.labels), annotations: obj(inst?.annotations) },
    spec: {
      ...inst,
      securityContext: inst?.podSecurityContext,
      containers: [
        {
          name,
          image: str(spec?.runtimeImage) ?? ARKS_IMAGES[runtime] ?? ARKS_IMAGES.vllm,
          command: ['/bin/bash', '-c', [cmd, ...extra].join(' ')],
          resources: inst?.resources,
          env: inst?.env,
          volumeMounts: inst?.volumeMounts,
        },
      ],
    },
  });
  const base = {
    path: 'spec.instanceSpec.',
    nodeCount: size,
    replicas: Math.max(1, count(spec?.replicas, 1)),
  };
  return [
    ...containerServices({ ...base, prefix: size > 1 ? 'leader/' : '', tmpl: pod('leader', leaderCmd) }),
    ...(size > 1 ? containerServices({ ...base, prefix: 'worker/', tmpl: pod('worker', workerCmd) }) : []),
  ];
}

/** What a generated kind names about its pods, for the partial graph's message. */
function namedFacts(kind: string, spec: Rec | undefined, doc?: Rec): string[] {
  const facts: string[] = [];
  const add = (what: string, v: unknown) => {
    const s = str(v);
    if (s) facts.push(`${what} ${s}`);
  };
  add('engine', spec?.engine);
  add('resource profile', spec?.resourceProfile);
  add(
    'instance type',
    obj(spec?.resource)?.instanceType ?? obj(obj(obj(spec?.template)?.resource))?.instanceType,
  );
  add('nodes', obj(spec?.resource)?.count);
  add('backend', obj(spec?.backend)?.type);
  add('GPU count', obj(obj(spec?.resources)?.gpu)?.count);
  if (kind === 'MooncakeCluster') {
    const workers = obj(spec?.workers);
    add('KV store workers', workers?.replicas ?? 1);
    facts.push(`RDMA ${str(workers?.rdmaEnabled) === 'false' ? 'off' : 'enabled'} by the operator`);
  }
  if (kind === 'KVCache') {
    add('backend', obj(obj(doc?.metadata)?.annotations)?.['kvcache.orchestration.aibrix.ai/backend']);
    const cache = obj(spec?.cache);
    add('cache pods', cache?.replicas ?? 1);
    const limits = { ...obj(obj(cache?.resources)?.requests), ...obj(obj(cache?.resources)?.limits) };
    const devices = Object.keys(limits).filter((k) => /rdma|infiniband|efa|sriov/i.test(k));
    if (devices.length)
      facts.push(`cache pods request ${devices.map((k) => `${k} ${str(limits[k])}`).join(', ')}`);
  }
  if (kind === 'LMCacheEngine' || kind === 'CacheBlendEngine') {
    add('L1 cache GB', obj(spec?.l1)?.sizeGB);
    const pd = obj(spec?.pd);
    if (pd)
      facts.push(
        `a pd block${str(pd.role) ? ` (role ${str(pd.role)})` : ''} (NIXL P/D kv-transfer-configs for the vLLM pods its webhook fills)`,
      );
  }
  if (kind === 'NIMService') {
    const image = obj(spec?.image);
    add('image', [str(image?.repository), str(image?.tag)].filter(Boolean).join(':'));
    add('GPUs', obj(obj(spec?.resources)?.limits)?.['nvidia.com/gpu']);
    const par = obj(obj(spec?.multiNode)?.parallelism);
    if (par) facts.push(`multi-node tensor ${str(par.tensor) ?? '?'} x pipeline ${str(par.pipeline) ?? '?'}`);
  }
  const roles = arr(spec?.roles).flatMap((r) => str(obj(r)?.type) ?? str(obj(r)?.name) ?? []);
  if (roles.length) facts.push(`roles ${roles.join(', ')}`);
  if (kind === 'Workspace' || kind === 'InferenceSet') facts.push('preset-defined engine');
  if (kind === 'KaiwoService') {
    add('image', spec?.image);
    add('GPUs', spec?.gpus);
    if (str(spec?.ray) === 'true') facts.push('a Ray Serve application');
  }
  return facts;
}

/** One placeholder service per role (or one for the whole object): what the object says it runs. */
function generatedServices(kind: string, spec: Rec | undefined): RawService[] {
  const roles = arr(spec?.roles).flatMap((r) => str(obj(r)?.type) ?? str(obj(r)?.name) ?? []);
  const workers = arr(obj(spec?.backend)?.workers).flatMap((w) => str(obj(w)?.type) ?? []);
  const names = roles.length ? roles : workers.length ? workers : [kind.toLowerCase()];
  return names.flatMap((name) =>
    containerServices({
      prefix: `${name}/`,
      path: 'spec.',
      tmpl: { spec: { containers: [{ name: 'generated' }] } },
      nodeCount: 1,
    }).map((s) => ({ ...s, name })),
  );
}

/**
 * A KaiwoService may hold its workload whole: `spec.deployment` (an apps/v1 Deployment) or `spec.rayService` (a
 * RayService) is what the controller applies (kaiwoservice_types.go:56,66); then its pods are in the object.
 */
function kaiwoInline(spec: Rec | undefined): RawService[] | undefined {
  const dep = obj(obj(spec?.deployment)?.spec);
  if (dep?.template)
    return containerServices({
      prefix: '',
      path: 'spec.deployment.spec.template.',
      tmpl: obj(dep.template),
      nodeCount: 1,
      replicas: Math.max(1, count(dep.replicas, 1)),
    });
  const ray = obj(obj(obj(spec?.rayService)?.spec)?.rayClusterConfig);
  return ray ? rayClusterServices(ray, 'spec.rayService.spec.rayClusterConfig.') : undefined;
}

/** The graph of one of these kinds, or undefined when the document is not one. */
export function moreServingCrdGraph(kind: string, apiVersion: string, doc: Rec): MoreCrdGraph | undefined {
  const spec = obj(doc.spec);
  const more = moreKindGraph(kind, apiVersion, doc); // Kubeflow Trainer v2, FusionInfer (more-kinds.ts)
  if (more) return more;
  if (kind === 'KaiwoService' && apiVersion.startsWith('kaiwo.silogen.ai/')) {
    const kaiwo = kaiwoInline(spec);
    if (kaiwo) return { services: kaiwo };
  }
  const gen = Object.entries(GENERATED_SERVING_KINDS).find(
    ([g, v]) => apiVersion.startsWith(g) && v.kinds.includes(kind),
  );
  if (gen) {
    const facts = namedFacts(kind, spec, doc);
    return {
      services: generatedServices(kind, spec),
      partial: `${kind}: the ${gen[1].controller} controller builds its pods${facts.length ? ` from ${facts.join(', ')}` : ''}; their engine command, devices and network are not in the object`,
    };
  }
  const group = Object.keys(MORE_SERVING_CRD_KINDS).find((g) => apiVersion.startsWith(g));
  if (!group || !MORE_SERVING_CRD_KINDS[group]?.includes(kind)) return undefined;
  if (kind === 'ModelServing') return { services: kthenaModelServing(doc) };
  if (kind === 'ModelService') return llmdModelService(doc);
  if (kind === 'Service') return { services: llmazService(doc) };
  if (kind === 'ArksApplication') return { services: arksApplication(doc) };
  return { services: rayClusterServices(obj(obj(spec?.template)?.spec), 'spec.template.spec.') };
}

/** Name suffixes of KServe's decode-pool presets (kserve pkg/controller/v1alpha2/llmisvc/config_merge.go:57-65). */
const KSERVE_DECODE_PRESETS = /config-llm-decode-(template|worker-data-parallel|worker-pipeline-parallel)$/;

/**
 * KServe merges its well-known decode presets only onto the decode pool of a P/D service (one with
 * spec.prefill), whose prefill pool is not in the preset (config_merge.go:318-343): such a config is that
 * decode pool, one side of a graph it does not hold. The reason it is partial, or undefined.
 */
export function kserveDecodePreset(doc: Rec, prefill: Rec | undefined): string | undefined {
  const name = str(obj(doc.metadata)?.name) ?? '';
  if (doc.kind !== 'LLMInferenceServiceConfig' || prefill || !KSERVE_DECODE_PRESETS.test(name))
    return undefined;
  return `KServe's decode preset ${name}: merged onto the decode pool of a prefill/decode LLMInferenceService, whose prefill pool this object does not hold`;
}
