import { describe, expect, it } from 'vitest';
import { analyseYamlFile, oneContainerDeployment } from '../../test/helpers/env.js';

/**
 * Model servers with no prefill/decode KV hand-off of their own (Text Generation Inference, Text Embeddings
 * Inference, llama.cpp's llama-server, Ollama; agg-servers.ts cites each image's ENTRYPOINT) are serving workers,
 * known by their program or, with no command of their own, their image, whatever they run on: a graph of them is
 * aggregated, nothing it holds moves KV between pods. Found by batch m30 (a CPU-only TGI/TEI stack read as "nothing
 * verified").
 */
const deployment = (container: string) => oneContainerDeployment(container);
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const by = (a: Result, id: string) => a.checks.filter((c) => c.id === id);
const roles = (a: Result) => a.part.services.map((s) => `${s.name}=${s.role}`);

describe('aggregated-only model servers', () => {
  it('a CPU TGI started by its launcher serves alone: no KV moves between pods (ok, not "nothing verified")', async () => {
    const a = await analyseYamlFile(
      deployment(`        image: ghcr.io/huggingface/text-generation-inference:2.4.0-intel-cpu
        command: [text-generation-launcher, --model-id, m, --port, '80']`),
    );
    expect(roles(a)).toEqual(['server=agg']);
    const kv = by(a, 'env.kv-over-pod-network');
    expect(kv.map((c) => c.status)).toEqual(['ok']);
    expect(kv[0]?.detail).toContain('serves a model alone');
  });

  it('an image whose ENTRYPOINT is the server, given args only, is that server (TEI, Ollama)', async () => {
    for (const image of ['ghcr.io/huggingface/text-embeddings-inference:cpu-1.5', 'ollama/ollama:0.5.7']) {
      const a = await analyseYamlFile(
        deployment(`        image: ${image}\n        args: ['--port', '8080']`),
      );
      expect(roles(a)).toEqual(['server=agg']);
    }
  });

  it('a one-GPU llama-server is one engine process: a small /dev/shm is no risk in an aggregated graph', async () => {
    const a = await analyseYamlFile(
      deployment(`        image: ghcr.io/ggml-org/llama.cpp:server-cuda
        args: [-m, /models/m.gguf]
        resources: {limits: {nvidia.com/gpu: '1'}}`),
    );
    expect(by(a, 'env.shm').map((c) => c.status)).toEqual(['ok']);
  });

  it('the same images running another program, or another image, are not taken for the server', async () => {
    const other = await analyseYamlFile(
      deployment(`        image: ollama/ollama:0.5.7
        command: [/bin/sh, -c, 'ollama pull llama3 && sleep infinity']`),
    );
    expect(roles(other)).toEqual(['server=other']);
    const web = await analyseYamlFile(deployment('        image: nginx:1.27'));
    expect(roles(web)).toEqual(['server=other']);
  });

  it('a four-GPU llama-server is still held to the /dev/shm its GPUs may share', async () => {
    const a = await analyseYamlFile(
      deployment(`        image: ghcr.io/ggml-org/llama.cpp:server-cuda
        args: [-m, /models/m.gguf]
        resources: {limits: {nvidia.com/gpu: '4'}}`),
    );
    expect(by(a, 'env.shm').map((c) => c.status)).not.toEqual(['ok']);
  });
});
