#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""interconnect-test's NIXL probe: one KV-cache-style transfer sweep between two
NIXL agents, through the NIXL (and UCX) installed where it runs.

It uses only NIXL's public Python API (nixl._api: nixl_agent, nixl_agent_config,
register_memory, get_xfer_descs, the listen-thread metadata exchange,
initialize_xfer, transfer, check_xfer_state, send_notif, get_new_notifs) and the
standard library. Memory: VRAM through torch when the image has it, else through
the CUDA driver API (ctypes on libcuda); DRAM otherwise. Every NIXL call is
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
)
DONE_PREFIX = b"interconnect-test:done:"
ROW_NOTIF = b"interconnect-test:row"
DESCS_PREFIX = b"interconnect-test:descs:"
READ_PATTERN = 0xA5  # the target's buffer: what a READ brings back
WRITE_PATTERN = 0x5A  # the initiator's buffer: what a WRITE leaves on the target

ROLE = "?"


def emit(event, **fields):
    line = {"probe": PROBE, "v": SCHEMA, "event": event, "role": ROLE}
    line.update(fields)
    sys.stdout.write(json.dumps(line, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class ProbeError(Exception):
    def __init__(self, stage, message, code=1):
        super().__init__(message)
        self.stage = stage
        self.code = code


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
    p.add_argument("--device", type=int, default=0, help="CUDA device for VRAM")
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
        "--timeout",
        type=float,
        default=120.0,
        help="seconds to wait for the peer to connect, for one transfer, and (target) between two finished rows",
    )
    p.add_argument(
        "--run-timeout", type=float, default=3600.0, help="target: seconds to wait for the initiator's sweep"
    )
    a = p.parse_args(argv)
    for name in ("start_block", "max_block", "start_batch", "max_batch", "iters", "large_block_iter_factor"):
        if getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if a.warmup < 0:
        p.error("--warmup must be 0 or more")
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
    def __init__(self, memory, size, device, fill):
        self.memory = memory
        self.size = size
        self.device = device
        self.keep = None
        if memory == "DRAM":
            self.source = "host"
            self.keep = mmap.mmap(-1, size)
            self.keep.write(bytes([fill]) * size)
            self.addr = ctypes.addressof(ctypes.c_char.from_buffer(self.keep))
            self.dev_id = 0
            return
        self.dev_id = device
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

    def head(self, n):
        """The first n bytes, DRAM only (None for VRAM)."""
        if self.memory != "DRAM":
            return None
        return bytes(self.keep[:n])


# ---- the two roles ----------------------------------------------------------


def wait_for(what, deadline, poll, interval=0.001):
    while True:
        got = poll()
        if got:
            return got
        if time.monotonic() > deadline:
            raise ProbeError("timeout", f"timed out waiting for {what}")
        time.sleep(interval)


def run_target(a, agent, buf, deadline_s):
    emit("ready", port=a.listen_port, agent=a.name)
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
    emit("connected", peer=a.peer_name)
    finished = {}
    end = time.monotonic() + a.run_timeout
    silent_since = [time.monotonic()]

    def done():
        msgs = agent.get_new_notifs().get(a.peer_name, [])
        if msgs:
            silent_since[0] = time.monotonic()
        for msg in msgs:
            if msg.startswith(DONE_PREFIX):
                finished.update(json.loads(msg[len(DONE_PREFIX) :].decode()))
        if not finished and time.monotonic() - silent_since[0] > a.timeout:
            raise ProbeError(
                "peer", f"{a.peer_name} sent nothing for {a.timeout:g}s mid-sweep (no row finished): it died or hangs"
            )
        return bool(finished)

    # The initiator's whole sweep runs in here: a heartbeat per row, at most --run-timeout in all.
    wait_for(f"{a.peer_name} to finish its transfers", end, done, 0.01)
    verified = None
    # The initiator says which operation it ran; only its WRITEs leave bytes here to check.
    if finished.get("op") == "WRITE" and buf.memory == "DRAM":
        verified = buf.head(a.start_block) == bytes([WRITE_PATTERN]) * a.start_block
        if not verified:
            raise ProbeError("verify", "after the WRITEs the target's buffer does not hold the initiator's bytes")
    emit("done", verified=verified, op=finished.get("op"))


def run_initiator(a, agent, buf, deadline_s):
    try:
        ip = socket.getaddrinfo(a.peer, a.peer_port, socket.AF_INET, socket.SOCK_STREAM)[0][4][0]
    except OSError as e:
        raise ProbeError("resolve", f"cannot resolve the target {a.peer!r}: {e}")
    deadline = time.monotonic() + deadline_s
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
    agent.fetch_remote_metadata(a.peer_name, ip, a.peer_port)
    wait_for(f"metadata of {a.peer_name}", deadline, lambda: agent.check_remote_metadata(a.peer_name))
    emit("connected", peer=a.peer_name, peerAddress=ip, peerHost=remote.get("host"), peerMemory=remote.get("memory"))
    need = a.max_block * a.max_batch
    if remote["len"] < need:
        raise ProbeError("metadata", f"the target's buffer is {remote['len']} bytes; {need} needed")

    count = 0
    for block in doubling(a.start_block, a.max_block):
        for batch in doubling(a.start_batch, a.max_batch):
            iters, warmup = a.iters, a.warmup
            if block > 1024 * 1024:
                iters = max(1, iters // a.large_block_iter_factor)
                warmup = warmup // a.large_block_iter_factor
            local = agent.get_xfer_descs(
                [(buf.addr + i * block, block, buf.dev_id) for i in range(batch)], buf.memory
            )
            far = agent.get_xfer_descs(
                [(remote["addr"] + i * block, block, remote["dev"]) for i in range(batch)], remote["memory"]
            )
            handle = agent.initialize_xfer(a.op, local, far, a.peer_name)
            where = f"{a.op} of {batch} x {block} B"

            def once():
                state = agent.transfer(handle)
                polls = 0
                started = time.monotonic()
                while state == "PROC":
                    state = agent.check_xfer_state(handle)
                    polls += 1
                    # A peer that vanished can leave a transfer in PROC for good: bound each one.
                    if polls % 4096 == 0 and time.monotonic() - started > a.timeout:
                        raise ProbeError(
                            "timeout", f"{where}: one transfer still in progress after {a.timeout:g}s (peer gone?)"
                        )
                if state != "DONE":
                    raise ProbeError("transfer", f"{where}: NIXL reported {state}")

            for _ in range(warmup):
                once()
            t0 = time.perf_counter()
            for _ in range(iters):
                once()
            seconds = time.perf_counter() - t0
            agent.release_xfer_handle(handle)
            moved = block * batch * iters
            emit(
                "measurement",
                op=a.op,
                blockSize=block,
                batchSize=batch,
                iters=iters,
                warmup=warmup,
                seconds=seconds,
                gbps=moved / 1e9 / seconds if seconds > 0 else 0.0,
                avgLatUs=seconds * 1e6 / (iters * batch),
            )
            count += 1
            # A heartbeat per row: the target gives up when the initiator falls silent.
            agent.send_notif(a.peer_name, ROW_NOTIF)
    verified = None
    if a.op == "READ" and buf.memory == "DRAM":
        verified = buf.head(a.start_block) == bytes([READ_PATTERN]) * a.start_block
        if not verified:
            raise ProbeError("verify", "after the READs the initiator's buffer does not hold the target's bytes")
    agent.send_notif(a.peer_name, DONE_PREFIX + json.dumps({"op": a.op, "measurements": count}).encode())
    emit("done", measurements=count, verified=verified)


def main(argv):
    global ROLE
    a = parse_args(argv)
    ROLE = a.role
    # SIGTERM (a pod deleted, `pair` stopping us) ends the run like Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    ucx_logging(os.environ)
    try:
        version, nixl_agent, nixl_agent_config = load_nixl()
        memory = a.memory
        if memory == "auto":
            present, _how = gpu_present()
            memory = "VRAM" if present else "DRAM"
        size = a.max_block * a.max_batch
        fill = READ_PATTERN if a.role == "target" else WRITE_PATTERN
        try:
            buf = Buffer(memory, size, a.device, fill)
        except ProbeError:
            raise
        except Exception as e:
            raise ProbeError("memory", f"cannot allocate {size} bytes of {memory}: {e}")
        emit(
            "start",
            agent=a.name,
            host=socket.gethostname(),
            pid=os.getpid(),
            nixlVersion=version,
            python=sys.version.split()[0],
            memory=memory,
            memorySource=buf.source,
            device=buf.dev_id if memory == "VRAM" else None,
            op=a.op,
            blockSizes=doubling(a.start_block, a.max_block),
            batchSizes=doubling(a.start_batch, a.max_batch),
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
            run_target(a, agent, buf, a.timeout)
        else:
            run_initiator(a, agent, buf, a.timeout)
        return 0
    except ProbeError as e:
        emit("error", stage=e.stage, message=str(e))
        return e.code
    except KeyboardInterrupt:
        emit("error", stage="interrupted", message="stopped by a signal")
        return 130
    except Exception as e:  # a NIXL call raised: name it, no traceback
        emit("error", stage="nixl", message=f"{type(e).__name__}: {e}")
        return 1


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    # Skip interpreter teardown: NIXL's and UCX's threads can hang a normal exit.
    os._exit(code)
