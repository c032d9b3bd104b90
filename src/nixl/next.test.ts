import { describe, expect, it } from 'vitest';
import { nextCommand, shellArg } from './next.js';

const IMG = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0';

describe('nextCommand', () => {
  it('local: pair --local, with the engine that runs here', () => {
    expect(nextCommand({ local: true, engine: 'nixlbench', pods: [] })).toEqual({
      command: 'interconnect-test pair --local',
      note: 'nixlbench runs here',
    });
    expect(nextCommand({ local: true, engine: 'ucx_perftest', pods: [] }).command).toBe(
      'interconnect-test pair --local --engine ucx_perftest',
    );
    expect(nextCommand({ local: true, engine: 'nixl', pods: [] })).toEqual({
      command: 'interconnect-test pair --local --engine nixl',
      note: "NIXL's Python API (nixl) runs here",
    });
    expect(nextCommand({ local: true, engine: undefined, pods: [] })).toEqual({
      note: 'pair --local needs nixlbench, a Python that imports nixl, or ucx_perftest; none runs here',
    });
  });

  it('a DGD: pair --dgd, with the workers image when it has a tool', () => {
    const pods = [
      { pod: 'g-p', role: 'prefill' as const, node: 'a', image: IMG },
      { pod: 'g-d', role: 'decode' as const, node: 'b', image: IMG },
    ];
    expect(nextCommand({ local: false, engine: 'nixlbench', namespace: 'dynamo', dgd: 'g', pods })).toEqual({
      command: `interconnect-test pair --namespace dynamo --dgd g --image ${IMG}`,
      note: "nixlbench runs in the pods' image",
    });
    expect(
      nextCommand({
        local: false,
        engine: 'ucx_perftest',
        namespace: 'dynamo',
        context: 'prod',
        dgd: 'g',
        pods,
      }).command,
    ).toBe(
      `interconnect-test pair --context prod --namespace dynamo --dgd g --image ${IMG} --engine ucx_perftest`,
    );
    // A Dynamo runtime image: NIXL's Python API runs in it.
    expect(nextCommand({ local: false, engine: 'nixl', namespace: 'dynamo', dgd: 'g', pods })).toEqual({
      command: `interconnect-test pair --namespace dynamo --dgd g --image ${IMG} --engine nixl`,
      note: "NIXL's Python API (nixl) runs in the pods' image",
    });
    expect(nextCommand({ local: false, engine: undefined, namespace: 'dynamo', dgd: 'g', pods })).toEqual({
      command: 'interconnect-test pair --namespace dynamo --dgd g',
      note: "the pods' image has neither nixlbench, nixl nor ucx_perftest, so pair uses its own probe image",
    });
  });

  it('named pods: their nodes, prefill first; a placeholder when only one node is known', () => {
    const two = [
      { pod: 'x', node: 'gpu-b', image: IMG, role: 'decode' as const },
      { pod: 'y', node: 'gpu-a', image: IMG, role: 'prefill' as const },
    ];
    expect(nextCommand({ local: false, engine: 'nixlbench', namespace: 'ns', pods: two }).command).toBe(
      `interconnect-test pair --namespace ns --prefill-node gpu-a --decode-node gpu-b --image ${IMG}`,
    );
    const one = nextCommand({
      local: false,
      engine: 'nixlbench',
      namespace: 'ns',
      pods: [{ pod: 'x', node: 'gpu-b', image: IMG }],
    });
    expect(one).toEqual({
      command: `interconnect-test pair --namespace ns --prefill-node gpu-b --decode-node '<decode-node>' --image ${IMG}`,
      note: "nixlbench runs in the pods' image; replace the <…-node> placeholder with a second GPU node",
    });
  });

  it('does not pass an image when the pods run different ones', () => {
    const r = nextCommand({
      local: false,
      engine: 'nixlbench',
      namespace: 'ns',
      pods: [
        { pod: 'p', node: 'a', image: 'one:1' },
        { pod: 'd', node: 'b', image: 'two:1' },
      ],
    });
    expect(r).toEqual({
      command: 'interconnect-test pair --namespace ns --prefill-node a --decode-node b',
      note: 'the pods run 2 different images, so pair uses its own probe image',
    });
  });
});

describe('shellArg', () => {
  it('quotes only what a shell would split or expand', () => {
    expect(shellArg('nvcr.io/x/y:1.0@sha256:abc')).toBe('nvcr.io/x/y:1.0@sha256:abc');
    expect(shellArg('/home/me/my config')).toBe("'/home/me/my config'");
    expect(shellArg("it's")).toBe("'it'\\''s'");
  });
});
