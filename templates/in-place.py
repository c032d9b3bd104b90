"""
interconnect-test `pair --in-place`: the helper that runs inside a live worker pod, through the
exec API, as `python3 -c <this file> MODE MARKER ...`. Standard library only; it writes nothing
to the pod's filesystem and leaves no process behind.

  preflight MARKER [vram]  one JSON line: the Python, its nixl, the container's memory limit and
                           use (cgroup v2 or v1, else the node's MemAvailable), the TCP ports that
                           listen, the CPUs it may use, and with `vram` the GPUs' free memory
                           (NVML through ctypes: no CUDA context is made)
  run MARKER SECONDS -- ARGS
                           reads `<length>\\n<probe source>` from stdin and runs the probe as
                           `python3 -c <source> ARGS` in a child of its own session, at nice 19,
                           pinned to one CPU, one thread for numpy/OpenMP; the child's output is
                           this exec's output. When stdin ends (the exec stream closed: Ctrl-C,
                           a timeout, a lost connection) or SECONDS pass, the child is stopped
                           (SIGTERM, then SIGKILL after 3 s). Exits with the child's code.
  reap MARKER              kills every process whose command line or environment holds MARKER
                           (but itself) and
                           prints one JSON line: how many it killed and how many are left.

MARKER (`itest-inplace-<run id>`) is in every command line this run starts, so `reap` finds them.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time


def out(fields):
    sys.stdout.write(json.dumps(fields, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def read_int(path):
    try:
        with open(path) as f:
            text = f.read().strip()
    except OSError:
        return None
    if text in ("", "max"):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def cgroup_memory():
    # cgroup v2 (the unified hierarchy, mounted at /sys/fs/cgroup in the container's namespace):
    # memory.max ("max": no limit) and memory.current; v1: memory.limit_in_bytes (a huge number
    # means no limit) and memory.usage_in_bytes. Documentation/admin-guide/cgroup-v2.rst.
    if os.path.exists("/sys/fs/cgroup/memory.current"):
        return {
            "version": 2,
            "limit": read_int("/sys/fs/cgroup/memory.max"),
            "current": read_int("/sys/fs/cgroup/memory.current"),
        }
    base = "/sys/fs/cgroup/memory/"
    if os.path.exists(base + "memory.usage_in_bytes"):
        limit = read_int(base + "memory.limit_in_bytes")
        return {
            "version": 1,
            "limit": limit if limit is not None and limit < (1 << 60) else None,
            "current": read_int(base + "memory.usage_in_bytes"),
        }
    return None


def mem_available():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def listening_ports():
    # /proc/net/tcp{,6}: local_address is HEX_IP:HEX_PORT, st 0A is TCP_LISTEN (include/net/tcp_states.h).
    ports = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name) as f:
                next(f, None)
                for line in f:
                    parts = line.split()
                    if len(parts) > 3 and parts[3] == "0A":
                        ports.add(int(parts[1].rsplit(":", 1)[1], 16))
        except (OSError, ValueError):
            pass
    return sorted(ports)


def nixl_version():
    try:
        from importlib import metadata
    except ImportError:
        return None, "no importlib.metadata"
    for name in ("nixl", "nixl-cu12", "nixl-cu13"):
        try:
            return metadata.version(name), None
        except metadata.PackageNotFoundError:
            continue
        except Exception as e:
            return None, f"{type(e).__name__}: {e}"
    return None, "no nixl distribution is installed"


def nvml_memory():
    # NVML (nvml.h): nvmlInit_v2, nvmlDeviceGetCount_v2, nvmlDeviceGetHandleByIndex_v2,
    # nvmlDeviceGetMemoryInfo fills {total, free, used} as unsigned long long. No CUDA context.
    import ctypes

    try:
        lib = ctypes.CDLL("libnvidia-ml.so.1")
    except OSError as e:
        return {"error": f"no NVML: {e}"}

    class Memory(ctypes.Structure):
        _fields_ = [("total", ctypes.c_ulonglong), ("free", ctypes.c_ulonglong), ("used", ctypes.c_ulonglong)]

    if lib.nvmlInit_v2() != 0:
        return {"error": "nvmlInit_v2 failed"}
    try:
        count = ctypes.c_uint(0)
        if lib.nvmlDeviceGetCount_v2(ctypes.byref(count)) != 0:
            return {"error": "nvmlDeviceGetCount_v2 failed"}
        gpus = []
        for i in range(count.value):
            handle = ctypes.c_void_p()
            mem = Memory()
            if lib.nvmlDeviceGetHandleByIndex_v2(i, ctypes.byref(handle)) != 0:
                continue
            if lib.nvmlDeviceGetMemoryInfo(handle, ctypes.byref(mem)) != 0:
                continue
            gpus.append({"index": i, "total": mem.total, "free": mem.free})
        return {"gpus": gpus}
    finally:
        lib.nvmlShutdown()


def preflight(marker, want_vram):
    version, why = nixl_version()
    fields = {
        "helper": "in-place",
        "mode": "preflight",
        "marker": marker,
        "python": sys.version.split()[0],
        "nixl": version,
        "cgroup": cgroup_memory(),
        "memAvailable": mem_available(),
        "listening": listening_ports(),
        "cpus": len(os.sched_getaffinity(0)),
        "pid": os.getpid(),
        "host": os.uname().nodename,
    }
    if why:
        fields["nixlError"] = why
    if want_vram:
        fields["vram"] = nvml_memory()
    out(fields)
    return 0


def read_source():
    header = sys.stdin.buffer.readline()
    try:
        size = int(header.strip())
    except ValueError:
        out({"helper": "in-place", "mode": "run", "error": "no probe on stdin (expected <length>\\n<source>)"})
        return None
    data = b""
    while len(data) < size:
        chunk = sys.stdin.buffer.read(size - len(data))
        if not chunk:
            break
        data += chunk
    if len(data) != size:
        out({"helper": "in-place", "mode": "run", "error": f"stdin ended after {len(data)} of {size} bytes"})
        return None
    return data.decode()


def confine():
    # In the child before exec: its own session (one signal reaches all it starts), the lowest
    # priority, and one CPU of those the container may use.
    os.setsid()
    os.nice(19)
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[-1]})


def stop(child):
    try:
        os.killpg(child.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    child.wait()


def run(marker, seconds, args):
    source = read_source()
    if source is None:
        return 2
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # UCX logs to stdout by default (ucs_open_output_stream), where its lines cut into the probe's
    # own: this child's UCX logs go to stderr, a stream of their own. Only this child's.
    env["UCX_LOG_FILE"] = "stderr"
    # `reap` finds the child by this too, whatever its arguments say.
    env["INTERCONNECT_TEST_IN_PLACE"] = marker
    child = subprocess.Popen(
        [sys.executable, "-c", source, *args],
        stdin=subprocess.DEVNULL,
        env=env,
        preexec_fn=confine,
        cwd="/",
    )
    ended = threading.Event()

    def watch_stdin():
        # Anything after the source is ignored; its end is the order to stop.
        while sys.stdin.buffer.read(4096):
            pass
        ended.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    deadline = time.monotonic() + seconds
    while child.poll() is None:
        if ended.is_set() or time.monotonic() > deadline:
            stop(child)
            why = "the exec stream closed" if ended.is_set() else f"{seconds:g}s passed"
            out({"helper": "in-place", "mode": "run", "stopped": why, "marker": marker})
            return 130 if ended.is_set() else 124
        time.sleep(0.05)
    return child.returncode if child.returncode >= 0 else 128 - child.returncode


def holders(marker):
    me = os.getpid()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        for part in ("cmdline", "environ"):
            try:
                with open(f"/proc/{name}/{part}", "rb") as f:
                    text = f.read()
            except OSError:
                continue
            if marker.encode() in text:
                found.append(int(name))
                break
    return found


def reap(marker):
    pids = holders(marker)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + 5
    left = holders(marker)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = holders(marker)
    out({"helper": "in-place", "mode": "reap", "marker": marker, "killed": len(pids), "left": len(left)})
    return 0 if not left else 1


def main(argv):
    if len(argv) < 2 or not argv[1].startswith("itest-inplace-"):
        out({"helper": "in-place", "error": "usage: preflight|run|reap itest-inplace-<id> ..."})
        return 2
    mode, marker = argv[0], argv[1]
    if mode == "preflight":
        return preflight(marker, "vram" in argv[2:])
    if mode == "reap":
        return reap(marker)
    if mode == "run" and len(argv) >= 4 and argv[3] == "--":
        return run(marker, float(argv[2]), argv[4:])
    out({"helper": "in-place", "error": f"unknown mode {mode}"})
    return 2


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    # No interpreter teardown: the stdin watcher thread may still be blocked in a read.
    os._exit(code)
