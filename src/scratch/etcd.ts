import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import type { Clock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf, ToolError } from '../core/errors.js';
import { LABEL } from '../core/labels.js';
import type { Cluster } from '../kube/cluster.js';
import { EXPIRES_ANNOTATION } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import { diagnosePod, type PodProblem, podStateLine } from './diagnose.js';
import { ETCD_PORT, etcdValues, namespaceValues } from './etcd-values.js';
import { CREATED_BY_ANNOTATION, objectNames } from './names.js';
import { kindsCreated, untilGone } from './teardown.js';
import { renderDocs } from './templates.js';

/**
 * One etcd for a whole sweep. nixlbench pairs meet in an etcd; a pair alone
 * starts its own (a Pod and a Service, and a wait for it to be Ready). Over
 * many pairs that is a third of the pods the sweep makes and half a second to
 * seconds of every pair, so the sweep starts one, on the first pair that
 * needs it, and every pair uses it as `--etcd-endpoints` would: each run has
 * its own nixlbench group and rendezvous keys (probe-script.ts), so runs never
 * see each other's keys. Labelled with the sweep's run id and an expiry, like
 * every scratch object, so `gc` finds it after a crash.
 */
export interface SharedEtcd {
  /** The endpoint, once the etcd is Ready (started on the first call). */
  endpoint(): Promise<string>;
  /** Whether anything was created (the first nixlbench pair asked for it). */
  created(): boolean;
  /**
   * Deletes what was created (nothing if never started) and waits until it is gone (teardown.ts
   * untilGone), within `ms`. Says what is still there and what went wrong; never throws.
   */
  close(ms: number): Promise<{ left: string[]; problems: string[] }>;
}

export interface SharedEtcdInput {
  cluster: Cluster;
  runId: string;
  /** --scratch-namespace; otherwise the sweep's own namespace is created. */
  scratchNamespace?: string | undefined;
  image: string;
  podAnnotations: Record<string, string>;
  tolerations: readonly unknown[];
  /** The sweep's --timeout: the etcd's deadline and expiry follow it. */
  timeoutMs: number;
  /** How long it may take to be Ready. */
  readyMs: number;
  clock: Clock;
  pollMs: number;
  signal: AbortSignal;
}

/** A run's etcd Pod as one look sees it: Ready, or why not (a diagnosis, or its state line). */
export interface EtcdLook {
  ready: boolean;
  pod?: V1Pod | undefined;
  problem?: PodProblem | undefined;
}

/**
 * THE look at a run's etcd (a pair's own or a sweep's shared one): its Pod by the run's
 * labels, Ready or not, and when not, what its events say (diagnosePod). The waits of
 * pair (steps/scratch.ts) and of the sweep (below) both ask this.
 */
export async function lookAtEtcd(cluster: Cluster, namespace: string, runId: string): Promise<EtcdLook> {
  const [pod] = await cluster.listPods(namespace, `${LABEL.runId}=${runId},${LABEL.component}=etcd`);
  if (pod?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
    return { ready: true, pod };
  const problem = pod
    ? diagnosePod(pod, await cluster.podEvents(namespace, pod.metadata?.name ?? ''))
    : undefined;
  return { ready: false, pod, problem };
}

/** Why a run's etcd is not Ready: its diagnosis, else how long it waited and in what state. */
export function etcdNotReady(look: EtcdLook, waitedMs: number): string {
  return look.problem
    ? look.problem.detail
    : `was not Ready after ${formatDuration(waitedMs)} (${podStateLine(look.pod)})`;
}

export function sharedEtcd(input: SharedEtcdInput): SharedEtcd {
  const names = objectNames(input.runId, input.scratchNamespace);
  const ns = names.namespace;
  const endpoint = `http://${names.etcd}.${ns}.svc:${ETCD_PORT}`;
  const created: KubernetesObject[] = [];
  let started: Promise<string> | undefined;

  const start = async (): Promise<string> => {
    const now = new Date(input.clock.now());
    const annotations = {
      [EXPIRES_ANNOTATION]: new Date(now.getTime() + input.timeoutMs + 10 * 60_000).toISOString(),
      [CREATED_BY_ANNOTATION]: 'interconnect-test sweep',
    };
    const objects = [
      ...(input.scratchNamespace
        ? []
        : renderDocs('namespace', namespaceValues(input.runId, ns, annotations))),
      ...renderDocs(
        'etcd',
        etcdValues({
          runId: input.runId,
          name: names.etcd,
          namespace: ns,
          annotations,
          podAnnotations: input.podAnnotations,
          image: input.image,
          port: ETCD_PORT,
          endpoint,
          activeDeadlineSeconds: Math.ceil(input.timeoutMs / 1000) + 120,
          tolerations: input.tolerations,
        }),
      ),
    ] as KubernetesObject[];
    const cluster = input.cluster.withSignal(input.signal);
    for (const o of objects) {
      await cluster.create(o);
      created.push(o);
    }
    const t0 = input.clock.now();
    for (;;) {
      const look = await lookAtEtcd(cluster, ns, input.runId);
      if (look.ready) return endpoint;
      const waited = input.clock.now() - t0;
      if (look.problem || waited > input.readyMs) {
        throw new ToolError(`the sweep's etcd ${ns}/${names.etcd} ${etcdNotReady(look, waited)}`, {
          fix: look.problem?.fix ?? 'check that the etcd image (--etcd-image) can be pulled and scheduled',
        });
      }
      await input.clock.sleep(input.pollMs, input.signal);
    }
  };

  return {
    created: () => created.length > 0,
    endpoint: () => {
      started ??= start();
      return started;
    },
    async close(ms) {
      if (created.length === 0) return { left: [], problems: [] };
      const signal = AbortSignal.timeout(ms);
      const cluster = input.cluster.withSignal(signal);
      const problems: string[] = [];
      for (const o of [...created].reverse()) {
        const m = o.metadata ?? {};
        const ref = {
          apiVersion: o.apiVersion ?? 'v1',
          kind: o.kind ?? '',
          name: m.name ?? '',
          namespace: m.namespace,
        };
        await cluster.delete(ref).catch((err: unknown) => {
          if (!isClusterError(err, 'not-found'))
            problems.push(`delete ${ref.kind}/${ref.name}: ${messageOf(err)}`);
        });
      }
      try {
        const { left } = await untilGone({
          cluster,
          runId: input.runId,
          namespace: ns,
          clock: input.clock,
          signal,
          until: input.clock.now() + ms,
          // The sweep's own namespace, empty and deleted, is removed (teardown.ts untilGone).
          namespaceEmptiedIsGone: !input.scratchNamespace,
          kinds: kindsCreated(created.map((o) => `${o.kind}/`)),
        });
        return { left, problems };
      } catch (err) {
        const left = created.map((o) => `${o.kind}/${o.metadata?.namespace ?? ns}/${o.metadata?.name}`);
        return { left, problems: [...problems, `could not list what is left: ${messageOf(err)}`] };
      }
    },
  };
}
