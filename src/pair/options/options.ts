import { ToolError } from '../../core/errors.js';
import { isSecretName } from '../../core/redact.js';
import type { PodRole } from '../../engines/types.js';
import { DEFAULT_LEASE_NAMESPACE } from '../../scratch/lease-model.js';
import type { PairConfig } from './config.js';
import { parseRailsFlag } from './rails-flag.js';

/**
 * The cluster flags of `pair` (everything `--local` does not read), as parsed by
 * the one schema (schema.ts), turned into a PairConfig.
 */

import type { V1Toleration } from '@kubernetes/client-node';
import {
  DEFAULT_NIXL_IMAGE,
  DEFAULT_PEER_TIMEOUT_MS,
  DEFAULT_PROBE_IMAGE,
  DEFAULT_PULL_TIMEOUT_MS,
} from './flags.js';
import { NamespaceName, TOLERATION } from './groups.js';
import type { ClusterOptions, SharedPairOptions } from './schema.js';

// commands/actions/sweep.ts reads the shape from here.
export { ClusterOptionsShape, type SharedPairOptions } from './schema.js';

/** `--toleration KEY[=VALUE]:EFFECT` → the toleration that matches that taint (Equal with a value, else Exists). */
export function parseToleration(text: string): V1Toleration {
  const m = TOLERATION.exec(text);
  if (!m)
    throw new ToolError(`--toleration ${text} is not KEY[=VALUE]:EFFECT`, {
      fix: 'e.g. dedicated=gpu:NoSchedule',
    });
  const [, key, withValue, value, effect] = m;
  return withValue !== undefined
    ? { key: key as string, operator: 'Equal', value: value ?? '', effect: effect as string }
    : { key: key as string, operator: 'Exists', effect: effect as string };
}

function keyValue(s: string): { name: string; value: string } {
  const i = s.indexOf('=');
  return { name: s.slice(0, i), value: s.slice(i + 1) };
}

/** --lease-namespace, else $INTERCONNECT_TEST_LEASE_NAMESPACE, else the one shared default. */
export function leaseNamespaceOf(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag) return flag;
  const fromEnv = env.INTERCONNECT_TEST_LEASE_NAMESPACE;
  if (!fromEnv) return DEFAULT_LEASE_NAMESPACE;
  if (!NamespaceName.safeParse(fromEnv).success)
    throw new ToolError(`INTERCONNECT_TEST_LEASE_NAMESPACE=${fromEnv} is not a namespace name`, {
      fix: 'use lower-case letters, digits and -, at most 63 characters, or unset it',
    });
  return fromEnv;
}

export function toPairConfig(o: ClusterOptions & SharedPairOptions, env: NodeJS.ProcessEnv): PairConfig {
  if (o.nixlbenchRuntime === 'asio') {
    throw new ToolError(
      '--nixlbench-runtime asio is for --local; between pods nixlbench coordinates through etcd',
      {
        fix: 'drop --nixlbench-runtime, or pass --etcd-endpoints to use an etcd of your own',
      },
    );
  }
  if (o.dgd && o.recipe) {
    throw new ToolError('--dgd and --recipe both name the deployment to copy settings from', {
      fix: 'pass one of them',
    });
  }
  if (o.imagePullSecret && !o.scratchNamespace) {
    throw new ToolError(
      `--image-pull-secret ${o.imagePullSecret}: a fresh per-run namespace holds no secrets, so the pods could not use it`,
      {
        fix: 'create a scratch namespace, put a copy of the pull secret there yourself, and pass --scratch-namespace NS (pair never copies secrets)',
      },
    );
  }
  const envs = (o.env ?? []).map(keyValue);
  if (o.ucxTls) envs.push({ name: 'UCX_TLS', value: o.ucxTls });
  const secret = envs.find((e) => isSecretName(e.name));
  if (secret) {
    throw new ToolError(
      `--env ${secret.name}: probe pods need no credentials, and secrets are never passed on the command line`,
      {
        fix: 'drop it',
      },
    );
  }
  const podAnnotations: PairConfig['podAnnotations'] = {};
  for (const a of o.podAnnotation ?? []) {
    const m = /^(?:(prefill|decode|intra-node|etcd):)?([^=]+)=(.*)$/s.exec(a) as RegExpExecArray;
    const role = (m[1] ?? 'all') as PodRole | 'etcd' | 'all';
    podAnnotations[role] = { ...(podAnnotations[role] ?? {}), [m[2] as string]: m[3] as string };
  }
  const [rdmaName, rdmaCount] = (o.rdmaResource ?? '').split('=');
  const sizes = o.sizes ?? [64 * 1024, 64 * 1024 * 1024];
  return {
    dgd: o.dgd,
    recipe: o.recipe,
    prefillNode: o.prefillNode,
    decodeNode: o.decodeNode,
    mode: o.mode ?? 'cross-node',
    engine: o.engine,
    image: o.image,
    probeImage: env.INTERCONNECT_TEST_IMAGE || DEFAULT_PROBE_IMAGE,
    nixlImage: DEFAULT_NIXL_IMAGE,
    env: envs,
    tolerations: (o.toleration ?? []).map(parseToleration),
    rdmaResource: rdmaName ? { name: rdmaName, count: rdmaCount ?? '1' } : undefined,
    memory: o.memoryType ? (o.memoryType.toUpperCase() as 'VRAM' | 'DRAM') : undefined,
    opType: o.op ? (o.op.toUpperCase() as 'WRITE' | 'READ') : undefined,
    initiator: o.initiator,
    startBlockSize: Math.min(...sizes),
    maxBlockSize: Math.max(...sizes),
    iterations: o.iters,
    warmup: o.warmup,
    nixlbenchVersion: o.nixlbenchVersion,
    deviceList: o.deviceList,
    rails: parseRailsFlag(o.rails),
    minBandwidth: o.minBandwidth,
    etcdEndpoints: o.etcdEndpoints,
    etcdImage: o.etcdImage,
    scratchNamespace: o.scratchNamespace,
    imagePullSecret: o.imagePullSecret,
    podAnnotations,
    memoryLimit: o.memory,
    keep: o.keep === true,
    force: o.force === true,
    dryRun: o.dryRun === true,
    timeoutMs: o.timeout,
    peerTimeoutMs: o.peerTimeout ?? DEFAULT_PEER_TIMEOUT_MS,
    pullTimeoutMs: o.pullTimeout ?? DEFAULT_PULL_TIMEOUT_MS,
    namespace: o.namespace,
    kubeconfig: o.kubeconfig,
    context: o.context,
    nodeProbes: o.nodeProbes !== false,
    leaseNamespace: leaseNamespaceOf(o.leaseNamespace, env),
    leaseWait: o.wait !== false,
  };
}
