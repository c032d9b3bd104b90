import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNixlProbe } from '../src/parsers/nixl-probe.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * Issue 24 item 1: the nixl probe allocates fabric-handle VRAM (cuMemCreate with
 * CU_MEM_HANDLE_TYPE_FABRIC, then cuMemAddressReserve/cuMemMap/cuMemSetAccess) when asked
 * (ITEST_NIXL_FABRIC=1), and falls back honestly, saying why. The structs must match cuda.h
 * byte for byte (a wrong layout hands the driver garbage); the call order and the fallback are
 * driven through a stand-in for libcuda's functions (there is no GPU here).
 */

const PROBE = path.join(repoRoot, 'templates', 'nixl-probe.py');

function python(code: string): string {
  const prelude = [
    'import importlib.util, json, sys',
    `spec = importlib.util.spec_from_file_location("probe", ${JSON.stringify(PROBE)})`,
    'p = importlib.util.module_from_spec(spec); spec.loader.exec_module(p)',
  ].join('\n');
  return execFileSync('python3', ['-c', `${prelude}\n${code}`], { encoding: 'utf8' });
}

// A stand-in for ctypes.CDLL("libcuda.so.1"): every call returns CUDA_SUCCESS unless told,
// records its name, and fills the out-parameters the probe reads.
const STUB = `
import ctypes
class Lib:
    def __init__(self, create_rc=0, fabric=1):
        self.calls, self.create_rc, self.fabric = [], create_rc, fabric
    def __getattr__(self, name):
        def call(*args):
            self.calls.append(name)
            if name == "cuDeviceGetAttribute":
                args[0]._obj.value = self.fabric if args[1] == p.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED else 1
            if name == "cuMemGetAllocationGranularity":
                args[0]._obj.value = 2 << 20
            if name == "cuMemCreate":
                return self.create_rc
            if name in ("cuMemAddressReserve", "cuMemAlloc_v2"):
                args[0]._obj.value = 0x7f0000000000
            return 0
        return call
Driver = p.CudaDriver
def driver(lib):
    d = Driver.__new__(Driver); d.lib = lib; return d
`;

describe('templates/nixl-probe.py fabric-handle VRAM', () => {
  it('CUmemAllocationProp and CUmemAccessDesc have the layout of cuda.h', () => {
    const out = python(
      'import ctypes\nprint(json.dumps([ctypes.sizeof(p.CUmemAllocationProp), p.CUmemAllocationProp.location.offset, p.CUmemAllocationProp.win32HandleMetaData.offset, p.CUmemAllocationProp.allocFlags.offset, ctypes.sizeof(p.CUmemAccessDesc), p.CUmemAccessDesc.flags.offset, p.CU_MEM_HANDLE_TYPE_FABRIC]))',
    );
    expect(JSON.parse(out)).toEqual([32, 8, 16, 24, 12, 8, 8]);
  });

  it('maps fabric memory in the driver API order, rounded up to the granularity', () => {
    const out = python(
      `${STUB}\nlib = Lib()\nptr, size = driver(lib).alloc_fabric(0, 3 << 20, 0x5A)\nprint(json.dumps([size, [c for c in lib.calls if c.startswith("cuMem")]]))`,
    );
    expect(JSON.parse(out)).toEqual([
      4 << 20,
      [
        'cuMemGetAllocationGranularity',
        'cuMemCreate',
        'cuMemAddressReserve',
        'cuMemMap',
        'cuMemSetAccess',
        'cuMemsetD8_v2',
      ],
    ]);
  });

  it('a cuMemCreate refused for want of an IMEX channel falls back to cuMemAlloc and says why', () => {
    const out = python(
      // torch may be importable here: keep the fallback on the driver path, as in an image without torch.
      `${STUB}\nlib = Lib(create_rc=801)\np.CudaDriver = lambda: driver(lib)\nsys.modules["torch"] = None\nb = p.Buffer("VRAM", 1 << 20, 0, 0x5A, fabric=True)\nprint(json.dumps([b.source, b.fabric]))`,
    );
    expect(JSON.parse(out)).toEqual([
      'cuda-driver',
      {
        wanted: true,
        used: false,
        why: "cuMemCreate with CU_MEM_HANDLE_TYPE_FABRIC failed with CUresult 801 (no IMEX channel: the pod needs the ComputeDomain's channel claim)",
      },
    ]);
  });

  it('a GPU without fabric handles falls back before cuMemCreate; used fabric memory is cuda-fabric', () => {
    const out = python(
      `${STUB}\nsys.modules["torch"] = None\nlib = Lib(fabric=0)\np.CudaDriver = lambda: driver(lib)\nb = p.Buffer("VRAM", 1 << 20, 0, 0, fabric=True)\nlib2 = Lib()\np.CudaDriver = lambda: driver(lib2)\nc = p.Buffer("VRAM", 1 << 20, 0, 0, fabric=True)\nd = p.Buffer("DRAM", 4096, 0, 0, fabric=True)\nprint(json.dumps([b.source, "cuMemCreate" in lib.calls, b.fabric["why"], c.source, c.fabric, d.fabric]))`,
    );
    expect(JSON.parse(out)).toEqual([
      'cuda-driver',
      false,
      'the GPU or driver has no fabric handles (CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED=0, CUresult 0)',
      'cuda-fabric',
      { wanted: true, used: true, why: null },
      null,
    ]);
  });

  it("the start line's fabric field is read by the parser", () => {
    const line = `{"probe":"nixl-probe","v":1,"event":"start","role":"target","agent":"a","host":"h","pid":1,"nixlVersion":"1.5.1","python":"3.11","memory":"VRAM","memorySource":"cuda-fabric","fabric":{"wanted":true,"used":true,"why":null},"device":0,"op":"READ","blockSizes":[4096],"batchSizes":[1]}`;
    expect(parseNixlProbe(line).start).toMatchObject({
      memorySource: 'cuda-fabric',
      fabric: { wanted: true, used: true, why: null },
    });
  });
});
