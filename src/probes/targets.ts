import { hostname } from 'node:os';
import type { V1Container, V1Pod } from '@kubernetes/client-node';
import { ToolError } from '../core/errors.js';
import { findDgdWorkers, pickRunning, roleOf, type WorkerRole } from '../env/workers.js';
import type { Cluster } from '../kube/cluster.js';
import { PodRunner } from '../kube/pod-runner.js';
import { assertRunning, chooseContainer, getPod } from '../kube/pods.js';
import { LocalRunner } from '../procs/local-runner.js';
import type { CommandRunner } from '../procs/runner.js';

/** A place probes run: this host, or one container of one pod. */
export interface Target {
  kind: 'local' | 'pod';
  /** The check subject: the host name or the pod name. */
  label: string;
  host?: string;
  namespace?: string;
  pod?: string;
  container?: string;
  /** The Kubernetes node (pods) or this host's name (local). */
  node?: string;
  role?: WorkerRole;
  image?: string;
  /** Pods: the pod's IP (what a peer connects to; absent until it has one). */
  ip?: string;
  /** Pods: the chosen container's spec (its command line names the serving framework). */
  spec?: V1Container;
  runner: CommandRunner;
}

/** How the command chose its targets (flags, already validated). */
export interface TargetChoice {
  local: boolean;
  pod?: string[] | undefined;
  dgd?: string | undefined;
  allPods?: boolean | undefined;
  container?: string | undefined;
  kubeconfig?: string | undefined;
  context?: string | undefined;
  namespace?: string | undefined;
}

/** Builds the command's one Cluster, on first need (a --local run never loads the Kubernetes client). */
export type ClusterFactory = () => Promise<Cluster>;

export interface Resolved {
  targets: Target[];
  /** Pods of the graph that were not probed, and why (not Running). */
  leftOut: { pod: string; role: WorkerRole; why: string }[];
  cluster?: { context: string; namespace: string; server: string };
  /** Where the pods came from, for the next-step hints (`--dgd NAME` or the pod names). */
  dgd?: string;
}

/** Exactly one of --local, --pod, --dgd; --all-pods only with --dgd; -c only for pods. */
export function validateChoice(c: TargetChoice): void {
  const modes = [c.local && '--local', c.pod?.length && '--pod', c.dgd && '--dgd'].filter(Boolean);
  if (modes.length !== 1) {
    throw new ToolError(
      modes.length === 0 ? 'say where to probe' : `choose one of ${modes.join(', ')}, not several`,
      {
        fix: 'pass --local (this host), --pod NAME (a pod), or --dgd NAME (the prefill and decode workers of a graph)',
      },
    );
  }
  if (c.allPods && !c.dgd)
    throw new ToolError('--all-pods only goes with --dgd', { fix: 'add --dgd NAME or drop --all-pods' });
  if (c.local && (c.container || c.kubeconfig || c.context || c.namespace)) {
    throw new ToolError(
      '--local runs on this host: -c/--container, --kubeconfig, --context and -n do not apply',
      {
        fix: 'drop them, or use --pod/--dgd to probe inside the cluster',
      },
    );
  }
}

export function localTarget(env: NodeJS.ProcessEnv, host = hostname()): Target {
  return { kind: 'local', label: host, host, node: host, runner: new LocalRunner({ env, host }) };
}

function podTarget(pod: V1Pod, container: string, cluster: Pick<Cluster, 'exec'>): Target {
  const namespace = pod.metadata?.namespace ?? '';
  const name = pod.metadata?.name ?? '';
  const role = roleOf(pod);
  const spec = pod.spec?.containers.find((c) => c.name === container);
  const image = spec?.image;
  const node = pod.spec?.nodeName;
  const ip = pod.status?.podIP;
  return {
    kind: 'pod',
    label: name,
    namespace,
    pod: name,
    container,
    ...(node ? { node } : {}),
    ...(role ? { role } : {}),
    ...(image ? { image } : {}),
    ...(ip ? { ip } : {}),
    ...(spec ? { spec } : {}),
    runner: new PodRunner(cluster, { namespace, pod: name, container }),
  };
}

/** The pods to probe, from --pod names or a DGD's labels; each checked to exist and run. */
export async function podTargets(
  cluster: Pick<Cluster, 'getPod' | 'listPods' | 'exec'>,
  namespace: string,
  c: TargetChoice,
): Promise<Pick<Resolved, 'targets' | 'leftOut'>> {
  if (c.dgd) {
    const workers = await findDgdWorkers(cluster, namespace, c.dgd);
    const targets: Target[] = [];
    const leftOut: Resolved['leftOut'] = [];
    for (const role of ['prefill', 'decode'] as const) {
      const { picked, leftOut: out } = pickRunning(workers[role], role, c.container, c.allPods === true);
      targets.push(...picked.map((p) => podTarget(p.pod, p.container, cluster)));
      leftOut.push(...out.map((l) => ({ pod: l.pod.metadata?.name ?? '', role, why: l.why })));
    }
    return { targets, leftOut };
  }
  const targets: Target[] = [];
  for (const name of c.pod ?? []) {
    const pod = await getPod(cluster, { namespace, name });
    const container = chooseContainer(pod, c.container);
    assertRunning(pod, container);
    targets.push(podTarget(pod, container, cluster));
  }
  return { targets, leftOut: [] };
}

/** Resolves the targets of `node`/`nixl`: this host, or pods found through the API server. */
export async function resolveTargets(
  c: TargetChoice,
  env: NodeJS.ProcessEnv,
  cluster: ClusterFactory,
): Promise<Resolved> {
  validateChoice(c);
  if (c.local) return { targets: [localTarget(env)], leftOut: [] };
  const kube = await cluster();
  const namespace = c.namespace ?? kube.namespace;
  const found = await podTargets(kube, namespace, c);
  return {
    ...found,
    cluster: { context: kube.context, namespace, server: kube.server },
    ...(c.dgd ? { dgd: c.dgd } : {}),
  };
}

/** The section title for a target: where it is, its role, node and container. */
export function describeTarget(t: Target): string {
  if (t.kind === 'local') return `local host ${t.host}`;
  const role = t.role ? ` (${t.role})` : '';
  return `pod ${t.namespace}/${t.pod}${role} on node ${t.node ?? '(not scheduled)'}, container ${t.container}`;
}
