import { describe, expect, it } from 'vitest';
import { gpuUuidOf } from './rails.js';

describe('gpuUuidOf: a rail keyed by its GPU, not the index inside the pod (issue 37 item 10)', () => {
  it("reads the UUID the pod script passed (--device GPU-…, the probe's CUDA_VISIBLE_DEVICES) from the start line", () => {
    // templates/nixl-probe.py emit("start", …, gpu=gpu_used(…)): json.dumps with separators (",", ":").
    const start =
      '{"probe":"nixl-probe","v":1,"event":"start","role":"initiator","memory":"VRAM","device":0,"gpu":{"index":0,"visible":"GPU-5b8c2f1e-9d3a-4c2b-8e7f-0a1b2c3d4e5f","pciBusId":"00000000:19:00.0"}}';
    expect(gpuUuidOf(`interconnect-test: rail 3 gpu 3 nic mlx5_3 path PIX\n${start}\n`)).toBe(
      'GPU-5b8c2f1e-9d3a-4c2b-8e7f-0a1b2c3d4e5f',
    );
    expect(gpuUuidOf(start.replace('GPU-5b8c2f1e-9d3a-4c2b-8e7f-0a1b2c3d4e5f', 'MIG-2f7a/1/0'))).toBe(
      'MIG-2f7a/1/0',
    );
    // An index (no UUID known) or DRAM: no UUID, and the rail falls back to its index.
    expect(gpuUuidOf(start.replace('"GPU-5b8c2f1e-9d3a-4c2b-8e7f-0a1b2c3d4e5f"', '"0"'))).toBeUndefined();
    expect(gpuUuidOf(undefined)).toBeUndefined();
  });
});
