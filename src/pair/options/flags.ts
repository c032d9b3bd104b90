import { type Command, Option } from 'commander';
import { ENGINE_NAMES } from '../../core/engine-names.js';
import { addClusterFlags } from '../../kube/flags.js';
import { DEFAULT_LEASE_NAMESPACE } from '../../scratch/lease-model.js';

/**
 * The cluster flags of `pair` as commander declares them (their schema and
 * the PairConfig they become: options.ts). No zod here: --help stays light.
 */

/** The default nixlbench image: build it from deploy/probe-image and push it where your nodes pull from. */
export const DEFAULT_PROBE_IMAGE = 'ghcr.io/interconnect-test/nixlbench-probe:v1.4.0';
/**
 * `--engine nixl` (and auto) without --image, --recipe or --dgd: NVIDIA's public Dynamo vLLM
 * runtime image (NIXL's Python package and python3 inside; pulled from nvcr.io without
 * credentials). 1.2.0 is the newest release built on CUDA 12.9, so older drivers run it too.
 * Sources: references/nixl-probe.md, "Probe image".
 */
export const DEFAULT_NIXL_IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0';
export const DEFAULT_ETCD_IMAGE = 'quay.io/coreos/etcd:v3.5.21';

/**
 * The per-run etcd's image: --etcd-image; else the probe image itself when it
 * is a Dynamo runtime image, which ships etcd on PATH (references/todays-images.md),
 * so an air-gapped cluster that mirrors that image needs no quay.io pull; else
 * DEFAULT_ETCD_IMAGE. `own`: the probe image was taken.
 */
export function etcdImageFor(
  explicit: string | undefined,
  probeImage: string | undefined,
): { image: string; own: boolean } {
  if (explicit) return { image: explicit, own: false };
  if (probeImage && /^nvcr\.io\/nvidia\/ai-dynamo\/(vllm|sglang|tensorrtllm)-runtime:/.test(probeImage))
    return { image: probeImage, own: true };
  return { image: DEFAULT_ETCD_IMAGE, own: false };
}
export const DEFAULT_PEER_TIMEOUT_MS = 4 * 60_000;
/** --pull-timeout: scheduling and pulling the probe image on both nodes (a ~12 GB runtime image on a fresh node takes minutes). */
export const DEFAULT_PULL_TIMEOUT_MS = 20 * 60_000;

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** Declares the cluster flags on the `pair` command. */
export function addClusterOptions(cmd: Command): Command {
  cmd
    .option(
      '--dgd <name>',
      'a live DynamoGraphDeployment (in --namespace): test between its prefill and decode nodes, with its transport settings',
    )
    .option('--recipe <path>', 'a recipe (DGD YAML): take the transport settings from it')
    .option('--prefill-node <node>', 'node for the prefill pod')
    .option('--decode-node <node>', 'node for the decode pod');
  addProbeOptions(cmd)
    .option(
      '--etcd-endpoints <url>',
      'use this etcd instead of a per-run one (a fresh --benchmark_group isolates the run)',
    )
    .option('--keep', 'keep the scratch objects for debugging (prints how to delete them)')
    .option('--dry-run', 'print the manifests and create nothing');
  addClusterFlags(cmd, "the deployment's namespace (only ever read)");
  return cmd
    .option('--no-node-probes', "with --dgd: skip the read-only node probes in the DGD's worker pods")
    .option(
      '--no-setup',
      'with --local: when no engine is here, refuse (naming the command) instead of setting NIXL up from PyPI into ~/.cache/interconnect-test/nixl-venv',
    );
}

/** The transfer flags `pair` (both modes) and `sweep` share; their schema is option-groups.ts TransferOptionsShape. */
export function addTransferOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--engine <engine>',
        "transfer tool: nixlbench when the image has it, else nixl (our probe on NIXL's Python API) when python imports nixl, else ucx_perftest (cluster: --dgd asks the live worker pod; otherwise a Dynamo runtime image or none means nixl)",
      )
        .choices(['auto', ...ENGINE_NAMES])
        .default('auto'),
    )
    .option(
      '--sizes <list>',
      'message sizes, e.g. 4K,64K,1M,16M,64M (nixlbench sweeps smallest..largest, doubling)',
    )
    .option(
      '--iters <n>',
      'timed iterations at every size (default: nixlbench 1000 in the cluster, 1/16 of them above 1 MiB; nixl, ucx_perftest in the cluster and --local nixlbench 100; --local ucx_perftest ~512 MiB per size)',
    )
    .option(
      '--warmup <n>',
      'untimed iterations before each size, for every engine (default: a tenth of the timed ones, at least 1)',
    )
    .option('--min-bandwidth <GB/s>', 'fail when the peak bandwidth is below this many GB/s (10^9 bytes/s)')
    .option('--ucx-tls <list>', 'set UCX_TLS for both sides, e.g. tcp to force the TCP path');
}

