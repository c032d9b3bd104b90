import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the eighteenth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Eighteenth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const efa = (a: Result) => a.checks.filter((c) => c.id === 'env.efa');

/** An SGLang prefill and decode Deployment pair on EFA, with the transfer backend and extra env given. */
const pair = (backend: string, env = '') =>
  ['prefill', 'decode']
    .map(
      (role) => `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${role}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${role}}}
  template:
    metadata: {labels: {app: ${role}}}
    spec:
      hostNetwork: true
      containers:
        - name: sglang
          image: lmsysorg/sglang:v0.5.8
          command: ["python3", "-m", "sglang.launch_server", "--model-path", "m", "--tp", "8",
                    "--disaggregation-mode", "${role}", "--disaggregation-transfer-backend", "${backend}"]
          securityContext: {capabilities: {add: ["IPC_LOCK"]}}
          env: [{name: FI_PROVIDER, value: efa}${env}]
          resources: {limits: {nvidia.com/gpu: 8, vpc.amazonaws.com/efa: 4}}
`,
    )
    .join('');

describe('EFA is judged for the KV transport that would use it (P5: a pass only where the path can come up)', () => {
  it('Mooncake over EFA is a warn on each side: its RDMA transport needs RC queue pairs, EFA has none', async () => {
    const a = await run(pair('mooncake'));
    expect(efa(a).map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(efa(a)[0]?.detail).toMatch(/RC queue pairs.*UD and SRD/);
    expect(efa(a)[0]?.fix).toMatch(/SGLANG_DISAGGREGATION_NIXL_BACKEND=LIBFABRIC/);
  });
  it('NIXL over LIBFABRIC on the same pods stays ok', async () => {
    const a = await run(pair('nixl', ', {name: SGLANG_DISAGGREGATION_NIXL_BACKEND, value: LIBFABRIC}'));
    expect(efa(a).map((c) => c.status)).toEqual(['ok', 'ok']);
  });
});
