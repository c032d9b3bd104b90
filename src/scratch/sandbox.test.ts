import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { diagnosePod } from './diagnose.js';
import { cniMessage, sandboxProblem } from './sandbox.js';

/** The rows of a `kubectl describe pod` Events table, as the API's events (reason, message, count). */
function eventsOf(file: string): CoreV1Event[] {
  const out: CoreV1Event[] = [];
  for (const line of readFixture('events', file).split('\n')) {
    const m =
      /^>?\s*(Normal|Warning)\s+(\S+)\s+\S+(?: \(x(\d+) over \S+\))?\s+(kubelet(?:, \S+)?|multus|default-scheduler)\s+(.*)$/.exec(
        line,
      );
    if (!m) continue;
    out.push({
      type: m[1],
      reason: m[2],
      message: m[5],
      ...(m[3] ? { count: Number(m[3]) } : {}),
      involvedObject: {},
      metadata: {},
    } as CoreV1Event);
  }
  return out;
}

/** A probe pod the scheduler placed whose container never started. */
const creating: V1Pod = {
  metadata: { name: 'itest-r1-prefill-abcde' },
  spec: { nodeName: 'gpu-a', containers: [] },
  status: {
    phase: 'Pending',
    containerStatuses: [
      {
        name: 'main',
        image: 'img',
        imageID: '',
        ready: false,
        restartCount: 0,
        state: { waiting: { reason: 'ContainerCreating' } },
      },
    ],
  },
};

describe('a pod stuck in ContainerCreating, by its FailedCreatePodSandBox events', () => {
  it('a NetworkAttachmentDefinition missing from the pod namespace: at once, with the CNI message and the fix', () => {
    const events = eventsOf('kubeflow-2580-nad-not-found.txt');
    expect(events).toHaveLength(1);
    expect(diagnosePod(creating, events)).toEqual({
      kind: 'sandbox',
      detail:
        'itest-r1-prefill-abcde is stuck in ContainerCreating on gpu-a: the node could not create its sandbox (FailedCreatePodSandBox ×38): error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition (istio-cni) in namespace (kubeflow): network-attachment-definitions.k8s.cni.cncf.io "istio-cni" not found',
      fix: 'NetworkAttachmentDefinition istio-cni does not exist in namespace kubeflow, where the pod runs: create it there, or name an existing one with --pod-annotation k8s.v1.cni.cncf.io/networks=NAME',
    });
  });

  it('an SR-IOV CNI failure seen once is not yet a problem (the kubelet retries); repeated, it is', () => {
    const events = eventsOf('sriov-cni-291-vf-vlan.txt');
    // Multus' NoNetworkFound rows are about its default network, not the sandbox.
    expect(events.map((e) => e.reason)).toEqual([
      'Scheduled',
      'NoNetworkFound',
      'AddedInterface',
      'FailedCreatePodSandBox',
      'NoNetworkFound',
    ]);
    expect(sandboxProblem(creating, events)).toBeUndefined();
    const again = events.map((e) => (e.reason === 'FailedCreatePodSandBox' ? { ...e, count: 3 } : e));
    const p = sandboxProblem(creating, again);
    expect(p?.detail).toBe(
      'itest-r1-prefill-abcde is stuck in ContainerCreating on gpu-a: the node could not create its sandbox (FailedCreatePodSandBox ×3): error adding container to network "sriov-mlnx-connectx5": SRIOV-CNI failed to configure VF "failed to set vf 5 vlan: operation not permitted"',
    );
    expect(p?.fix).toMatch(/^the SR-IOV CNI could not set up the pod's VF: check the node's SR-IOV setup/);
  });

  it("the older runtime's message form: a CNI plugin not installed on the node", () => {
    const events = eventsOf('multus-386-plugin-not-in-path.txt');
    const p = sandboxProblem(creating, events);
    expect(p?.detail).toContain(
      '(FailedCreatePodSandBox): Multus: Err adding pod to network "macvlan-conf": Multus: error in invoke Delegate add - "macvlan": failed to find plugin "macvlan" in path [/opt/cni/bin]',
    );
    // Container ids are cut short; the line stays one line.
    expect(p?.detail).toContain('sandbox container "7caa536a060b…"');
    expect(p?.detail).not.toMatch(/\n/);
    expect(p?.fix).toBe(
      'the CNI plugin macvlan is not installed on the node (its CNI bin directory): install it (NVIDIA network operator: secondaryNetwork.cniPlugins), or attach another network',
    );
  });

  it('says nothing for a pod not scheduled, already running, or without such an event', () => {
    const events = eventsOf('kubeflow-2580-nad-not-found.txt');
    expect(sandboxProblem({ ...creating, spec: { containers: [] } }, events)).toBeUndefined();
    expect(sandboxProblem({ ...creating, status: { phase: 'Running' } }, events)).toBeUndefined();
    expect(sandboxProblem(creating, [])).toBeUndefined();
  });

  it('keeps the CNI part of the message, whatever the runtime put before it', () => {
    expect(
      cniMessage(
        'Failed to create pod sandbox: rpc error: code = Unknown desc = x failed (add): [a/b:c]: boom',
      ),
    ).toBe('boom');
  });
});
