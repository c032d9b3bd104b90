import type { CoreV1Event, KubernetesObject, V1Namespace, V1PodSpec } from '@kubernetes/client-node';
import { type Check, check } from '../../core/model.js';
import type { PodRole } from '../../engines/types.js';
import { type PodSecurityLevel, parseLevel, predictPodSecurity } from './pod-security.js';

/**
 * Admission, before and after creating: what the scratch namespace's Pod Security labels
 * (and OpenShift's SCCs) would refuse in the probe pods, and a Job whose pods were refused
 * (the job controller's FailedCreate event). Pure; the steps read the API.
 * Sources: references/pod-security.md.
 */

export const ENFORCE_LABEL = 'pod-security.kubernetes.io/enforce';
export const ENFORCE_VERSION_LABEL = 'pod-security.kubernetes.io/enforce-version';
/** OpenShift's namespace annotation for the SCC uid range (openshift/origin pkg/security UIDRangeAnnotation). */
export const OPENSHIFT_UID_RANGE = 'openshift.io/sa.scc.uid-range';

/** A Job refused its pod (a RunProblem of kind `admission`). */
export interface CreateRefusal {
  kind: 'admission';
  role: PodRole;
  detail: string;
  fix: string;
}

export interface ProbePodSpec {
  role: PodRole | 'etcd';
  spec: V1PodSpec;
}

/** The specs of the pods a run creates: the probe Jobs' templates, and the run's etcd Pod. */
export function probePodSpecs(objects: readonly KubernetesObject[]): ProbePodSpec[] {
  const out: ProbePodSpec[] = [];
  for (const o of objects) {
    const role = o.metadata?.labels?.['app.kubernetes.io/component'] as PodRole | 'etcd' | undefined;
    const spec =
      o.kind === 'Job'
        ? (o as { spec?: { template?: { spec?: V1PodSpec } } }).spec?.template?.spec
        : o.kind === 'Pod'
          ? (o as { spec?: V1PodSpec }).spec
          : undefined;
    if (role && spec) out.push({ role, spec });
  }
  return out;
}

function labelFix(ns: string): string {
  return `label the namespace for privileged pods (kubectl label --overwrite namespace ${ns} ${ENFORCE_LABEL}=privileged), or use another with enforce=privileged, or drop --scratch-namespace (pair's own namespace is labelled so)`;
}

/**
 * `pair.admission`: the scratch namespace as read (undefined: not found; 'forbidden': 403),
 * judged for the probe pods. fail: enforce would refuse them; warn: unknown, or OpenShift.
 */
export function admissionCheck(
  name: string,
  ns: V1Namespace | 'forbidden' | undefined,
  pods: readonly ProbePodSpec[],
): Check {
  const subject = `namespace ${name}`;
  if (ns === 'forbidden')
    return check(
      'pair.admission',
      'warn',
      `Pod Security of namespace ${name} is unknown: reading the namespace was refused (403), so its pod-security.kubernetes.io/enforce label is not known`,
      {
        subject,
        fix: `grant get on namespaces, or check it yourself: kubectl get namespace ${name} --show-labels (enforce must allow the probe pods: privileged)`,
        data: { level: 'unknown' },
      },
    );
  if (!ns)
    return check('pair.admission', 'fail', `scratch namespace ${name} does not exist`, {
      subject,
      fix: `create it (kubectl create namespace ${name}) or drop --scratch-namespace`,
    });
  const labels = ns.metadata?.labels ?? {};
  const raw = labels[ENFORCE_LABEL];
  // An unset label enforces the cluster's default (privileged unless an AdmissionConfiguration says otherwise).
  const level: PodSecurityLevel | undefined = raw === undefined ? 'privileged' : parseLevel(raw);
  const version = labels[ENFORCE_VERSION_LABEL] ?? 'latest';
  const openshift = ns.metadata?.annotations?.[OPENSHIFT_UID_RANGE];
  if (!level)
    return check(
      'pair.admission',
      'warn',
      `namespace ${name} has ${ENFORCE_LABEL}=${raw}, not a Pod Security level: what it refuses is unknown`,
      { subject, fix: labelFix(name), data: { level: 'unknown' } },
    );
  const refused = pods.flatMap((p) => predictPodSecurity(p.spec, level).map((v) => ({ role: p.role, ...v })));
  if (refused.length) {
    const reasons = [...new Set(refused.map((r) => r.reason))];
    const roles = [...new Set(refused.map((r) => r.role))];
    const which = `${roles.join(roles.length > 2 ? ', ' : ' and ').replace(/, ([^,]+)$/, ' and $1')} pod${roles.length === 1 ? '' : 's'}`;
    return check(
      'pair.admission',
      'fail',
      `Pod Security "${level}:${version}" of namespace ${name} would refuse the ${which}: ${reasons.join(', ')}`,
      {
        subject,
        fix: labelFix(name),
        data: { level, version, refused },
      },
    );
  }
  if (openshift)
    return check(
      'pair.admission',
      'warn',
      `namespace ${name} is on OpenShift (${OPENSHIFT_UID_RANGE}=${openshift}): its security context constraints decide; the default restricted-v2 refuses the probe pods' added capabilities`,
      {
        subject,
        fix: `let the namespace's default service account use a SCC that allows them (oc adm policy add-scc-to-user privileged -z default -n ${name})`,
        data: { level, version, openshift: true },
      },
    );
  return check(
    'pair.admission',
    'ok',
    `Pod Security "${level}:${version}" of namespace ${name} admits the probe pods`,
    { subject, matters: false, data: { level, version } },
  );
}

/** The newest FailedCreate of the job controller about a Job, or undefined. */
function failedCreate(events: readonly CoreV1Event[]): CoreV1Event | undefined {
  const time = (e: CoreV1Event) =>
    new Date(
      e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp ?? 0,
    ).getTime();
  return events.filter((e) => e.reason === 'FailedCreate').sort((a, b) => time(b) - time(a))[0];
}

/**
 * A Job that could not create its pod: admission (Pod Security, an SCC, a webhook) or a
 * quota refused it. The job controller says so in a FailedCreate event on the Job
 * (pkg/controller/job/job_controller.go: references/pod-security.md).
 */
export function createRefusal(
  role: PodRole,
  namespace: string,
  events: readonly CoreV1Event[],
): CreateRefusal | undefined {
  const ev = failedCreate(events);
  if (!ev) return undefined;
  const message = (ev.message ?? '').replace(/\s+/g, ' ').trim();
  const psa = /violates PodSecurity "([^"]+)"/.exec(message);
  if (psa)
    return {
      kind: 'admission',
      role,
      detail: `Pod Security "${psa[1]}" of namespace ${namespace} refused the ${role} pod: ${message.replace(/^.*?violates PodSecurity "[^"]+":\s*/, '')}`,
      fix: labelFix(namespace),
    };
  if (/security context constraint/i.test(message))
    return {
      kind: 'admission',
      role,
      detail: `OpenShift refused the ${role} pod: ${message}`,
      fix: `let the namespace's default service account use a SCC that allows the probe pods (oc adm policy add-scc-to-user privileged -z default -n ${namespace})`,
    };
  if (/exceeded quota/i.test(message))
    return {
      kind: 'admission',
      role,
      detail: `the ${role} pod was refused by a ResourceQuota of namespace ${namespace}: ${message}`,
      fix: 'raise the quota, or use a namespace with room for two probe pods',
    };
  return {
    kind: 'admission',
    role,
    detail: `the ${role} Job could not create its pod: ${message}`,
    fix: 'an admission webhook or policy refused it: fix what the message names',
  };
}
