#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""interconnect-test's NIXL probe: one KV-cache-style transfer sweep between two
NIXL agents, through the NIXL (and UCX) installed where it runs.

It uses only NIXL's public Python API (nixl._api: nixl_agent, nixl_agent_config,
register_memory, get_xfer_descs, the listen-thread metadata exchange,
initialize_xfer, transfer, check_xfer_state, send_notif, get_new_notifs) and the
standard library. Memory: VRAM through torch when the image has it, else through
the CUDA driver API (ctypes on libcuda); DRAM otherwise. With ITEST_NIXL_FABRIC=1
(a pair across nodes of one NVLink domain) VRAM is fabric-handle memory
(cuMemCreate, CU_MEM_HANDLE_TYPE_FABRIC), which UCX cuda_ipc can export to the
other node; where that fails the probe falls back and its start line says why. Every NIXL call is
cited in references/nixl-probe.md.

Roles:
  target     registers its buffer, listens for the initiator's metadata on
             --listen-port (NIXL's listen thread), sends it the buffer address,
             then waits for the initiator's "done" notification.
  initiator  sends its metadata to the target (--peer host, --peer-port) and
             fetches the target's, then runs --op READ|WRITE over the block and
             batch sizes nixlbench sweeps (doubling from --start-block to
             --max-block, --start-batch to --max-batch), warm-up then timed.

Output: one JSON object per line on stdout, each with "probe": "nixl-probe" and
an "event" (start, ready, connected, measurement, done, error). Everything else
on stdout/stderr is UCX's and NIXL's own logging (UCX_LOG_LEVEL=info shows the
transport lanes). Exit 0 on success, 1 on a failure, 2 on bad arguments or a
NIXL too old for this probe.
"""

import argparse
import ctypes
import json
import mmap
import os
import signal
import socket
import sys
import time

PROBE = "nixl-probe"
SCHEMA = 1
# The listen-thread metadata exchange (nixl_agent_config listen_port,
# send_local_metadata / fetch_remote_metadata / check_remote_metadata) first
# shipped in NIXL 0.2.0; 0.1.x has none of it.
MIN_NIXL = (0, 2, 0)
REQUIRED_API = (
    "register_memory",
    "get_xfer_descs",
    "send_local_metadata",
    "fetch_remote_metadata",
    "check_remote_metadata",
    "initialize_xfer",
    "transfer",
    "check_xfer_state",
    "send_notif",
    "get_new_notifs",
    "prep_xfer_dlist",
    "make_prepped_xfer",
    "release_dlist_handle",
)
# The in-flight row's depth (references/nixl-probe.md, "The in-flight row"): the serving connector
# posts one READ per request and polls them all on its next step (vLLM NixlConnector _read_blocks),
# so under load several transfers are in flight at once; for a large block the wire needs only two
# (the bandwidth-delay product is far below one block), the other two hide the host's pause between a
# completion and the next post (Python, a shared CPU); and 4 x the largest block (256 MiB) fits in the
# buffer the default KV row already needs (~360 MiB), so no rail asks for more memory for it.
IN_FLIGHT = 4
DONE_PREFIX = b"interconnect-test:done:"
DESCS_PREFIX = b"interconnect-test:descs:"
READ_PATTERN = 0xA5  # the target's buffer: what a READ brings back
WRITE_PATTERN = 0x5A  # the initiator's buffer: what a WRITE leaves on the target

def emit(a, event, **fields):
    """One JSON line on stdout, stamped with the probe's role (a: the parsed arguments)."""
    line = {"probe": PROBE, "v": SCHEMA, "event": event, "role": a.role}
    line.update(fields)
    sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class ProbeError(Exception):
    def __init__(self, stage, message, code=1):
        super().__init__(message)
        self.stage = stage
        self.code = code


def device_arg(value):
    """--device: a GPU or MIG UUID (as the device plugin names it), or a visible-GPU index."""
    if value.startswith(("GPU-", "MIG-")) and all(c.isalnum() or c in "-/" for c in value):
        return value
    if value.isdigit():
        return int(value)
    raise argparse.ArgumentTypeError(f"not a GPU UUID (GPU-..., MIG-...) or index: {value!r}")


def select_device(device):
    """The CUDA ordinal to use. A UUID becomes this process's only visible GPU
    (CUDA_VISIBLE_DEVICES takes GPU and MIG UUIDs), set before CUDA starts."""
    if isinstance(device, str):
        os.environ["CUDA_VISIBLE_DEVICES"] = device
        return 0
    return 0 if device is None else device


def parse_args(argv):
    p = argparse.ArgumentParser(prog="nixl-probe", description=__doc__.split("\n\n")[0])
    p.add_argument("--role", choices=["initiator", "target"], required=True)
    p.add_argument("--name", help="this agent's name (default: interconnect-test-<role>)")
    p.add_argument("--peer-name", help="the other agent's name (default: interconnect-test-<other role>)")
    p.add_argument("--peer", help="initiator: the target's address or DNS name (a headless Service)")
    p.add_argument("--peer-port", type=int, default=5555, help="initiator: the target's listen port")
    p.add_argument("--listen-port", type=int, default=5555, help="target: port of NIXL's listen thread")
    p.add_argument("--op", choices=["READ", "WRITE"], default="WRITE")
    p.add_argument(
        "--backend",
        choices=["UCX", "LIBFABRIC"],
        default="UCX",
        help="the NIXL backend the agent initialises (LIBFABRIC on AWS EFA)",
    )
    p.add_argument("--memory", choices=["auto", "DRAM", "VRAM"], default="auto")
    p.add_argument(
        "--device",
        type=device_arg,
        default=None,
        help="the GPU for VRAM: its UUID (GPU-..., MIG-...), which the probe makes its only visible GPU, "
        "or an index among the visible GPUs (default: the first)",
    )
    p.add_argument("--start-block", type=int, default=4096)
    p.add_argument("--max-block", type=int, default=64 * 1024 * 1024)
    p.add_argument("--start-batch", type=int, default=1)
    p.add_argument("--max-batch", type=int, default=1)
    p.add_argument("--iters", type=int, default=1000)
    p.add_argument("--warmup", type=int, default=100)
    p.add_argument(
        "--large-block-iter-factor",
        type=int,
        default=16,
        help="blocks over 1 MiB run iters/FACTOR iterations (nixlbench's --large_blk_iter_ftr)",
    )
    p.add_argument(
        "--min-seconds",
        type=float,
        default=1.0,
        help="each row's timed part runs until this many seconds or --min-bytes, whichever comes first",
    )
    p.add_argument("--min-bytes", type=int, default=1 << 30, help="see --min-seconds (default 1 GiB)")
    # The KV-shaped row: one request's blocks, one descriptor per layer, K or V, and block, as
    # vLLM's NixlConnector builds them (references/nixl-probe.md, "The KV-shaped row").
    p.add_argument("--kv-layers", type=int, default=80, help="KV row: model layers (0: no KV row)")
    p.add_argument("--kv-heads", type=int, default=8, help="KV row: KV heads per rank")
    p.add_argument("--kv-head-size", type=int, default=128, help="KV row: head size (elements)")
    p.add_argument("--kv-block-tokens", type=int, default=16, help="KV row: tokens per block (vLLM --block-size)")
    p.add_argument("--kv-dtype-bytes", type=int, default=2, help="KV row: bytes per element (2: bf16/fp16, 1: fp8)")
    p.add_argument("--kv-tokens", type=int, default=1024, help="KV row: prompt tokens per request")
    p.add_argument("--kv-requests", type=int, default=1, help="KV row: requests in flight at once")
    p.add_argument("--kv-source", default="default", help="KV row: where the shape came from (printed)")
    p.add_argument(
        "--in-flight",
        type=int,
        default=IN_FLIGHT,
        help="the in-flight row: this many transfers of the largest block kept posted at once, each reposted as it"
        " completes (nixlbench's --pipeline_depth window); the link is judged on it (1: no in-flight row)",
    )
    p.add_argument(
        "--nvlink-retry",
        type=float,
        default=60.0,
        help="a pair inside one NVLink domain (ITEST_NIXL_FABRIC=1): seconds the exchange and first transfer are retried",
    )
    p.add_argument(
        "--nvlink-batch-bytes",
        type=int,
        default=1 << 30,
        help="a pair inside one NVLink domain: batched rows of the largest block up to this many bytes per transfer",
    )
    p.add_argument(
        "--check-chunk",
        type=int,
        default=CHECK_CHUNK,
        help="bytes copied back at a time when every byte of a row is compared",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="seconds to wait for the peer to connect, for one transfer, and (target) between two finished rows",
    )
    p.add_argument(
        "--run-timeout", type=float, default=3600.0, help="target: seconds to wait for the initiator's sweep"
    )
    p.add_argument(
        "--connect-timeout",
        type=float,
        default=None,
        help="target: seconds to wait for the initiator's metadata (at least --timeout); the pod script passes"
        " what is left of its rendezvous, so a peer still pulling its image is waited for",
    )
    a = p.parse_args(argv)
    for name in (
        "start_block",
        "max_block",
        "start_batch",
        "max_batch",
        "iters",
        "large_block_iter_factor",
        "kv_heads",
        "kv_head_size",
        "kv_block_tokens",
        "kv_dtype_bytes",
        "kv_tokens",
        "kv_requests",
        "in_flight",
        "check_chunk",
        "min_bytes",
    ):
        if getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if a.warmup < 0 or a.kv_layers < 0 or a.min_seconds < 0:
        p.error("--warmup, --kv-layers and --min-seconds must be 0 or more")
    if a.start_block > a.max_block or a.start_batch > a.max_batch:
        p.error("--start-block/--start-batch must not exceed --max-block/--max-batch")
    if a.role == "initiator" and not a.peer:
        p.error("--peer (the target's address) is required for the initiator")
    other = "target" if a.role == "initiator" else "initiator"
    a.name = a.name or f"interconnect-test-{a.role}"
    a.peer_name = a.peer_name or f"interconnect-test-{other}"
    return a


def doubling(lo, hi):
    out = []
    x = lo
    while x <= hi:
        out.append(x)
        x *= 2
    return out


def version_tuple(text):
    parts = []
    for piece in text.split(".")[:3]:
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        parts.append(int(digits or 0))
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts)


