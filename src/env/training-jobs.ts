import { containerServices } from './pod-services.js';
import { arr, obj, type RawService, type Rec, str } from './raw.js';

/**
 * Kubeflow jobs that keep their pods in replica specs (references/env-rules.md "Kubeflow MPIJob and
 * PyTorchJob"): `spec.mpiReplicaSpecs` (MPIJob, kubeflow.org v2beta1 and v1) and
 * `spec.pytorchReplicaSpecs` (PyTorchJob, kubeflow.org v1), each a map from a replica type
 * (`Launcher`, `Worker`; `Master`, `Worker`) to a ReplicaSpec: `replicas` and a PodTemplateSpec
 * `template`. All the replicas of one job are one distributed world (one MPI job, one
 * torch.distributed group): every pod's nodeCount is the job's rank pods (an MPIJob's Launcher
 * only when `runLauncherAsWorker`). An MPIJob's Launcher
 * starts the processes in the Worker pods over ssh: the Workers carry its command line
 * (`launchedBy`).
 */
export const TRAINING_JOB_KINDS: Record<string, string[]> = {
  'kubeflow.org/': ['MPIJob', 'PyTorchJob'],
  // TorchElastic's ElasticJob: `spec.replicaSpecs` (Worker) of the same ReplicaSpec shape, one elastic world.
  'elastic.pytorch.org/': ['ElasticJob'],
};

const FIELD: Record<string, string> = {
  MPIJob: 'mpiReplicaSpecs',
  PyTorchJob: 'pytorchReplicaSpecs',
  ElasticJob: 'replicaSpecs',
};

/** A ReplicaSpec's pods: as written, else the operator's default (an MPIJob's Worker 0, every other 1). */
function replicasOf(spec: Rec, dflt: number): number {
  const n = Number(str(spec.replicas) ?? dflt);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 1;
}

/** The services of a Kubeflow MPIJob or PyTorchJob, or undefined when the document is neither. */
export function trainingJobServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  const group = Object.keys(TRAINING_JOB_KINDS).find((g) => apiVersion.startsWith(g));
  const field = FIELD[kind];
  if (!group || !field || !TRAINING_JOB_KINDS[group]?.includes(kind)) return undefined;
  const spec = obj(doc.spec);
  const roles = Object.entries(obj(spec?.[field]) ?? {}).flatMap(([type, v]) => {
    const r = obj(v);
    return r ? [{ type, r, replicas: replicasOf(r, kind === 'MPIJob' && type === 'Worker' ? 0 : 1) }] : [];
  });
  // The ranks of the world: every pod, but an MPIJob's Launcher only with runLauncherAsWorker (v2beta1).
  const asWorker = spec?.runLauncherAsWorker === true;
  const pods = roles.reduce((sum, x) => sum + (x.type === 'Launcher' && !asWorker ? 0 : x.replicas), 0);
  let launchedBy: string[] | undefined;
  const services = roles.flatMap(({ type, r, replicas }) => {
    if (replicas === 0) return [];
    const out = containerServices({
      prefix: `${type}/`,
      path: `spec.${field}.${type}.template.`,
      tmpl: obj(r.template),
      nodeCount: Math.max(1, pods),
      replicas: 1,
    });
    if (type === 'Launcher') launchedBy = out[0]?.argv;
    return out;
  });
  if (kind === 'MPIJob' && launchedBy)
    for (const s of services) if (s.name.startsWith('Worker/')) s.launchedBy = launchedBy;
  return services;
}

/** A count as written, else `dflt` (JobSet `replicas` defaults to 1, a Job's `parallelism` to 1). */
const countOf = (x: unknown, dflt: number) => {
  const n = Number(str(x) ?? dflt);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : dflt;
};

/**
 * The services of a JobSet (jobset.x-k8s.io; references/env-rules.md "JobSet"), or undefined when the
 * document is not one: `spec.replicatedJobs`, each `replicas` Jobs (default 1) of a JobTemplateSpec
 * whose pods (`parallelism`, default 1) run its PodTemplateSpec. One JobSet is one distributed job
 * (its pods find each other by the JobSet's headless service), read as one world as an MPIJob is.
 */
export function jobSetServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  if (kind !== 'JobSet' || !apiVersion.startsWith('jobset.x-k8s.io/')) return undefined;
  const jobs = arr(obj(doc.spec)?.replicatedJobs).flatMap((j, k) => {
    const rj = obj(j);
    const job = obj(obj(rj?.template)?.spec);
    if (!rj || !job) return [];
    const pods = countOf(rj.replicas, 1) * countOf(job.parallelism, 1);
    return [{ name: str(rj.name) ?? `#${k}`, k, job, pods }];
  });
  const world = Math.max(
    1,
    jobs.reduce((sum, j) => sum + j.pods, 0),
  );
  return jobs.flatMap(({ name, k, job, pods }) =>
    pods === 0
      ? []
      : containerServices({
          prefix: `${name}/`,
          path: `spec.replicatedJobs[${k}].template.spec.template.`,
          tmpl: obj(job.template),
          nodeCount: world,
          replicas: 1,
        }),
  );
}

/**
 * The services of a Volcano Job (batch.volcano.sh; references/env-rules.md "Manifests pasted into
 * threads"), or undefined when the document is not one: `spec.tasks`, each `replicas` pods of its
 * PodTemplateSpec `template` (volcano-sh/apis pkg/apis/batch/v1alpha1/job.go:73, :248, :259). One
 * Volcano Job is one gang (its pods find each other through the svc plugin's headless service):
 * read as one world, as a JobSet is.
 */
export function volcanoJobServices(kind: string, apiVersion: string, doc: Rec): RawService[] | undefined {
  if (kind !== 'Job' || !apiVersion.startsWith('batch.volcano.sh/')) return undefined;
  const tasks = arr(obj(doc.spec)?.tasks).flatMap((t, k) => {
    const task = obj(t);
    return task ? [{ name: str(task.name) ?? `#${k}`, k, task, pods: countOf(task.replicas, 1) }] : [];
  });
  const world = Math.max(
    1,
    tasks.reduce((sum, t) => sum + t.pods, 0),
  );
  return tasks.flatMap(({ name, k, task, pods }) =>
    pods === 0
      ? []
      : containerServices({
          prefix: `${name}/`,
          path: `spec.tasks[${k}].template.`,
          tmpl: obj(task.template),
          nodeCount: world,
          replicas: 1,
        }),
  );
}
