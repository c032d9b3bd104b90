import type { V1PodSpec } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { testPlan } from '../../../test/helpers/plan.js';
import { probePodSpecs } from './admission.js';
import { renderPlan } from './manifests.js';
import { predictPodSecurity, reasonsInMessage } from './pod-security.js';
import { DEFAULT_SETTINGS } from './settings.js';

const reasons = (spec: V1PodSpec, level: 'baseline' | 'restricted') =>
  predictPodSecurity(spec, level).map((v) => v.reason);

function probeSpec(settings = DEFAULT_SETTINGS): V1PodSpec {
  const first = probePodSpecs(
    renderPlan(testPlan({ settings: { prefill: settings, decode: settings } })),
  ).find((p) => p.role === 'prefill');
  if (!first) throw new Error('no Job rendered');
  return first.spec;
}

describe('predictPodSecurity: the rendered probe pod', () => {
  it('privileged admits anything', () => {
    expect(predictPodSecurity(probeSpec({ ...DEFAULT_SETTINGS, privileged: true }), 'privileged')).toEqual(
      [],
    );
  });

  it('baseline refuses the added IPC_LOCK, naming the container and the capability as upstream does', () => {
    expect(predictPodSecurity(probeSpec(), 'baseline')).toEqual([
      {
        reason: 'non-default capabilities',
        detail: 'container "prefill" must not include "IPC_LOCK" in securityContext.capabilities.add',
      },
    ]);
  });

  it("restricted refuses four things of the default probe pod; its own capabilities check replaces baseline's", () => {
    expect(reasons(probeSpec(), 'restricted')).toEqual([
      'allowPrivilegeEscalation != false',
      'unrestricted capabilities',
      'runAsNonRoot != true',
      'seccompProfile',
    ]);
  });

  it('a privileged recipe with hostNetwork and hostPath devices breaks baseline by its host namespace and hostPath, never by privileged (never copied)', () => {
    const s = {
      ...DEFAULT_SETTINGS,
      privileged: true,
      hostNetwork: true,
      hostPaths: [{ name: 'dev-infiniband', path: '/dev/infiniband', mountPath: '/dev/infiniband' }],
    };
    expect(reasons(probeSpec(s), 'baseline')).toEqual([
      'host namespaces',
      'non-default capabilities',
      'hostPath volumes',
    ]);
    // restricted's own volume check replaces baseline's hostPath one (OverrideCheckIDs).
    expect(reasons(probeSpec(s), 'restricted')).toContain('restricted volume types');
    expect(reasons(probeSpec(s), 'restricted')).not.toContain('hostPath volumes');
  });

  it('a pod written for restricted passes it', () => {
    const spec: V1PodSpec = {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        {
          name: 'c',
          securityContext: {
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] },
          },
        },
      ],
      volumes: [{ name: 'shm', emptyDir: { medium: 'Memory' } }],
    };
    expect(predictPodSecurity(spec, 'restricted')).toEqual([]);
    // runAsUser=0 is refused even with runAsNonRoot (check_runAsUser.go), unless the pod has its own user namespace.
    const root = { ...spec, securityContext: { ...spec.securityContext, runAsUser: 0 } };
    expect(reasons(root, 'restricted')).toEqual(['runAsUser=0']);
    expect(reasons({ ...root, hostUsers: false }, 'restricted')).toEqual([]);
  });
});

describe('reasonsInMessage', () => {
  it("reads the reasons of the API server's own refusal (a real capture)", () => {
    expect(reasonsInMessage(readFixture('pod-security', 'kubectl-dry-run-restricted.txt'))).toEqual([
      'allowPrivilegeEscalation != false',
      'unrestricted capabilities',
      'runAsNonRoot != true',
      'seccompProfile',
    ]);
    expect(reasonsInMessage(readFixture('pod-security', 'kubectl-dry-run-baseline.txt'))).toEqual([
      'non-default capabilities',
    ]);
  });
});

describe('the real admission: captures of kube-apiserver v1.36.3 (test/fixtures/pod-security/INDEX.md)', () => {
  const pod = JSON.parse(readFixture('pod-security', 'probe-pod-prefill.json')) as { spec: V1PodSpec };
  for (const level of ['restricted', 'baseline'] as const)
    it(`${level}: the predictor lists what the API server refused, no more, no less`, () => {
      const message = readFixture('pod-security', `kubectl-dry-run-${level}.txt`);
      expect(reasons(pod.spec, level).sort()).toEqual(reasonsInMessage(message).sort());
    });
});
