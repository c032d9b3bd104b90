import { type Check, check } from '../core/model.js';
import { gpuModelsOf, namesOnlySingleNodeNvlink } from './gpu-model.js';
import type { RawService } from './raw.js';
import type { EngineFacts } from './resolve.js';
import { roleFromArgs } from './roles.js';
import type { EnvService } from './schema.js';
import {
  argvText,
  engineOf,
  flagValue,
  knownEnvOf,
  literalEnvOf,
  type ServingEngine,
} from './serving-engine.js';

/**
 * Rules about what the engine is told, beside the transport variables: a vLLM prefill
 * worker that Dynamo refuses to start, a worker spread over nodes with no RDMA path, and
 * knobs written for another engine. references/env-rules.md cites the source of each.
 */

/** `1.0.0`, `1.2.1-patched`, `0.9.1`: the Dynamo runtime version an image tag names, if any. */
export function dynamoVersionOf(image: string | undefined): [number, number, number] | undefined {
  if (!image || !/ai-dynamo|dynamo/i.test(image)) return undefined;
  const m = /:v?(\d+)\.(\d+)\.(\d+)/.exec(image.split('@')[0] ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * dynamo.vllm (Dynamo ≥ 1.0.0, ai-dynamo/dynamo PR #6450; components/src/dynamo/vllm/args.py,
 * update_dynamo_config_with_engine) raises ValueError for a prefill worker without
 * `--kv-transfer-config` ("the default is no longer nixl"); before 1.0.0 `--connector`
 * defaulted to `nixl`. Only prefill is checked upstream: a decode worker without it starts.
 */
export function kvConnectorCheck(
  s: EnvService,
  raw: RawService,
  subject: string,
  facts: EngineFacts = {},
): Check | undefined {
  if (s.role !== 'prefill' || facts.engine !== 'vllm') return undefined;
  const text = argvText(raw.argv);
  if (!/\bdynamo\.vllm\b/.test(text)) return undefined;
  // The refusal depends on the mode dynamo.vllm resolves: flag, deprecated alias or DYN_VLLM_DISAGGREGATION_MODE.
  const env = literalEnvOf(raw).DYN_VLLM_DISAGGREGATION_MODE?.trim().toLowerCase();
  if (roleFromArgs(raw.argv) !== 'prefill' && env !== 'prefill') return undefined;
  const explicitMode = /--disaggregation[-_]mode\b/.test(text) ? 'flag' : env;
  if (facts.kv) return undefined;
  // vLLM also reads engine arguments from a YAML file (`--config file.yaml`): the connector may be there.
  const cfg = flagValue(raw.argv, '--config');
  if (cfg)
    return check(
      'env.kv-connector',
      'skipped',
      `no --kv-transfer-config on the command line; it may be in --config ${cfg}, which the manifest does not show`,
      { subject, matters: false },
    );
  if (/--kv[-_]transfer[-_]config\b/.test(text))
    return check(
      'env.kv-connector',
      'skipped',
      `--kv-transfer-config is given as ${flagValue(raw.argv, '--kv[-_]transfer[-_]config') ?? '?'}, whose value the manifest does not show`,
      { subject, matters: false },
    );
  const v = dynamoVersionOf(raw.image);
  const fix =
    'add --kv-transfer-config \'{"kv_connector":"NixlConnector","kv_role":"kv_both"}\' to the prefill worker (and the same to decode)';
  if (v && v[0] < 1)
    return check(
      'env.kv-connector',
      'warn',
      `prefill worker with no --kv-transfer-config on Dynamo ${v.join('.')}: before 1.0.0 the --connector default (nixl) gives it NIXL; from 1.0.0 on dynamo.vllm refuses to start it`,
      { subject, fix },
    );
  // With no version in the image tag, the role flag dates the manifest: `--disaggregation-mode` came with
  // 1.0.0 (PR #6483), where `--is-prefill-worker` became a deprecated alias; before it, `--is-prefill-worker`
  // was the only way to say prefill, and there NIXL was the default connector. Which runtime it meets is not
  // shown, so the refusal is not either: a warning that names both outcomes.
  if (!v && explicitMode === undefined && /--is-prefill-worker\b/.test(text))
    return check(
      'env.kv-connector',
      'warn',
      `prefill worker with no --kv-transfer-config, written with --is-prefill-worker (the pre-1.0.0 form) and ${raw.image ? `image ${raw.image}` : 'no image'}, whose tag names no Dynamo version: on Dynamo before 1.0.0 the --connector default (nixl) gives it NIXL; on 1.0.0 and later dynamo.vllm refuses to start it (and 1.4.0 no longer takes --is-prefill-worker)`,
      {
        subject,
        fix: `pin a versioned runtime image; for Dynamo 1.0.0 and later use --disaggregation-mode prefill and ${fix.replace(/^add /, '')}`,
      },
    );
  const tag = raw.image ? `image ${raw.image}` : 'no image tag';
  return check(
    'env.kv-connector',
    'fail',
    `prefill worker with no --kv-transfer-config: dynamo.vllm (Dynamo 1.0.0 and later) refuses to start it ("--connector is deprecated and the default is no longer nixl"), so no KV is ever produced (${tag}; before 1.0.0 the --connector default nixl applied)`,
    { subject, fix },
  );
}

/**
 * The nodes one worker spans: `multinode.nodeCount`, a LeaderWorkerSet size, `--nnodes N`, or a vLLM
 * engine on Ray (`--distributed-executor-backend ray`) whose tensor × pipeline size exceeds its own
 * pod's GPUs: Ray lends it the GPUs of the cluster's other pods (vLLM docs/serving/parallelism_scaling.md,
 * "Running vLLM on a Ray cluster": 16 GPUs over 2 nodes of 8 take TP 8 × PP 2).
 */
export function nodesOf(s: EnvService, raw: RawService): number {
  const n = Number(flagValue(raw.argv, '--nnodes') ?? flagValue(raw.argv, '--num-nodes'));
  return Math.max(s.pod.nodeCount, Number.isInteger(n) && n > 0 ? n : 1, rayPodsOf(s, raw));
}

function rayPodsOf(s: EnvService, raw: RawService): number {
  if (flagValue(raw.argv, '--distributed[-_]executor[-_]backend')?.replace(/['"]/g, '') !== 'ray') return 1;
  const size = (flag: string) => {
    const v = Number(flagValue(raw.argv, flag));
    return Number.isInteger(v) && v > 0 ? v : 1;
  };
  const world = size('--tensor[-_]parallel[-_]size') * size('--pipeline[-_]parallel[-_]size');
  const gpus = s.pod.gpus;
  return gpus !== undefined && gpus > 0 && world > gpus ? Math.ceil(world / gpus) : 1;
}

/** Ways one worker's pods reach each other other than the pod network. */
export function rdmaPathsOf(s: EnvService): string[] {
  return [
    ...s.pod.rdmaResources,
    // hostNetwork without a device or privileged: the host's NICs over TCP, no RDMA (graph-rules.ts fastPaths).
    ...(s.pod.hostNetwork && s.pod.privileged ? ['hostNetwork'] : []),
    ...s.pod.networkAnnotations,
    ...s.pod.computeDomainClaims.map((c) => `ComputeDomain ${c}`),
  ];
}

/**
 * A worker whose tensor/expert/pipeline-parallel group spans nodes moves its collectives
 * (NCCL, all-to-all) and, disaggregated, its KV between those nodes: with no RDMA device, DRA
 * claim, host or secondary network or MNNVL domain in the pod, all of it goes over TCP.
 */
export function multinodeRdmaCheck(
  s: EnvService,
  raw: RawService,
  subject: string,
  leaderArgv?: readonly string[],
): Check | undefined {
  const nodes = nodesOf(s, raw);
  if (nodes <= 1) return undefined;
  // Cloud TPU hosts of one multi-host slice exchange tensors over the slice's inter-chip
  // interconnect (ICI), not the pod network: there is no NIC path to ask for.
  const tpu = raw.resources['google.com/tpu'];
  if (tpu !== undefined && tpu !== '0')
    return check(
      'env.multinode-rdma',
      'ok',
      `spans ${nodes} TPU hosts (google.com/tpu ${tpu} each): the chips of one slice exchange tensors over ICI, not the pod network`,
      { subject },
    );
  const paths = rdmaPathsOf(s);
  if (paths.length) return undefined;
  // Trays of 4 GPUs or fewer per node (or a GPU count not shown) spread over nodes, NCCL_MNNVL_ENABLE or NCCL told off IB
  // are what GB200/GB300 NVL72 racks look like: NCCL may use multi-node NVLink there, which the
  // manifest cannot show (IMEX channels can be given node-wide). A warn, not a fail.
  // A LeaderWorkerSet's workers join the engine their leader starts: its command line states the layout.
  const pipeline = pipelineOnlyAcross(s, leaderArgv ?? raw.argv, nodes);
  if (pipeline)
    return check(
      'env.multinode-rdma',
      'warn',
      `spans ${nodes} nodes with no RDMA path in its pods, but only its pipeline stages cross them (${pipeline}): one activation tensor per micro-batch goes point to point, as vLLM's docs lay out multi-node serving (tensor parallel inside a node, pipeline parallel across nodes), so over TCP it is slower, not broken`,
      {
        subject,
        fix: 'request the RDMA NICs (rdma/ib, EFA, a DRA claim) to take the pipeline hops off TCP; keep tensor and expert parallelism inside one pod',
      },
    );
  const env = knownEnvOf(raw, s.transportVars);
  // hostNetwork without privilege or an RDMA grant gives the host's NICs, not their RDMA devices (graph-rules.ts fastPaths).
  const host = s.pod.hostNetwork
    ? 'hostNetwork but no RDMA device with it (those come with an RDMA resource, a DRA claim or privileged)'
    : undefined;
  // With the GPUs per pod not shown, the tray size is not known either. A GPU model the node
  // selection names that has no multi-node NVLink (H100, A100, …: gpu-model.ts) rules the tray out.
  const models = gpuModelsOf(raw);
  const nvl =
    !namesOnlySingleNodeNvlink(models) &&
    (s.pod.gpus === undefined ||
      s.pod.gpus <= 4 ||
      env.NCCL_MNNVL_ENABLE === '1' ||
      /^(1|true)$/i.test(env.NCCL_IB_DISABLE ?? ''));
  if (nvl)
    return check(
      'env.multinode-rdma',
      'warn',
      `spans ${nodes} nodes with no RDMA path in its pods (no RDMA resource, DRA claim, ${host ? `secondary network or ComputeDomain; ${host}` : 'host or secondary network, ComputeDomain'}): unless the nodes share a multi-node NVLink domain (GB200/GB300 NVL72 trays, which the manifest cannot show), NCCL and KV cross the nodes over TCP`,
      {
        subject,
        fix: 'add the ComputeDomain claim (MNNVL) or request the RDMA NICs; confirm the fabric with `interconnect-test node`',
      },
    );
  return check(
    'env.multinode-rdma',
    'fail',
    `spans ${nodes} nodes but its pods have no RDMA path (no rdma/ib, EFA or SR-IOV resource, no DRA claim, ${host ?? 'no hostNetwork'}, no Multus network, ${s.pod.computeDomainNoMnnvl?.length ? 'a ComputeDomain that joins no NVLink between nodes of these GPUs' : 'no ComputeDomain'})${models.length ? ` and are pinned to ${[...new Set(models)].join(', ')}, which has no multi-node NVLink` : ''}: NCCL between the nodes and KV both run over TCP sockets`,
    {
      subject,
      fix: 'request the RDMA device (rdma/ib, vpc.amazonaws.com/efa, or a DRA ResourceClaim for the NICs) with IPC_LOCK, or keep the worker on one node',
    },
  );
}

/**
 * When the only parallelism that crosses the worker's nodes is pipeline parallelism: tensor
 * parallel no wider than one pod's GPUs, pipeline stages at least as many as the nodes, and no
 * expert or data parallelism named (their all-to-all and all-reduce cross nodes every layer).
 * vLLM `--tensor-parallel-size`/`-tp`, `--pipeline-parallel-size`/`-pp` (either spelling);
 * SGLang `--tp-size`, `--pp-size` (and `--tp`/`--pp`, which Python's argparse takes as their unique
 * prefixes; LWS's TensorRT-LLM launcher names them so). Undefined otherwise, or when a figure is not shown.
 */
function pipelineOnlyAcross(s: EnvService, argv: readonly string[], nodes: number): string | undefined {
  const num = (...flags: string[]) => {
    for (const f of flags) {
      const n = Number(flagValue(argv, f));
      if (Number.isInteger(n) && n > 0) return n;
    }
    return undefined;
  };
  const tp = num('--tensor[-_]parallel[-_]size', '--tp[-_]size', '(?<![\\w-])-tp', '(?<![\\w-])--tp');
  const pp = num('--pipeline[-_]parallel[-_]size', '--pp[-_]size', '(?<![\\w-])-pp', '(?<![\\w-])--pp');
  const text = argv.join(' ');
  if (tp === undefined || pp === undefined || s.pod.gpus === undefined) return undefined;
  if (tp > s.pod.gpus || pp < nodes) return undefined;
  if (
    /--enable[-_]expert[-_]parallel\b|--(?:ep|expert[-_]parallel)[-_]size\b|--(?:dp|data[-_]parallel)[-_]size\b/.test(
      text,
    )
  )
    return undefined;
  return `tensor parallel ${tp} inside each ${s.pod.gpus}-GPU pod, pipeline parallel ${pp} across`;
}

/** Knob prefixes each engine reads; a knob of another engine has no effect on this one. */
const KNOB_PREFIX: Record<ServingEngine, string | undefined> = {
  vllm: 'VLLM_',
  sglang: 'SGLANG_',
  trtllm: 'TRTLLM_',
  mocker: undefined,
};
/** Flags only one engine takes, and what that engine's equivalent is elsewhere. */
const ENGINE_FLAGS: [RegExp, ServingEngine, string][] = [
  [/--kv[-_]transfer[-_]config\b/, 'vllm', '--kv-transfer-config'],
  [/--disaggregation[-_]transfer[-_]backend\b/, 'sglang', '--disaggregation-transfer-backend'],
];
const KV_KNOB: Record<ServingEngine, string> = {
  vllm: "--kv-transfer-config (NixlConnector's kv_connector_extra_config.backends)",
  sglang: '--disaggregation-transfer-backend and SGLANG_DISAGGREGATION_NIXL_BACKEND',
  trtllm: 'cache_transceiver_config.backend in the engine config and TRTLLM_NIXL_KVCACHE_BACKEND',
  mocker: 'nothing (the mocker moves no KV)',
};

/** `SGLANG_*` on a vLLM worker, `--kv-transfer-config` on TRT-LLM: set, and read by nobody. */
export function foreignKnobCheck(raw: RawService, subject: string): Check | undefined {
  const engine = engineOf({ argv: raw.argv });
  if (!engine || engine === 'mocker') return undefined;
  const names = new Set(
    raw.layers.flatMap((l) =>
      l.entries.flatMap((e) => {
        const n = (e as { name?: unknown } | null)?.name;
        return typeof n === 'string' ? [n] : [];
      }),
    ),
  );
  const found: string[] = [];
  for (const [other, prefix] of Object.entries(KNOB_PREFIX) as [ServingEngine, string | undefined][]) {
    if (other === engine || !prefix) continue;
    const knobs = [...names].filter((n) => n.startsWith(prefix)).sort();
    if (knobs.length) found.push(`${knobs.join(', ')} (${other}'s)`);
  }
  const text = argvText(raw.argv);
  for (const [re, owner, flag] of ENGINE_FLAGS)
    if (owner !== engine && re.test(text)) found.push(`${flag} (${owner}'s flag)`);
  if (found.length === 0) return undefined;
  return check(
    'env.foreign-knob',
    'warn',
    `${engine} worker sets ${found.join('; ')}: ${engine} does not read them, so they have no effect; its KV path is set by ${KV_KNOB[engine]}`,
    { subject, fix: `remove them, or set the ${engine} equivalent` },
  );
}

/**
 * env.kv-device: SGLang's Mooncake transfer opens the RDMA devices `--disaggregation-ib-device` names
 * (MooncakeTransferEngine.initialize: protocol "rdma" with that device list, a RuntimeError when it
 * fails). The pod must be granted them: an RDMA resource or DRA claim, an RDMA (secondary) network, or
 * privileged. hostNetwork alone gives the host's NICs, not their /dev/infiniband nodes (fastPaths).
 * A pod that asks OME's webhook to inject RDMA (`rdma.ome.io/auto-inject: "true"`) is granted what
 * the manifest does not show: skipped.
 */
export function kvDeviceCheck(
  s: EnvService,
  raw: RawService,
  subject: string,
  facts: EngineFacts = {},
): Check | undefined {
  if (facts.engine !== 'sglang' || facts.kv?.transport !== 'MOONCAKE') return undefined;
  const dev = flagValue(raw.argv, '--disaggregation-ib-device');
  if (!dev) return undefined;
  const p = s.pod;
  const granted = [...p.rdmaResources, ...p.networkAnnotations, ...(p.privileged ? ['privileged'] : [])];
  // OME's pod webhook makes the pod privileged with /dev/infiniband when asked (rdma_injector.go):
  // the grant is declared, its content is not in the manifest.
  if (!granted.length && raw.annotations['rdma.ome.io/auto-inject'] === 'true')
    return check(
      'env.kv-device',
      'skipped',
      `--disaggregation-ib-device ${dev}: the RDMA devices are left to OME's RDMA injector (rdma.ome.io/auto-inject), which this manifest does not show`,
      { subject, matters: false },
    );
  if (granted.length)
    return check(
      'env.kv-device',
      'ok',
      `--disaggregation-ib-device ${dev}: the pod is granted RDMA devices (${granted.join(', ')})`,
      { subject },
    );
  return check(
    'env.kv-device',
    'fail',
    `--disaggregation-ib-device ${dev} names the RDMA devices Mooncake moves KV over, but the pod is granted none (no RDMA resource or DRA claim, RDMA network or privileged${p.hostNetwork ? '; hostNetwork gives the host NICs, not their /dev/infiniband nodes' : ''}): the transfer engine cannot open them and the worker fails to start its KV transfer`,
    {
      subject,
      fix: 'request the RDMA device (e.g. rdma/ib or the cluster’s RDMA resource) with IPC_LOCK on prefill and decode, or attach the RDMA network',
    },
  );
}
