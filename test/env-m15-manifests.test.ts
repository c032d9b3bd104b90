import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the fifteenth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Fifteenth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);

const oneXpuServer = (image: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: m}
spec:
  replicas: 1
  selector: {matchLabels: {app: m}}
  template:
    metadata: {labels: {app: m}}
    spec:
      containers:
        - name: server
          image: ${image}
          args: ["--model", "org/model", "--port", "8000", "--max-model-len", "4096"]
          resources: {limits: {gpu.intel.com/xe: "1"}}
`;

describe('llm-d’s accelerator images run vLLM when a container gives args only (the image’s ENTRYPOINT, P3)', () => {
  it('one ghcr.io/llm-d/llm-d-xpu server in an aggregated graph is a serving engine: its small /dev/shm is ok', async () => {
    const a = await run(oneXpuServer('ghcr.io/llm-d/llm-d-xpu:latest'));
    expect(status(a, 'env.shm')).toEqual(['ok']);
  });

  it('llm-d-cuda is read the same way, pinned by digest too', async () => {
    const a = await run(oneXpuServer('ghcr.io/llm-d/llm-d-cuda@sha256:0123'));
    expect(status(a, 'env.shm')).toEqual(['ok']);
  });

  it('an image nothing shows to be an engine keeps the warn, and llm-d’s sidecar image is no engine', async () => {
    for (const image of ['registry.example/app:v1', 'ghcr.io/llm-d/llm-d-routing-sidecar:v0.4.0'])
      expect(status(await run(oneXpuServer(image)), 'env.shm')).toEqual(['warn']);
  });
});
