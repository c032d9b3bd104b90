import { describe, expect, it } from 'vitest';
import { chooseEngine, isDynamoRuntimeImage } from './choose.js';

const base = {
  engine: 'auto' as const,
  mode: 'cross-node' as const,
  explicitImage: false,
  backend: 'UCX' as const,
};
const where = 'pod dynamo/disagg-prefill-0';

describe('chooseEngine (--engine auto between pods)', () => {
  it("asks the live worker pod first: nixlbench in the worker's own image, else its python nixl, else ucx_perftest", () => {
    const tools = { nixlbench: false, pythonNixl: false, ucxPerftest: false, where };
    expect(chooseEngine({ ...base, tools: { ...tools, nixlbench: true, pythonNixl: true } })).toEqual({
      engine: 'nixlbench',
      why: `auto: ${where} has nixlbench`,
      ownHasNixlbench: true,
    });
    expect(
      chooseEngine({
        ...base,
        tools: { ...tools, pythonNixl: true, nixlVersion: '0.7.1', ucxPerftest: true },
      }),
    ).toEqual({
      engine: 'nixl',
      why: `auto: ${where} has no nixlbench; python3 imports nixl 0.7.1`,
    });
    expect(chooseEngine({ ...base, tools: { ...tools, ucxPerftest: true } }).engine).toBe('ucx_perftest');
    // The nixl probe runs LIBFABRIC too: an EFA deployment whose image imports nixl gets it.
    expect(
      chooseEngine({ ...base, backend: 'LIBFABRIC', tools: { ...tools, pythonNixl: true } }).engine,
    ).toBe('nixl');
    // ucx_perftest measures UCX only: never for LIBFABRIC.
    expect(
      chooseEngine({ ...base, backend: 'LIBFABRIC', tools: { ...tools, ucxPerftest: true } }).engine,
    ).toBe('nixlbench');
  });

  it('without a pod to ask: a Dynamo runtime image or none means nixl, a nixlbench image nixlbench', () => {
    expect(chooseEngine(base).engine).toBe('nixl');
    expect(chooseEngine({ ...base, image: 'nvcr.io/nvidia/ai-dynamo/sglang-runtime:1.3.0' }).engine).toBe(
      'nixl',
    );
    expect(
      chooseEngine({ ...base, image: 'ghcr.io/x/nixlbench-probe:0.10.1', explicitImage: true }).engine,
    ).toBe('nixlbench');
    expect(chooseEngine({ ...base, image: 'registry.example/custom:1' }).engine).toBe('nixlbench');
    expect(chooseEngine({ ...base, mode: 'intra-node' }).engine).toBe('nixlbench');
  });

  it('an explicit engine stands; nixl refuses intra-node with the fix, and runs LIBFABRIC', () => {
    expect(chooseEngine({ ...base, engine: 'ucx_perftest' })).toEqual({
      engine: 'ucx_perftest',
      why: '--engine',
    });
    expect(() => chooseEngine({ ...base, engine: 'nixl', mode: 'intra-node' })).toThrow(
      /between two nodes only/,
    );
    expect(chooseEngine({ ...base, engine: 'nixl', backend: 'LIBFABRIC' }).engine).toBe('nixl');
    expect(() => chooseEngine({ ...base, engine: 'ucx_perftest', backend: 'LIBFABRIC' })).toThrow(
      /LIBFABRIC/,
    );
  });

  it('knows the Dynamo runtime images by name, not by a substring anywhere', () => {
    expect(isDynamoRuntimeImage('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0')).toBe(true);
    expect(isDynamoRuntimeImage('nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime@sha256:ab')).toBe(true);
    expect(isDynamoRuntimeImage('registry.example/vllm-runtime-fork:1')).toBe(false);
  });
});
