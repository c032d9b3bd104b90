import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';

/**
 * A probe pod stuck in ContainerCreating because the node could not build its
 * sandbox: the kubelet's `FailedCreatePodSandBox` event carries the CNI's
 * (Multus', SR-IOV CNI's) message. One line with that message and the fix, so
 * a pod that would sit there until --timeout is named within seconds.
 * Pure; diagnose.ts calls it. The message forms are from real captures
 * (test/fixtures/events/INDEX.md); the kubelet retries a sandbox, so a message
 * not known to be lasting counts only once it repeated (`count` ≥ 3).
 */

export const SANDBOX_REASON = 'FailedCreatePodSandBox';

/** How many FailedCreatePodSandBox events of an unknown cause make it a problem, not a blip. */
const REPEATS = 3;

export interface SandboxProblem {
  kind: 'sandbox';
  detail: string;
  fix: string;
}

interface Rule {
  test: RegExp;
  fix: (m: RegExpExecArray) => string;
}

const NETWORKS = 'k8s.v1.cni.cncf.io/networks';

/** Causes that do not go away by retrying, each with its fix. */
const LASTING: Rule[] = [
  {
    // Multus getKubernetesDelegate (pkg/k8sclient/k8sclient.go).
    test: /cannot find a network-attachment-definition \(([^)]+)\) in namespace \(([^)]+)\)/,
    fix: (m) =>
      `NetworkAttachmentDefinition ${m[1]} does not exist in namespace ${m[2]}, where the pod runs: create it there, or name an existing one with --pod-annotation ${NETWORKS}=NAME`,
  },
  {
    // Multus GetNetworkDelegates with namespaceIsolation on.
    test: /namespace isolation enabled/,
    fix: () =>
      `Multus refuses networks of another namespace (namespaceIsolation): let pair copy them into the scratch namespace (it needs get on network-attachment-definitions), or create the network there and pass --pod-annotation ${NETWORKS}=NAME`,
  },
  {
    test: /failed to find plugin "([^"]+)" in path/,
    fix: (m) =>
      `the CNI plugin ${m[1]} is not installed on the node (its CNI bin directory): install it (NVIDIA network operator: secondaryNetwork.cniPlugins), or attach another network`,
  },
];

/** Causes worth their own fix once they repeat. */
const REPEATED: Rule[] = [
  {
    test: /SRIOV-CNI|sriov/i,
    fix: () =>
      "the SR-IOV CNI could not set up the pod's VF: check the node's SR-IOV setup (SriovNetworkNodePolicy, free VFs, the sriov-network-config-daemon and device plugin logs), and that the network's resourceName is the resource the pod requests",
  },
  {
    test: /no IP addresses available|failed to allocate|ipam/i,
    fix: () =>
      "the network's IPAM could not give the pod an address (the pool may be exhausted): free addresses in the NetworkAttachmentDefinition's range, or widen it",
  },
];

const GENERIC =
  "the node could not set up the pod's network: the CNI's message above says why (kubectl describe pod shows it; the Multus/CNI logs on the node say more)";

/** The CNI's own words: what follows the runtime's and Multus' prefixes, the container ids cut short. */
export function cniMessage(message: string): string {
  let m = message.replace(/\s+/g, ' ').trim();
  const add = m.lastIndexOf('failed (add): ');
  if (add >= 0) m = m.slice(add + 'failed (add): '.length);
  else m = m.replace(/^.*?network: /, '');
  for (;;) {
    const next = m.replace(/^(Multus: )?\[[^\]]*\]: /, '');
    if (next === m) break;
    m = next;
  }
  m = m.replace(/\b([0-9a-f]{12})[0-9a-f]{52}\b/g, '$1…');
  return m.length > 400 ? `${m.slice(0, 399)}…` : m;
}

function countOf(e: CoreV1Event): number {
  return Math.max(e.count ?? 1, e.series?.count ?? 0, 1);
}

function time(e: CoreV1Event): number {
  return new Date(
    e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp ?? 0,
  ).getTime();
}

/** The sandbox problem of a scheduled pod that has not started, or undefined. */
export function sandboxProblem(pod: V1Pod, events: readonly CoreV1Event[]): SandboxProblem | undefined {
  if ((pod.status?.phase ?? 'Pending') !== 'Pending' || !pod.spec?.nodeName) return undefined;
  const failed = events.filter((e) => e.reason === SANDBOX_REASON).sort((a, b) => time(b) - time(a));
  const last = failed[0];
  if (!last) return undefined;
  const message = last.message ?? '';
  const seen = failed.reduce((n, e) => n + countOf(e), 0);
  const lasting = LASTING.map((r) => ({ r, m: r.test.exec(message) })).find((x) => x.m);
  const repeated = REPEATED.map((r) => ({ r, m: r.test.exec(message) })).find((x) => x.m);
  if (!lasting && seen < REPEATS) return undefined;
  const name = pod.metadata?.name ?? 'pod';
  const hit = lasting ?? repeated;
  return {
    kind: 'sandbox',
    detail: `${name} is stuck in ContainerCreating on ${pod.spec.nodeName}: the node could not create its sandbox (${SANDBOX_REASON}${seen > 1 ? ` ×${seen}` : ''}): ${cniMessage(message)}`,
    fix: hit?.m ? hit.r.fix(hit.m) : GENERIC,
  };
}
