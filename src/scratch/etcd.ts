import type { KubernetesObject } from '@kubernetes/client-node';
import type { Clock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { ToolError } from '../core/errors.js';
import type { Cluster } from '../kube/cluster.js';
import { diagnosePod, podStateLine } from './diagnose.js';
import { ETCD_PORT, etcdValues, namespaceValues } from './etcd-values.js';
import { CREATED_BY_ANNOTATION, EXPIRES_ANNOTATION, LABEL, objectNames, runSelector } from './names.js';
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
  /** Deletes what was created (nothing if never started), and waits until it is gone. */
  close(ms: number): Promise<void>;
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
      const [pod] = await cluster.listPods(ns, `${LABEL.runId}=${input.runId},${LABEL.component}=etcd`);
      if (pod?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) return endpoint;
      const problem = pod
        ? diagnosePod(pod, await cluster.podEvents(ns, pod.metadata?.name ?? ''))
        : undefined;
      const waited = input.clock.now() - t0;
      if (problem || waited > input.readyMs) {
        throw new ToolError(
          `the sweep's etcd ${ns}/${names.etcd} ${problem ? problem.detail : `was not Ready after ${formatDuration(waited)} (${podStateLine(pod)})`}`,
          { fix: problem?.fix ?? 'check that the etcd image (--etcd-image) can be pulled and scheduled' },
        );
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
      if (created.length === 0) return;
      const cluster = input.cluster.withSignal(AbortSignal.timeout(ms));
      for (const o of [...created].reverse()) {
        const m = o.metadata ?? {};
        await cluster
          .delete({
            apiVersion: o.apiVersion ?? 'v1',
            kind: o.kind ?? '',
            name: m.name ?? '',
            namespace: m.namespace,
          })
          .catch(() => undefined);
      }
      const deadline = input.clock.now() + ms;
      while (input.clock.now() < deadline) {
        const left = await cluster.listByLabel(runSelector(input.runId), ns).catch(() => []);
        if (left.length === 0) return;
        await input.clock.sleep(250);
      }
    },
  };
}
