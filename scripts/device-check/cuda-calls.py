"""The nixl probe's own CUDA driver calls, without NIXL (scripts/device-check.sh, step cuda-calls).

Loads templates/nixl-probe.py as a module and drives its CudaDriver on GPU 0: the struct sizes of
cuda.h the fabric allocation hands the driver, a plain allocation (cuMemAlloc) with a pattern
round trip (HtoD, DtoH, every byte compared), and a fabric-handle allocation (cuMemCreate with
CU_MEM_HANDLE_TYPE_FABRIC) with the same round trip, or the reason it is not possible here.
Prints one JSON object; exit 0 when every call that must work worked, 1 otherwise.
"""

import ctypes
import importlib.util
import json
import sys
import time

probe_path = sys.argv[1]
spec = importlib.util.spec_from_file_location("probe", probe_path)
p = importlib.util.module_from_spec(spec)
spec.loader.exec_module(p)

SIZE = 64 << 20
out = {"ok": True, "steps": {}}


def step(name, fn):
    t0 = time.perf_counter()
    try:
        got = fn()
        out["steps"][name] = {"ok": True, "seconds": round(time.perf_counter() - t0, 4), **(got or {})}
    except Exception as e:  # record, go on: every call's own result goes in the file
        out["steps"][name] = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        out["ok"] = False


def sizes():
    # cuda.h: CUmemLocation {int type; int id} = 8; CUmemAllocFlags 8; CUmemAllocationProp
    # {int type; int requestedHandleTypes; CUmemLocation; void *win32HandleMetaData; allocFlags} = 32;
    # CUmemAccessDesc {CUmemLocation; int flags} = 12.
    got = {
        "CUmemLocation": ctypes.sizeof(p.CUmemLocation),
        "CUmemAllocFlags": ctypes.sizeof(p.CUmemAllocFlags),
        "CUmemAllocationProp": ctypes.sizeof(p.CUmemAllocationProp),
        "CUmemAccessDesc": ctypes.sizeof(p.CUmemAccessDesc),
    }
    want = {"CUmemLocation": 8, "CUmemAllocFlags": 8, "CUmemAllocationProp": 32, "CUmemAccessDesc": 12}
    if got != want:
        raise AssertionError(f"struct sizes {got}, cuda.h says {want}")
    return {"sizes": got}


driver = None


def init():
    global driver
    driver = p.CudaDriver()
    n = driver.device_count()
    if n < 1:
        raise RuntimeError("cuDeviceGetCount says 0 GPUs")
    return {"devices": n, "pciBusId": driver.pci_bus_id(0)}


def round_trip(ptr, size):
    """Write the probe's pattern, read every byte back, compare (the data check's own functions)."""
    seed = 0x1C7E5EED
    data = p.pattern(0, size, seed)
    t0 = time.perf_counter()
    driver.htod(ptr, data)
    back = driver.dtoh(ptr, size)
    secs = time.perf_counter() - t0
    if back != data:
        at = next(i for i in range(size) if back[i] != data[i])
        raise AssertionError(f"byte {at} came back 0x{back[at]:02x}, 0x{data[at]:02x} was written")
    return {"bytes": size, "htodDtohSeconds": round(secs, 4)}


def plain():
    ptr = driver.alloc(0, SIZE, 0x5A)
    first = driver.dtoh(ptr, 16)
    if first != bytes([0x5A]) * 16:
        raise AssertionError(f"cuMemsetD8 left {first.hex()}")
    return round_trip(ptr, SIZE)


def fabric():
    try:
        ptr, size = driver.alloc_fabric(0, SIZE, 0xA5)
    except p.FabricUnavailable as e:
        # Not a failure on a GPU outside an NVLink domain: the reason is the finding.
        return {"used": False, "why": str(e)}
    return {"used": True, "size": size, **round_trip(ptr, size)}


step("struct-sizes", sizes)
step("init", init)
if driver is not None:
    step("plain-alloc-round-trip", plain)
    step("fabric-alloc", fabric)
print(json.dumps(out, indent=1))
sys.exit(0 if out["ok"] else 1)