UCX_LEVELS = ["fatal", "error", "warn", "diag", "info", "debug", "trace", "req", "data", "async", "func", "poll"]


def ucx_logging(env):
    """Make UCX say which transport it used: UCX_LOG_LEVEL=info prints the endpoint lanes,
    UCX_PROTO_INFO=y the protocol tables. A louder level, or a PROTO_INFO already set, is kept.
    Must run before NIXL loads UCX (libucs reads its global options when it is loaded)."""
    level = env.get("UCX_LOG_LEVEL", "").lower()
    if level not in UCX_LEVELS or UCX_LEVELS.index(level) < UCX_LEVELS.index("info"):
        env["UCX_LOG_LEVEL"] = "info"
    env.setdefault("UCX_PROTO_INFO", "y")


def installed_nixl_version():
    from importlib import metadata

    for dist in ("nixl", "nixl-cu12", "nixl-cu13", "nixl-rocm"):
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return None


def load_nixl():
    """The nixl_agent API, or a ProbeError naming what is missing and the version."""
    version = installed_nixl_version()
    if version is not None and version_tuple(version) < MIN_NIXL:
        raise ProbeError(
            "version",
            f"NIXL {version} is too old: this probe needs NIXL >= {'.'.join(map(str, MIN_NIXL))} "
            "(the listen-thread metadata exchange: send_local_metadata/fetch_remote_metadata)",
            code=2,
        )
    try:
        from nixl._api import nixl_agent, nixl_agent_config
    except ImportError as e:
        raise ProbeError(
            "import", f"cannot import nixl._api of NIXL {version or '(version unknown)'}: {e}", code=2
        )
    missing = [m for m in REQUIRED_API if not hasattr(nixl_agent, m)]
    if missing:
        raise ProbeError(
            "version",
            f"NIXL {version or 'of unknown version'} is too old: nixl_agent lacks {', '.join(missing)}",
            code=2,
        )
    return version, nixl_agent, nixl_agent_config


# ---- memory ----------------------------------------------------------------


# cuda.h (CUDA driver API): the enums and structs cuMemCreate/cuMemSetAccess take.
CU_MEM_ALLOCATION_TYPE_PINNED = 0x1
CU_MEM_HANDLE_TYPE_FABRIC = 0x8
CU_MEM_LOCATION_TYPE_DEVICE = 0x1
CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3
CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 116
CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED = 128