/** The flags that shape the probe pods, shared by `pair` and `sweep`. */
export function addProbeOptions(cmd: Command): Command {
  return cmd
    .option(
      '--image <image>',
      `probe image (default: the deployment's own with --dgd/--recipe; else nixl: ${DEFAULT_NIXL_IMAGE}, nixlbench: $INTERCONNECT_TEST_IMAGE or ${DEFAULT_PROBE_IMAGE})`,
    )
    .option(
      '--env <NAME=VALUE>',
      'set an environment variable in the probe pods (repeatable; wins over the recipe)',
      collect,
    )
    .option(
      '--rdma-resource <name[=count]>',
      "RDMA device-plugin resource the pods request (default: the recipe's, else what the nodes advertise)",
    )
    .addOption(
      new Option('--memory-type <type>', 'memory each side transfers from/to (default vram)').choices([
        'vram',
        'dram',
      ]),
    )
    .addOption(
      new Option(
        '--op <op>',
        "NIXL operation of the initiator (default: the framework's; vLLM reads, SGLang and TensorRT-LLM write; unknown: both)",
      ).choices(['write', 'read']),
    )
    .addOption(
      new Option(
        '--initiator <role>',
        "which side starts the transfer (default: the framework's; vLLM: decode, SGLang and TensorRT-LLM: prefill)",
      ).choices(['prefill', 'decode']),
    )
    .option(
      '--nixlbench-version <version>',
      "the image's nixlbench version, so only flags it accepts are passed (default: from the image tag)",
    )
    .option(
      '--device-list <nics>',
      "NICs nixlbench uses, NIXL's form: mlx5_0,mlx5_1 (NIXL appends the port :1; overrides UCX_NET_DEVICES)",
    )
    .option(
      '--rails <gpus>',
      'nixl: the GPU↔NIC rails to test, GPU indices (0,3; one index for one quick rail) (default: every rail, all GPUs of the node)',
    )
    .option(
      '--etcd-image <image>',
      `image of the per-run etcd (default: the probe image when it is a Dynamo runtime image, which ships etcd; else ${DEFAULT_ETCD_IMAGE})`,
    )
    .option(
      '--scratch-namespace <ns>',
      'an existing namespace to create the probe objects in (default: a new one per run)',
    )
    .option(
      '--image-pull-secret <name>',
      'pull secret for the probe image (must exist in the scratch namespace)',
    )
    .option(
      '--pod-annotation <[role:]KEY=VALUE>',
      'annotate the probe pods (repeatable; role: prefill, decode, intra-node or etcd)',
      collect,
    )
    .option(
      '--memory <quantity>',
      'memory limit of each probe pod (default: 2Gi per probe process + 256Mi + its /dev/shm, whole Gi)',
    )
    .option(
      '--toleration <KEY[=VALUE]:EFFECT>',
      'tolerate this node taint in every pod pair creates, etcd included (repeatable), e.g. dedicated=gpu:NoSchedule',
      collect,
    )
    .option(
      '--lease-namespace <ns>',
      `where the per-node Leases that keep two runs off one node live (per worker pod with --in-place; default $INTERCONNECT_TEST_LEASE_NAMESPACE or ${DEFAULT_LEASE_NAMESPACE}, created when absent)`,
    )
    .option(
      '--no-wait',
      'when another run holds a node (a worker pod with --in-place), exit 2 naming it instead of waiting for it (within --timeout)',
    )
    .option('--force', 'run the transfer test even when the read-only checks found blockers')
    .option(
      '--peer-timeout <duration>',
      'how long a pod may wait for its peer (registration, start barrier, exit after results)',
      '4m',
    )
    .option(
      '--pull-timeout <duration>',
      'how long the probe pods may take to start (scheduling, image pull) before --timeout starts counting',
      '20m',
    );
}
