import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the eighth manifest batch showed (issue 38), each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "JobSet", "Programs that serve no
 * model", "OME InferenceService", "An RDMA device named for the KV transfer"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}`);

/** A JobSet as jobset.x-k8s.io writes one: replicated Jobs, each a JobTemplateSpec. */
const jobset = (o: { command: string; replicas?: number; parallelism?: number; extra?: string }) => `
apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata: {name: js}
spec:
  replicatedJobs:
  - name: worker
${o.replicas === undefined ? '' : `    replicas: ${o.replicas}\n`}    template:
      spec:
${o.parallelism === undefined ? '' : `        parallelism: ${o.parallelism}\n`}        template:
          spec:
            containers:
            - name: main
              image: example/app:v1
              command: ${o.command}
              resources: {limits: {nvidia.com/gpu: 4${o.extra ?? ''}}}
`;

describe('a JobSet is a workload (jobset.x-k8s.io ReplicatedJob: replicas x the Job template’s parallelism)', () => {
  it('its pods are one distributed world: replicas (default 1) times parallelism (default 1)', async () => {
    const a = await run(jobset({ command: '[python3, train.py]', replicas: 2, parallelism: 2 }));
    expect(a.part.skipped.map((s) => s.why)).toEqual([]);
    expect(a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual(['worker/main nodes=4']);
    // A python script may be anything: a GPU pod spread over nodes keeps the judgement of any such pod.
    expect(status(a, 'env.multinode-rdma')).toEqual(['warn']);
    const one = await run(jobset({ command: '[python3, train.py]' }));
    expect(one.part.services.map((s) => s.pod.nodeCount)).toEqual([1]);
  });
});
