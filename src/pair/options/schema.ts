import { z } from 'zod';
import { parseByteSize, toQuantity } from '../../core/size.js';
import { ClusterFlagsShape } from '../../kube/flags-schema.js';
import {
  DurationOption,
  EnvAssignment,
  NamespaceName,
  RdmaResourceText,
  TolerationText,
  TransferOptionsShape,
} from './groups.js';

/**
 * The one declaration of each `pair` option's shape: the zod schema the action parses
 * the flags with (commands/actions/pair.ts spreads both shapes). The types that carry
 * options on (SharedPairOptions here, PairConfig in config.ts, the plan's PlanInput)
 * are inferred from it or picked from those, never written again; flags.ts declares
 * each flag's spelling and help for commander, and commander's camelCase of that
 * spelling is the key here (`--etcd-image` → `etcdImage`).
 */

/** The options `pair` shares with --local (and the cluster path reads). */
export const SharedOptionsShape = {
  /** `auto` is decided by the plan step (src/engines/choose.ts chooseEngine). */
  engine: TransferOptionsShape.engine,
  mode: z.enum(['cross-node', 'intra-node']).optional(),
  sizes: TransferOptionsShape.sizes,
  iters: TransferOptionsShape.iters,
  warmup: TransferOptionsShape.warmup,
  timeout: DurationOption.default(5 * 60_000),
  minBandwidth: TransferOptionsShape.minBandwidth,
  ucxTls: TransferOptionsShape.ucxTls,
  nixlbenchRuntime: z.enum(['auto', 'etcd', 'asio']).default('auto'),
};

/** The options `pair` shares with --local, as the cluster path reads them. */
export type SharedPairOptions = z.infer<z.ZodObject<typeof SharedOptionsShape>>;

/** The cluster flags of `pair` (everything `--local` does not read). */
export const ClusterOptionsShape = {
  dgd: z.string().min(1).optional(),
  recipe: z.string().min(1).optional(),
  prefillNode: z.string().min(1).optional(),
  decodeNode: z.string().min(1).optional(),
  image: z.string().min(1).optional(),
  env: z.array(EnvAssignment).optional(),
  toleration: z.array(TolerationText).optional(),
  rdmaResource: RdmaResourceText.optional(),
  memoryType: z.enum(['vram', 'dram', 'VRAM', 'DRAM']).optional(),
  op: z.enum(['write', 'read', 'WRITE', 'READ']).optional(),
  /** --initiator; undefined: the framework's own (src/pair/direction.ts). */
  initiator: z.enum(['prefill', 'decode']).optional(),
  nixlbenchVersion: z
    .string()
    .regex(/^\d+\.\d+(\.\d+)?$/, { message: 'expected a version such as 0.10.1' })
    .optional(),
  // NIXL's form is the device name; it appends ":1" itself (ucx_utils.cpp), so "mlx5_0:1" would become "mlx5_0:1:1".
  deviceList: z
    .string()
    .regex(/^[\w.-]+(:\d+)?(,[\w.-]+(:\d+)?)*$/, { message: 'expected NIC names such as mlx5_0,mlx5_1' })
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.replace(/:\d+$/, ''))
        .join(','),
    )
    .optional(),
  rails: z
    .string()
    .regex(/^(all|\d{1,2}(,\d{1,2})*)$/, { message: 'expected GPU indices such as 0,3 (or all)' })
    .optional(),
  etcdEndpoints: z
    .string()
    .regex(/^(https?:\/\/)?[\w.-]+:\d+\/?$/, { message: 'expected host:port or http://host:port' })
    .optional(),
  /** --etcd-image; undefined: the probe image's own etcd where it has one (flags.ts etcdImageFor). */
  etcdImage: z.string().min(1).optional(),
  scratchNamespace: NamespaceName.optional(),
  imagePullSecret: z.string().min(1).optional(),
  podAnnotation: z
    .array(
      z.string().regex(/^((prefill|decode|intra-node|etcd):)?[\w./-]+=.*$/s, {
        message: 'expected [prefill:|decode:]KEY=VALUE',
      }),
    )
    .optional(),
  // The one size grammar (core/size.ts), written back as the Kubernetes quantity it means.
  memory: z
    .string()
    .refine((s) => parseByteSize(s) !== undefined, { message: 'expected a size such as 16Gi, 16G or 16GB' })
    .transform((s) => toQuantity(parseByteSize(s) as number))
    .optional(),
  keep: z.boolean().optional(),
  force: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  peerTimeout: DurationOption.optional(),
  pullTimeout: DurationOption.optional(),
  leaseNamespace: NamespaceName.optional(),
  /** --no-wait (commander's negation): false stops at once when another run holds a node. */
  wait: z.boolean().optional(),
  ...ClusterFlagsShape,
  nodeProbes: z.boolean().optional(),
};

/** The cluster options as parsed (after zod's transforms). */
export type ClusterOptions = z.infer<z.ZodObject<typeof ClusterOptionsShape>>;