class CUmemLocation(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


class CUmemAllocFlags(ctypes.Structure):
    _fields_ = [
        ("compressionType", ctypes.c_ubyte),
        ("gpuDirectRDMACapable", ctypes.c_ubyte),
        ("usage", ctypes.c_ushort),
        ("reserved", ctypes.c_ubyte * 4),
    ]


class CUmemAllocationProp(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("requestedHandleTypes", ctypes.c_int),
        ("location", CUmemLocation),
        ("win32HandleMetaData", ctypes.c_void_p),
        ("allocFlags", CUmemAllocFlags),
    ]


class CUmemAccessDesc(ctypes.Structure):
    _fields_ = [("location", CUmemLocation), ("flags", ctypes.c_int)]


class FabricUnavailable(Exception):
    """Fabric-handle memory could not be made here; the message says why."""


class CudaDriver:
    """The few CUDA driver calls a VRAM buffer needs, through ctypes on libcuda."""

    def __init__(self):
        self.lib = None
        for name in ("libcuda.so.1", "libcuda.so"):
            try:
                self.lib = ctypes.CDLL(name)
                break
            except OSError:
                continue
        if self.lib is None:
            raise OSError("libcuda.so.1 not found")
        self.check(self.lib.cuInit(0), "cuInit")

    def check(self, rc, what):
        if rc != 0:
            raise ProbeError("memory", f"CUDA driver {what} failed with CUresult {rc}")

    def pci_bus_id(self, index):
        dev = ctypes.c_int(0)
        self.check(self.lib.cuDeviceGet(ctypes.byref(dev), index), "cuDeviceGet")
        out = ctypes.create_string_buffer(32)
        self.check(self.lib.cuDeviceGetPCIBusId(out, 32, dev), "cuDeviceGetPCIBusId")
        return out.value.decode()

    def device_count(self):
        n = ctypes.c_int(0)
        self.check(self.lib.cuDeviceGetCount(ctypes.byref(n)), "cuDeviceGetCount")
        return n.value

    def alloc(self, index, size, fill):
        dev = ctypes.c_int(0)
        self.check(self.lib.cuDeviceGet(ctypes.byref(dev), index), "cuDeviceGet")
        ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        self.check(self.lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        ptr = ctypes.c_uint64(0)
        self.check(self.lib.cuMemAlloc_v2(ctypes.byref(ptr), ctypes.c_size_t(size)), "cuMemAlloc")
        self.check(
            self.lib.cuMemsetD8_v2(ptr, ctypes.c_ubyte(fill), ctypes.c_size_t(size)), "cuMemsetD8"
        )
        return ptr.value

    def alloc_fabric(self, index, size, fill):
        """
        VRAM UCX cuda_ipc can export to another node of the NVLink domain: cuMemCreate with
        CU_MEM_HANDLE_TYPE_FABRIC, mapped with cuMemAddressReserve/cuMemMap/cuMemSetAccess (CUDA
        driver API, Virtual Memory Management; references/nvlink-domain.md). Returns (ptr, size),
        or raises FabricUnavailable with why (the caller falls back to cuMemAlloc and says so).
        """
        dev = ctypes.c_int(0)
        self.check(self.lib.cuDeviceGet(ctypes.byref(dev), index), "cuDeviceGet")
        ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        self.check(self.lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        supported = ctypes.c_int(0)
        rc = self.lib.cuDeviceGetAttribute(
            ctypes.byref(supported), CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED, dev
        )
        if rc != 0 or supported.value == 0:
            raise FabricUnavailable(
                f"the GPU or driver has no fabric handles (CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED={supported.value}, CUresult {rc})"
            )
        rdma = ctypes.c_int(0)
        self.lib.cuDeviceGetAttribute(
            ctypes.byref(rdma), CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED, dev
        )
        prop = CUmemAllocationProp()
        prop.type = CU_MEM_ALLOCATION_TYPE_PINNED
        prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_FABRIC
        prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE
        prop.location.id = dev.value
        # The NIC path registers the same buffer: ask for it where the device supports it.
        prop.allocFlags.gpuDirectRDMACapable = 1 if rdma.value else 0
        gran = ctypes.c_size_t(0)
        self.check(
            self.lib.cuMemGetAllocationGranularity(
                ctypes.byref(gran), ctypes.byref(prop), CU_MEM_ALLOC_GRANULARITY_RECOMMENDED
            ),
            "cuMemGetAllocationGranularity",
        )
        g = max(1, gran.value)
        size = (size + g - 1) // g * g
        handle = ctypes.c_uint64(0)
        rc = self.lib.cuMemCreate(ctypes.byref(handle), ctypes.c_size_t(size), ctypes.byref(prop), ctypes.c_ulonglong(0))
        if rc != 0:
            # CUDA_ERROR_NOT_PERMITTED (800) / NOT_SUPPORTED (801): no IMEX channel in the pod.
            raise FabricUnavailable(
                f"cuMemCreate with CU_MEM_HANDLE_TYPE_FABRIC failed with CUresult {rc}"
                + (" (no IMEX channel: the pod needs the ComputeDomain's channel claim)" if rc in (800, 801) else "")
            )
        ptr = ctypes.c_uint64(0)
        self.check(
            self.lib.cuMemAddressReserve(ctypes.byref(ptr), ctypes.c_size_t(size), ctypes.c_size_t(0), ctypes.c_uint64(0), ctypes.c_ulonglong(0)),
            "cuMemAddressReserve",
        )
        self.check(self.lib.cuMemMap(ptr, ctypes.c_size_t(size), ctypes.c_size_t(0), handle, ctypes.c_ulonglong(0)), "cuMemMap")
        access = CUmemAccessDesc()
        access.location.type = CU_MEM_LOCATION_TYPE_DEVICE
        access.location.id = dev.value
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE
        self.check(self.lib.cuMemSetAccess(ptr, ctypes.c_size_t(size), ctypes.byref(access), ctypes.c_size_t(1)), "cuMemSetAccess")
        self.check(self.lib.cuMemsetD8_v2(ptr, ctypes.c_ubyte(fill), ctypes.c_size_t(size)), "cuMemsetD8")
        return ptr.value, size

    def htod(self, dptr, data):
        self.check(
            self.lib.cuMemcpyHtoD_v2(ctypes.c_uint64(dptr), ctypes.c_char_p(data), ctypes.c_size_t(len(data))),
            "cuMemcpyHtoD",
        )

    def dtoh(self, dptr, n):
        out = ctypes.create_string_buffer(n)
        self.check(self.lib.cuMemcpyDtoH_v2(out, ctypes.c_uint64(dptr), ctypes.c_size_t(n)), "cuMemcpyDtoH")
        return out.raw


def gpu_used(index):
    """Which GPU the buffer is on: its ordinal, what CUDA_VISIBLE_DEVICES named, its PCI address."""
    pci = None
    try:
        pci = CudaDriver().pci_bus_id(index)
    except Exception:
        pass
    return {"index": index, "visible": os.environ.get("CUDA_VISIBLE_DEVICES"), "pciBusId": pci}


def gpu_present():
    """(True, how) when a CUDA device is usable: torch if importable, else the driver API."""
    try:
        import torch  # noqa: F401

        if torch.cuda.is_available() and torch.cuda.device_count() > 0:
            return True, "torch"
    except Exception:
        pass
    try:
        if CudaDriver().device_count() > 0:
            return True, "cuda-driver"
    except Exception:
        pass
    return False, None


class Buffer:
    def __init__(self, memory, size, device, fill, fabric=False):
        self.memory = memory
        self.size = size
        self.device = device
        self.keep = None
        # Asked for fabric-handle VRAM (a pair across nodes of one NVLink domain): whether it was used, and why not.
        self.fabric = {"wanted": True, "used": False, "why": None} if fabric and memory == "VRAM" else None
        if memory == "DRAM":
            self.source = "host"
            self.keep = mmap.mmap(-1, size)
            self.keep.write(bytes([fill]) * size)
            self.addr = ctypes.addressof(ctypes.c_char.from_buffer(self.keep))
            self.dev_id = 0
            return
        self.dev_id = device
        if self.fabric is not None:
            try:
                driver = CudaDriver()
                self.addr, self.size = driver.alloc_fabric(device, size, fill)
                self.keep = driver
                self.source = "cuda-fabric"
                self.fabric["used"] = True
                return
            except (FabricUnavailable, OSError, ProbeError) as e:
                self.fabric["why"] = str(e)
        try:
            import torch

            if not torch.cuda.is_available():
                raise ImportError("torch has no CUDA")
            self.keep = torch.full((size,), fill, dtype=torch.uint8, device=f"cuda:{device}")
            self.addr = self.keep.data_ptr()
            self.source = "torch"
        except ImportError:
            self.keep = CudaDriver()
            self.addr = self.keep.alloc(device, size, fill)
            self.source = "cuda-driver"

    def write(self, offset, data):
        """Copy host bytes into the buffer at offset."""
        if self.memory == "DRAM":
            self.keep[offset : offset + len(data)] = data
        elif self.source == "torch":
            import torch

            src = torch.frombuffer(bytearray(data), dtype=torch.uint8)
            self.keep[offset : offset + len(data)].copy_(src)
        else:
            self.keep.htod(self.addr + offset, data)

    def read(self, offset, n):
        """n bytes of the buffer at offset, copied back to the host (cuMemcpyDtoH for VRAM)."""
        if self.memory == "DRAM":
            return bytes(self.keep[offset : offset + n])
        if self.source == "torch":
            return bytes(self.keep[offset : offset + n].cpu().numpy().tobytes())
        return self.keep.dtoh(self.addr + offset, n)

    def fill(self, offset, length, seed):
        """The known pattern (see pattern()) over [offset, offset + length), 8 MiB at a time."""
        chunk = 8 << 20
        done = 0
        while done < length:
            n = min(chunk, length - done)
            self.write(offset + done, pattern(offset + done, n, seed))
            done += n


def pattern(offset, n, seed):
    """The pattern's bytes at [offset, offset + n): each 4-byte word (little-endian) holds its
    word index in the buffer XOR seed. Any offset and length, so any byte can be checked."""
    import numpy as np

    first = offset // 4
    last = (offset + n + 3) // 4
    if last <= 1 << 32:  # uint32 arithmetic (half the memory traffic) while word indices fit
        words = np.arange(first, last, dtype="<u4") ^ np.uint32(seed)
    else:
        words = (np.arange(first, last, dtype=np.uint64) ^ np.uint64(seed)).astype("<u4")
    skip = offset - first * 4
    return words.tobytes()[skip : skip + n]


def expected(offset, n, seed):
    return pattern(offset, n, seed)


class Layout:
    """A row's descriptors: `count` of `length` bytes, `stride` bytes apart from the buffer's start."""

    def __init__(self, count, length, stride):
        self.count, self.length, self.stride = count, length, stride

    def span(self):
        return (self.count - 1) * self.stride + self.length

    def descs(self, base, dev):
        return [(base + i * self.stride, self.length, dev) for i in range(self.count)]

    def as_json(self):
        return {"count": self.count, "length": self.length, "stride": self.stride}


# Between two descriptors of the KV row: the buffer skips this much, so no two descriptors are
# neighbours NIXL or UCX could merge into one transfer (a live cache's blocks are scattered).
KV_GAP = 4096


def kv_shape(a):
    """The KV row's shape, or None when --kv-layers 0."""
    if a.kv_layers == 0:
        return None
    desc = a.kv_heads * a.kv_head_size * a.kv_block_tokens * a.kv_dtype_bytes
    blocks = -(-a.kv_tokens // a.kv_block_tokens)
    # vLLM registers K and V of each layer as separate regions and builds one descriptor per
    # (region, block): 2 x layers x blocks descriptors per request.
    per_request = 2 * a.kv_layers * blocks
    return {
        "layers": a.kv_layers,
        "kvHeads": a.kv_heads,
        "headSize": a.kv_head_size,
        "blockTokens": a.kv_block_tokens,
        "dtypeBytes": a.kv_dtype_bytes,
        "tokens": a.kv_tokens,
        "blocks": blocks,
        "requests": a.kv_requests,
        "descBytes": desc,
        "descsPerRequest": per_request,
        "source": a.kv_source,
    }


def kv_layout(shape):
    n = shape["descsPerRequest"] * shape["requests"]
    return Layout(n, shape["descBytes"], shape["descBytes"] + KV_GAP)


# The data check copies the destination back this many bytes at a time (and compares each
# piece with the pattern): every byte of every row is compared, at a bounded host memory cost.
CHECK_CHUNK = 8 << 20


def corrupt_knob(row_name):
    """Test only: INTERCONNECT_TEST_NIXL_PROBE_CORRUPT=ROW[:OFFSET] flips one byte (any offset of the
    buffer) before that row's check."""
    knob = os.environ.get("INTERCONNECT_TEST_NIXL_PROBE_CORRUPT", "")
    if not knob:
        return None
    name, _, offset = knob.partition(":")
    return int(offset or 0) if name == row_name else None


def flip_for_test(buf, row_name):
    flip = corrupt_knob(row_name)
    if flip is not None:
        byte = buf.read(flip, 1)
        buf.write(flip, bytes([byte[0] ^ 0xFF]))


def row_mask(layout, start, n):
    """Which bytes of [start, start + n) belong to a descriptor (None: all of them); the gaps
    between a KV row's descriptors are never moved, so they are not compared."""
    import numpy as np

    if layout.stride == layout.length:
        return None
    return (np.arange(start, start + n, dtype=np.int64) % layout.stride) < layout.length


def first_mismatch(got, want, mask):
    """Index of the first differing byte of two equal-length byte strings (masked), or None."""
    import numpy as np

    if mask is None and got == want:
        return None
    bad = np.frombuffer(got, dtype=np.uint8) != np.frombuffer(want, dtype=np.uint8)
    if mask is not None:
        bad &= mask
    hits = np.flatnonzero(bad)
    return int(hits[0]) if hits.size else None


def check_row(buf, layout, seed, row_name, chunk=CHECK_CHUNK):
    """Copy every byte of the row back (chunk by chunk) and compare with the pattern; a ProbeError
    naming the row and the first differing offset on a mismatch."""
    flip_for_test(buf, row_name)
    span = layout.span()
    chunks = 0
    for start in range(0, span, chunk):
        n = min(chunk, span - start)
        got = buf.read(start, n)
        want = expected(start, n, seed)
        chunks += 1
        at = first_mismatch(got, want, row_mask(layout, start, n))
        if at is not None:
            raise ProbeError(
                "verify",
                f"row {row_name}: byte {start + at} of the buffer is 0x{got[at]:02x}, 0x{want[at]:02x} was sent",
            )
    return {"bytes": layout.count * layout.length, "chunks": chunks}


# ---- the two roles ----------------------------------------------------------


def wait_for(what, deadline, poll, interval=0.001):
    while True:
        got = poll()
        if got:
            return got
        if time.monotonic() > deadline:
            raise ProbeError("timeout", f"timed out waiting for {what}")
        time.sleep(interval)


BEGIN_PREFIX = b"interconnect-test:begin:"
END_PREFIX = b"interconnect-test:end:"
READY_PREFIX = b"interconnect-test:ready:"
CHECKED_PREFIX = b"interconnect-test:checked:"
KV_PREFIX = b"interconnect-test:kv:"
ABORT_PREFIX = b"interconnect-test:abort:"
# What the destination holds before a row: the row's pattern with every bit flipped, so a
# transfer that never arrived fails the check as surely as one that arrived wrong.
SCRAMBLE = 0xFFFFFFFF


def row_seed(index):
    return (0x1C7E5EED + index * 0x9E3779B1) & 0xFFFFFFFF


def message(prefix, fields):
    return prefix + json.dumps(fields, separators=(",", ":")).encode()


def run_target(a, agent, buf, deadline_s):
    emit(a, "ready", port=a.listen_port, agent=a.name)
    deadline = time.monotonic() + deadline_s
    wait_for(f"metadata of {a.peer_name}", deadline, lambda: agent.check_remote_metadata(a.peer_name))
    descs = {
        "addr": buf.addr,
        "len": buf.size,
        "dev": buf.dev_id,
        "memory": buf.memory,
        "host": socket.gethostname(),
    }
    agent.send_notif(a.peer_name, DESCS_PREFIX + json.dumps(descs).encode())
    emit(a, "connected", peer=a.peer_name)
    end = time.monotonic() + a.run_timeout
    rows = {}
    # The initiator's whole sweep runs in here: every row opens and closes with a notification
    # (a heartbeat too), at most --run-timeout in all.
    try:
        served = serve_rows(a, agent, buf, rows, end)
    except Exception as e:
        if not peer_gone(e):
            raise
        # NIXL saw the peer's connection close (its process died) before our silence timer did.
        raise ProbeError(
            "peer", f"{a.peer_name} disconnected mid-sweep (NIXL_ERR_REMOTE_DISCONNECT): it died or ended"
        ) from None
    op = served["finished"].get("op")
    checked, kv_notifs = served["checked"], served["kvNotifs"]
    emit(a, "done", verified=(checked > 0) if op == "WRITE" else None, op=op, checkedRows=checked, kvNotifs=kv_notifs)


def peer_gone(e):
    """Whether a NIXL call failed because the peer's connection is gone (nixlRemoteDisconnectError)."""
    return type(e).__name__ == "nixlRemoteDisconnectError" or "NIXL_ERR_REMOTE_DISCONNECT" in str(e)


def serve_rows(a, agent, buf, rows, end):
    """The target's side of the sweep, until the initiator's done line and its KV notifications."""
    finished = None
    finished_at = 0.0
    last = time.monotonic()
    kv_notifs = 0
    checked = 0
    while True:
        msgs = agent.get_new_notifs().get(a.peer_name, [])
        now = time.monotonic()
        if msgs:
            last = now
        for msg in msgs:
            if msg.startswith(KV_PREFIX):
                kv_notifs += 1
            elif msg.startswith(BEGIN_PREFIX):
                info = json.loads(msg[len(BEGIN_PREFIX) :].decode())
                layout = Layout(**info["layout"])
                rows[info["row"]] = (info, layout)
                # WRITE: we are the destination, scramble; READ: we are the source, the pattern.
                seed = info["seed"] ^ (SCRAMBLE if info["op"] == "WRITE" else 0)
                buf.fill(0, layout.span(), seed)
                agent.send_notif(a.peer_name, message(READY_PREFIX, {"row": info["row"]}))
            elif msg.startswith(END_PREFIX):
                row = json.loads(msg[len(END_PREFIX) :].decode())["row"]
                info, layout = rows[row]
                reply = {"row": row, "check": None}
                failure = None
                if info["op"] == "WRITE":
                    try:
                        reply["check"] = check_row(buf, layout, info["seed"], info["name"], a.check_chunk)
                        checked += 1
                    except ProbeError as e:
                        failure = e
                        reply["error"] = str(e)
                agent.send_notif(a.peer_name, message(CHECKED_PREFIX, reply))
                if failure:
                    raise failure
            elif msg.startswith(ABORT_PREFIX):
                why = msg[len(ABORT_PREFIX) :].decode(errors="replace")
                raise ProbeError("peer", f"{a.peer_name} stopped its sweep: {why}")
            elif msg.startswith(DONE_PREFIX):
                finished = json.loads(msg[len(DONE_PREFIX) :].decode())
                finished_at = now
        if finished is not None:
            want = finished.get("kvNotifs", 0)
            if kv_notifs >= want:
                break
            if now - finished_at > a.timeout:
                raise ProbeError(
                    "notif",
                    f"{want - kv_notifs} of the {want} notifications of the KV row's transfers never arrived",
                )
        elif now - last > a.timeout:
            raise ProbeError(
                "peer", f"{a.peer_name} sent nothing for {a.timeout:g}s mid-sweep (no row finished): it died or hangs"
            )
        if now > end:
            raise ProbeError("timeout", f"timed out waiting for {a.peer_name} to finish its transfers")
        time.sleep(0.001)
    return {"finished": finished, "checked": checked, "kvNotifs": kv_notifs}


class Replies:
    """The target's answers (ready, checked), keyed by prefix and row."""

    def __init__(self, agent, peer, timeout):
        self.agent, self.peer, self.timeout, self.got = agent, peer, timeout, {}

    def wait(self, prefix, row, what):
        def poll():
            for msg in self.agent.get_new_notifs().get(self.peer, []):
                for p in (READY_PREFIX, CHECKED_PREFIX):
                    if msg.startswith(p):
                        body = json.loads(msg[len(p) :].decode())
                        self.got[(p, body["row"])] = body
            return self.got.pop((prefix, row), None)

        return wait_for(what, time.monotonic() + self.timeout, poll)


def post_and_wait(agent, handles, where, timeout):
    """Post every handle, then poll them all to DONE; a ProbeError on ERR or after timeout."""
    for h, notif in handles:
        state = agent.transfer(h, notif) if notif else agent.transfer(h)
        if state not in ("DONE", "PROC"):
            raise ProbeError("transfer", f"{where}: NIXL reported {state}")
    started = time.monotonic()
    pending = [h for h, _ in handles]
    polls = 0
    while pending:
        still = []
        for h in pending:
            state = agent.check_xfer_state(h)
            if state == "PROC":
                still.append(h)
            elif state != "DONE":
                raise ProbeError("transfer", f"{where}: NIXL reported {state}")
        pending = still
        polls += 1
        # A peer that vanished can leave a transfer in PROC for good: bound each one.
        if pending and polls % 4096 == 0 and time.monotonic() - started > timeout:
            raise ProbeError("timeout", f"{where}: a transfer still in progress after {timeout:g}s (peer gone?)")


def timed(a, step, bytes_per_iter, min_iters, row_deadline):
    """Run step until min_iters and (--min-seconds or --min-bytes), or the row's share of --run-timeout."""
    done = 0
    t0 = time.perf_counter()
    while True:
        step(done)
        done += 1
        seconds = time.perf_counter() - t0
        if done >= min_iters and seconds >= a.min_seconds:
            return done, seconds, "seconds"
        if done >= min_iters and done * bytes_per_iter >= a.min_bytes:
            return done, seconds, "bytes"
        if time.monotonic() >= row_deadline:
            return done, seconds, "budget"


def windowed(a, agent, handles, where, block, min_transfers, row_deadline):
    """The in-flight row's timed part, nixlbench's --pipeline_depth loop (nixl_worker.cpp execTransferLoop):
    post every handle, then repost each one as it completes, until min_transfers and (--min-seconds or
    --min-bytes), or the row's budget; the transfers still in flight then finish inside the time measured.
    Returns (transfers, seconds, what ended it)."""
    t0 = time.perf_counter()
    for h in handles:
        post(agent, h, where)
    busy = list(range(len(handles)))
    done = 0
    enough = None
    last = time.monotonic()
    while busy:
        still = []
        for i in busy:
            state = agent.check_xfer_state(handles[i])
            if state == "PROC":
                still.append(i)
                continue
            if state != "DONE":
                raise ProbeError("transfer", f"{where}: NIXL reported {state}")
            done += 1
            last = time.monotonic()
            if enough is None:
                seconds = time.perf_counter() - t0
                if done >= min_transfers and seconds >= a.min_seconds:
                    enough = "seconds"
                elif done >= min_transfers and done * block >= a.min_bytes:
                    enough = "bytes"
                elif last >= row_deadline:
                    enough = "budget"
            if enough is None:
                post(agent, handles[i], where)
                still.append(i)
        busy = still
        # A peer that vanished can leave a transfer in PROC for good: bound the wait for the next completion.
        if busy and time.monotonic() - last > a.timeout:
            raise ProbeError("timeout", f"{where}: no transfer completed for {a.timeout:g}s (peer gone?)")
    return done, time.perf_counter() - t0, enough


def post(agent, handle, where):
    state = agent.transfer(handle)
    if state not in ("DONE", "PROC"):
        raise ProbeError("transfer", f"{where}: NIXL reported {state}")


def plan_rows(a, shape):
    rows = []
    for block in doubling(a.start_block, a.max_block):
        for batch in doubling(a.start_batch, a.max_batch):
            iters, warmup = a.iters, a.warmup
            if block > 1024 * 1024:
                iters = max(1, iters // a.large_block_iter_factor)
                warmup = warmup // a.large_block_iter_factor
            rows.append(
                {
                    "kind": "sweep",
                    "name": f"{batch} x {block} B",
                    "layout": Layout(batch, block, block),
                    "iters": iters,
                    "warmup": max(1, warmup),
                }
            )
    rows.extend(batched_rows(a))
    if a.in_flight > 1:
        # Several transfers of the largest block in flight, each its own request over its own part
        # of the buffer, reposted as it completes: the row the link's bandwidth is judged on.
        iters = max(1, a.iters // a.large_block_iter_factor) if a.max_block > 1024 * 1024 else a.iters
        rows.append(
            {
                "kind": "inflight",
                "name": f"{a.in_flight} in flight x {a.max_block} B",
                "layout": Layout(a.in_flight, a.max_block, a.max_block),
                "iters": max(a.in_flight, iters),
                "warmup": 1,
            }
        )
    if shape:
        # One KV round (every request of a step) moves far more than a sweep block: as many as
        # a large block gets, at least one, and the time/bytes rule decides the rest.
        rows.append(
            {
                "kind": "kv",
                "name": "kv",
                "layout": kv_layout(shape),
                "iters": max(1, a.iters // a.large_block_iter_factor // 16),
                "warmup": 1,
            }
        )
    return rows


# ---- a pair inside one NVLink domain (ITEST_NIXL_FABRIC=1) --------------------------------
# The peer's IMEX daemon may not be ready when this pod starts (the DRA driver starts a pod once
# its own node's daemon is up), so the first fabric import can fail: the exchange and the first
# transfer are retried for a bounded time, and every retry is a `retry` line (the timeline).
# (--nvlink-retry, 60 s). At 752 GB/s one 64 MiB copy lasts 89 us, so per-transfer overhead
# alone reads 60-75 %: the domain is also judged on rows of up to --nvlink-batch-bytes (1 GiB)
# per transfer (the largest block, batched).


def fabric_pair():
    return os.environ.get("ITEST_NIXL_FABRIC") == "1"


def retry_seconds(a):
    return a.nvlink_retry if fabric_pair() else 0.0


def nvlink_batch(a):
    """How many of the largest block (>= 1 MiB) one batched transfer of a fabric pair holds (1: none)."""
    if not fabric_pair() or a.max_block < (1 << 20):
        return 1
    return max(1, -(-a.nvlink_batch_bytes // a.max_block))


def batched_rows(a):
    """The large batched rows of a fabric pair: the largest block, batch doubling past --max-batch."""
    rows = []
    for batch in doubling(a.max_batch * 2, nvlink_batch(a)) if nvlink_batch(a) > a.max_batch else []:
        rows.append(
            {
                "kind": "sweep",
                "name": f"{batch} x {a.max_block} B",
                "layout": Layout(batch, a.max_block, a.max_block),
                "iters": max(1, a.iters // a.large_block_iter_factor),
                "warmup": 1,
            }
        )
    return rows


def with_retry(a, what, budget_s, attempt_fn):
    """attempt_fn() until it succeeds, for at most budget_s (0: once); a `retry` line per failure."""
    started = time.monotonic()
    attempt = 0
    while True:
        attempt += 1
        try:
            got = attempt_fn()
            if attempt > 1:
                emit(a, "retried", what=what, attempts=attempt, seconds=round(time.monotonic() - started, 3))
            return got
        except Exception as e:
            spent = time.monotonic() - started
            if spent >= budget_s:
                raise
            emit(a, "retry", what=what, attempt=attempt, seconds=round(spent, 3), error=str(e)[:300])
            time.sleep(min(5.0, 0.25 * 2 ** min(attempt, 5)))


def first_transfer(a, agent, make, where):
    """A handle whose first transfer went through (untimed); on a fabric pair, retried while it fails."""

    failures = [int(os.environ.get("INTERCONNECT_TEST_NIXL_PROBE_FAIL_FIRST", "0") or 0)]

    def attempt():
        handle = make()
        try:
            if failures[0] > 0:  # test only: the first N attempts fail as an unready IMEX import would
                failures[0] -= 1
                raise ProbeError("transfer", f"{where}: NIXL reported ERR (test: INTERCONNECT_TEST_NIXL_PROBE_FAIL_FIRST)")
            post_and_wait(agent, [(handle, None)], where, a.timeout)
        except Exception:
            try:
                agent.release_xfer_handle(handle)
            except Exception:
                pass
            raise
        return handle

    return with_retry(a, "first transfer", retry_seconds(a), attempt)


def fetch_metadata(a, agent, ip, deadline):
    """Fetch and load the target's metadata; on a fabric pair, fetch again while it does not load."""
    budget = retry_seconds(a)

    def once():
        agent.fetch_remote_metadata(a.peer_name, ip, a.peer_port)
        end = deadline if budget == 0 else min(deadline, time.monotonic() + 5.0)
        wait_for(f"metadata of {a.peer_name}", end, lambda: agent.check_remote_metadata(a.peer_name))

    with_retry(a, "exchange", min(budget, max(0.0, deadline - time.monotonic())), once)


def run_initiator(a, agent, buf, deadline_s, shape):
    try:
        ip = socket.getaddrinfo(a.peer, a.peer_port, socket.AF_INET, socket.SOCK_STREAM)[0][4][0]
    except OSError as e:
        raise ProbeError("resolve", f"cannot resolve the target {a.peer!r}: {e}")
    started_run = time.monotonic()
    deadline = started_run + deadline_s
    # NIXL's listen thread: push our metadata to the target's listener. The target answers
    # with its buffer (a notification) once it has registered it and loaded our metadata;
    # only then do we fetch its metadata, so the copy we load includes that registration.
    agent.send_local_metadata(ip, a.peer_port)
    remote = {}

    def descs():
        for msg in agent.get_new_notifs().get(a.peer_name, []):
            if msg.startswith(DESCS_PREFIX):
                remote.update(json.loads(msg[len(DESCS_PREFIX) :].decode()))
        return bool(remote)

    wait_for(f"the buffer of {a.peer_name} at {ip}:{a.peer_port}", deadline, descs)
    fetch_metadata(a, agent, ip, deadline)
    emit(a, "connected", peer=a.peer_name, peerAddress=ip, peerHost=remote.get("host"), peerMemory=remote.get("memory"))
    rows = plan_rows(a, shape)
    need = max(r["layout"].span() for r in rows)
    if remote["len"] < need:
        raise ProbeError("metadata", f"the target's buffer is {remote['len']} bytes; {need} needed")
    try:
        sweep(a, agent, buf, remote, rows, shape, started_run)
    except ProbeError as e:
        # Tell the target why, so it stops now rather than after --timeout of silence.
        try:
            agent.send_notif(a.peer_name, ABORT_PREFIX + f"{e.stage}: {e}".encode()[:512])
        except Exception:
            pass
        raise


def sweep(a, agent, buf, remote, rows, shape, started_run):
    replies = Replies(agent, a.peer_name, a.timeout)
    run_end = started_run + a.run_timeout
    kv_notifs = 0
    count = 0
    for index, row in enumerate(rows):
        layout = row["layout"]
        seed = row_seed(index)
        agent.send_notif(
            a.peer_name,
            message(BEGIN_PREFIX, {"row": index, "name": row["name"], "op": a.op, "seed": seed, "layout": layout.as_json()}),
        )
        buf.fill(0, layout.span(), seed ^ (SCRAMBLE if a.op == "READ" else 0))
        replies.wait(READY_PREFIX, index, f"{a.peer_name} to prepare row {row['name']}")
        where = f"{a.op} of row {row['name']}"
        moved = layout.count * layout.length
        extra = {}
        if row["kind"] == "sweep":

            def make(layout=layout):
                return agent.initialize_xfer(
                    a.op,
                    agent.get_xfer_descs(layout.descs(buf.addr, buf.dev_id), buf.memory),
                    agent.get_xfer_descs(layout.descs(remote["addr"], remote["dev"]), remote["memory"]),
                    a.peer_name,
                )

            handle = first_transfer(a, agent, make, where) if index == 0 else make()

            def step(_i, handle=handle):
                post_and_wait(agent, [(handle, None)], where, a.timeout)

            cleanup = [lambda handle=handle: agent.release_xfer_handle(handle)]
        elif row["kind"] == "inflight":
            handles = [
                agent.initialize_xfer(
                    a.op,
                    agent.get_xfer_descs([(buf.addr + i * layout.stride, layout.length, buf.dev_id)], buf.memory),
                    agent.get_xfer_descs(
                        [(remote["addr"] + i * layout.stride, layout.length, remote["dev"])], remote["memory"]
                    ),
                    a.peer_name,
                )
                for i in range(layout.count)
            ]

            def step(_i, handles=handles):
                post_and_wait(agent, [(h, None) for h in handles], where, a.timeout)

            cleanup = [lambda h=h: agent.release_xfer_handle(h) for h in handles]
        else:
            # vLLM's _read_blocks: per request, make_prepped_xfer over prepared descriptor lists
            # (one per layer, K or V, and block) with a notification, posted at once, polled to DONE.
            local_dl = agent.prep_xfer_dlist("NIXL_INIT_AGENT", layout.descs(buf.addr, buf.dev_id), mem_type=buf.memory)
            remote_dl = agent.prep_xfer_dlist(
                a.peer_name, layout.descs(remote["addr"], remote["dev"]), mem_type=remote["memory"]
            )
            per = shape["descsPerRequest"]
            indices = [list(range(r * per, (r + 1) * per)) for r in range(shape["requests"])]
            sent = [0]

            def step(i):
                handles = []
                for r, idx in enumerate(indices):
                    notif = KV_PREFIX + f"{index}:{i}:{r}".encode()
                    handles.append(
                        (agent.make_prepped_xfer(a.op, local_dl, idx, remote_dl, idx, notif_msg=notif), None)
                    )
                try:
                    post_and_wait(agent, handles, where, a.timeout)
                finally:
                    for h, _ in handles:
                        agent.release_xfer_handle(h)
                sent[0] += len(handles)

            cleanup = [lambda: agent.release_dlist_handle(local_dl), lambda: agent.release_dlist_handle(remote_dl)]
            extra = {"kv": shape, "notifs": sent}
        for w in range(row["warmup"]):
            step(w)
        rows_left = len(rows) - index
        budget = max(0.0, (run_end - time.monotonic()) * 0.8 / rows_left)
        if row["kind"] == "inflight":
            # Counted in transfers, not rounds: each transfer moves one block.
            transfers, seconds, enough = windowed(a, agent, handles, where, layout.length, row["iters"], time.monotonic() + budget)
            iters = transfers
            moved = layout.length
        else:
            iters, seconds, enough = timed(a, lambda i: step(row["warmup"] + i), moved, row["iters"], time.monotonic() + budget)
        for release in cleanup:
            release()
        check = None
        if a.op == "READ":
            check = check_row(buf, layout, seed, row["name"], a.check_chunk)
        agent.send_notif(a.peer_name, message(END_PREFIX, {"row": index}))
        reply = replies.wait(CHECKED_PREFIX, index, f"{a.peer_name} to check row {row['name']}")
        if reply.get("error"):
            raise ProbeError("verify", f"the target found: {reply['error']}")
        check = check or reply.get("check")
        fields = {}
        if row["kind"] == "kv":
            kv_notifs += extra["notifs"][0]
            fields = {"kv": shape, "notifs": extra["notifs"][0]}
        elif row["kind"] == "inflight":
            fields = {"inFlight": layout.count}
        emit(
            a,
            "measurement",
            op=a.op,
            row=index,
            kind=row["kind"],
            blockSize=layout.length,
            batchSize={"sweep": layout.count, "inflight": 1}.get(row["kind"]) or shape["descsPerRequest"],
            iters=iters,
            warmup=row["warmup"],
            seconds=seconds,
            bytes=moved * iters,
            enough=enough,
            gbps=moved * iters / 1e9 / seconds if seconds > 0 else 0.0,
            avgLatUs=seconds * 1e6 / (iters * (1 if row["kind"] == "inflight" else layout.count)),
            check=check,
            **fields,
        )
        count += 1
    agent.send_notif(a.peer_name, message(DONE_PREFIX, {"op": a.op, "measurements": count, "kvNotifs": kv_notifs}))
    emit(a, "done", measurements=count, verified=True)


def main(argv):
    a = parse_args(argv)
    device = select_device(a.device)
    # SIGTERM (a pod deleted, `pair` stopping us) ends the run like Ctrl-C: Python's own SIGINT handler.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    ucx_logging(os.environ)
    try:
        version, nixl_agent, nixl_agent_config = load_nixl()
        memory = a.memory
        if memory == "auto":
            present, _how = gpu_present()
            memory = "VRAM" if present else "DRAM"
        shape = kv_shape(a)
        size = a.max_block * max(a.max_batch, nvlink_batch(a), a.in_flight)
        if shape:
            size = max(size, kv_layout(shape).span())
        fill = READ_PATTERN if a.role == "target" else WRITE_PATTERN
        try:
            buf = Buffer(memory, size, device, fill, fabric=os.environ.get("ITEST_NIXL_FABRIC") == "1")
        except ProbeError:
            raise
        except Exception as e:
            raise ProbeError("memory", f"cannot allocate {size} bytes of {memory}: {e}")
        emit(
            a,
            "start",
            agent=a.name,
            host=socket.gethostname(),
            pid=os.getpid(),
            nixlVersion=version,
            python=sys.version.split()[0],
            memory=memory,
            memorySource=buf.source,
            **({"fabric": buf.fabric} if buf.fabric is not None else {}),
            device=buf.dev_id if memory == "VRAM" else None,
            gpu=gpu_used(buf.dev_id) if memory == "VRAM" else None,
            op=a.op,
            blockSizes=doubling(a.start_block, a.max_block),
            batchSizes=doubling(a.start_batch, a.max_batch),
            minSeconds=a.min_seconds,
            minBytes=a.min_bytes,
            kv=shape,
            inFlight=a.in_flight,
        )
        listen = a.listen_port if a.role == "target" else 0
        try:
            agent = nixl_agent(a.name, nixl_agent_config(True, True, listen, backends=[a.backend]))
        except Exception as e:
            raise ProbeError("agent", f"cannot create the NIXL agent with {a.backend}: {e}")
        if a.backend not in getattr(agent, "backends", {a.backend: None}):
            raise ProbeError(
                "agent", f"NIXL has no {a.backend} backend (plugin not found: check NIXL_PLUGIN_DIR)"
            )
        try:
            agent.register_memory([(buf.addr, buf.size, buf.dev_id, "")], memory)
        except Exception as e:
            raise ProbeError("register", f"registering {size} bytes of {memory} with NIXL failed: {e}")
        if a.role == "target":
            # Never less than --timeout: a later leg's target still waits as long as the first did.
            connect = a.timeout if a.connect_timeout is None else max(a.connect_timeout, a.timeout)
            run_target(a, agent, buf, connect)
        else:
            run_initiator(a, agent, buf, a.timeout, shape)
        return 0
    except ProbeError as e:
        emit(a, "error", stage=e.stage, message=str(e))
        return e.code
    except KeyboardInterrupt:
        emit(a, "error", stage="interrupted", message="stopped by a signal")
        return 130
    except Exception as e:  # a NIXL call raised: name it, no traceback
        emit(a, "error", stage="nixl", message=f"{type(e).__name__}: {e}")
        return 1


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    # Skip interpreter teardown: NIXL's and UCX's threads can hang a normal exit.
    os._exit(code)
