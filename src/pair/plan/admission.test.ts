import type { CoreV1Event, V1Namespace } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { testPlan } from '../../../test/helpers/plan.js';
import { assess } from '../pods/assess.js';
import { admissionCheck, createRefusal, probePodSpecs } from './admission.js';
import { renderPlan } from './manifests.js';

const pods = probePodSpecs(renderPlan(testPlan()));
const ns = (labels: Record<string, string>, annotations: Record<string, string> = {}): V1Namespace => ({
  metadata: { name: 'scratch', labels, annotations },
});

describe('admissionCheck: the scratch namespace, before anything is created', () => {
  it('enforce=restricted: fail, naming the level, what it refuses, and the label that fixes it', () => {
    const c = admissionCheck('scratch', ns({ 'pod-security.kubernetes.io/enforce': 'restricted' }), pods);
    expect(c.status).toBe('fail');
    expect(c.detail).toBe(
      'Pod Security "restricted:latest" of namespace scratch would refuse the etcd, prefill and decode pods: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    );
    expect(c.fix).toMatch(
      /kubectl label --overwrite namespace scratch pod-security.kubernetes.io\/enforce=privileged/,
    );
  });

  it('enforce=baseline with a version: fail on IPC_LOCK, the version said', () => {
    const c = admissionCheck(
      'scratch',
      ns({
        'pod-security.kubernetes.io/enforce': 'baseline',
        'pod-security.kubernetes.io/enforce-version': 'v1.30',
      }),
      pods,
    );
    expect(c.status).toBe('fail');
    // The etcd pod adds nothing: baseline admits it.
    expect(c.detail).toBe(
      'Pod Security "baseline:v1.30" of namespace scratch would refuse the prefill and decode pods: non-default capabilities',
    );
  });

  it('no label, or privileged: ok', () => {
    expect(admissionCheck('scratch', ns({}), pods).status).toBe('ok');
    expect(
      admissionCheck('scratch', ns({ 'pod-security.kubernetes.io/enforce': 'privileged' }), pods).status,
    ).toBe('ok');
  });

  it('403 on the namespace: unknown, a warning, never a pass', () => {
    const c = admissionCheck('scratch', 'forbidden', pods);
    expect(c.status).toBe('warn');
    expect(c.detail).toMatch(/unknown/);
  });

  it('a namespace that does not exist: fail', () => {
    expect(admissionCheck('scratch', undefined, pods).status).toBe('fail');
  });

  it('OpenShift (the SCC uid-range annotation): a warning that SCCs decide, with the oc command', () => {
    const c = admissionCheck(
      'scratch',
      ns(
        { 'pod-security.kubernetes.io/enforce': 'privileged' },
        { 'openshift.io/sa.scc.uid-range': '1000680000/10000' },
      ),
      pods,
    );
    expect(c.status).toBe('warn');
    expect(c.detail).toMatch(/OpenShift/);
    expect(c.fix).toMatch(/oc adm policy add-scc-to-user/);
  });
});

const failedCreate = (message: string): CoreV1Event => ({
  metadata: { name: 'e1' },
  involvedObject: { kind: 'Job', name: 'itest-r1-prefill' },
  reason: 'FailedCreate',
  type: 'Warning',
  message,
});

describe('createRefusal and assess: a Job whose pod was refused', () => {
  const psa =
    'Error creating: pods "itest-r1-prefill-abcde" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "prefill" must set securityContext.allowPrivilegeEscalation=false)';

  it("the Job controller's real FailedCreate events: one problem naming Pod Security and its reasons", () => {
    const events = (
      JSON.parse(readFixture('pod-security', 'job-failedcreate-events.json')) as { items: CoreV1Event[] }
    ).items;
    const p = createRefusal('prefill', 'scratch', events);
    expect(p?.kind).toBe('admission');
    expect(p?.detail).toMatch(
      /^Pod Security "restricted:latest" of namespace scratch refused the prefill pod: allowPrivilegeEscalation != false \(container "prefill" must set securityContext.allowPrivilegeEscalation=false\), unrestricted capabilities/,
    );
    expect(p?.fix).toMatch(/enforce=privileged/);
  });

  it('Pod Security: one problem naming the admission message and the label fix', () => {
    expect(createRefusal('prefill', 'scratch', [failedCreate(psa)])).toEqual({
      kind: 'admission',
      role: 'prefill',
      detail:
        'Pod Security "restricted:latest" of namespace scratch refused the prefill pod: allowPrivilegeEscalation != false (container "prefill" must set securityContext.allowPrivilegeEscalation=false)',
      fix: expect.stringMatching(/enforce=privileged/),
    });
  });

  it('no FailedCreate: nothing to say yet', () => {
    expect(createRefusal('prefill', 'scratch', [])).toBeUndefined();
  });

  it('assess ends the wait at once on it, while the pod does not exist', () => {
    const a = assess({
      engine: 'nixlbench',
      pods: [
        { role: 'prefill', events: [], log: '', jobEvents: [failedCreate(psa)] },
        { role: 'decode', events: [], log: '', jobEvents: [] },
      ],
      now: 0,
      runningSince: {},
      peerTimeoutMs: 60_000,
      hangGraceMs: 60_000,
      namespace: 'scratch',
    });
    expect(a.state).toBe('problem');
    expect(a.state === 'problem' && a.problem.kind).toBe('admission');
  });
});
