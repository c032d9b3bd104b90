"""
interconnect-test `pair --in-place`: the helper that runs inside a live worker pod, through the
exec API, as `python3 -c <this file> MODE MARKER ...`. Standard library only; it writes nothing
to the pod's filesystem and leaves no process behind. Every mode first sets its own
oom_score_adj to 1000: when the container runs out of memory the kernel kills us, never the
worker.

  preflight MARKER [vram]  one JSON line: the Python, its nixl, the container's own memory cgroup
                           (found through /proc/self/cgroup and /proc/self/mountinfo, v2 or v1,
                           the tightest of it and its parents), the node's MemAvailable, the TCP
                           ports that listen, the CPUs it may use, and with `vram` the GPUs' free
                           memory (NVML through ctypes: no CUDA context is made)
  run MARKER SECONDS GUARD -- ARGS
                           reads `<length>\\n<probe source>` from stdin and runs the probe as
                           `python3 -c <source> ARGS` in a child of its own session, at nice 19,
                           pinned to one CPU, one thread for numpy/OpenMP, oom_score_adj 1000, and
                           killed by the kernel if this helper dies (PR_SET_PDEATHSIG); the
                           child's output is this exec's output. When stdin ends (the exec stream
                           closed: Ctrl-C, a timeout, a lost connection) or SECONDS pass, the child
                           is stopped (SIGTERM, then SIGKILL after 3 s). While it runs the
                           container's free memory is watched: under GUARD bytes (0: not watched)
                           the child is killed at once. Exits with the child's code; its last
                           line says how the worker's memory fared.
  reap MARKER AGE          kills every process of this run: the whole environment entry
                           INTERCONNECT_TEST_IN_PLACE=MARKER or MARKER as a whole argument, started
                           at most AGE seconds ago (never one that was there before the run), but
                           itself; prints one JSON line: how many it killed and how many are left.

MARKER (`itest-inplace-<run id>`) is a whole argument of every helper this run starts, and the
probe child carries it in its environment, so `reap` finds them and nothing else.
"""

import ctypes
import json
import os
import re
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


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def unescape(field):
    # mountinfo escapes space, tab, newline and backslash as \ooo (proc(5)).
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def cgroup_mounts(mountinfo):
    # /proc/self/mountinfo (proc(5)): ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE
    # SOURCE SUPEROPTIONS. ROOT is the cgroup this mount shows at MOUNTPOINT.
    found = []
    for line in mountinfo.splitlines():
        left, sep, right = line.partition(" - ")
        l, r = left.split(), right.split()
        if not sep or len(l) < 5 or not r or r[0] not in ("cgroup", "cgroup2"):
            continue
        opts = r[2].split(",") if len(r) > 2 else []
        found.append({"v": 2 if r[0] == "cgroup2" else 1, "root": unescape(l[3]), "at": unescape(l[4]), "opts": opts})
    return found


def in_mount(root, at, path):
    # Where the cgroup `path` (of /proc/self/cgroup) is under a mount that shows cgroup `root` at
    # `at`; None when that mount does not show it (the rule of OpenJDK's cgroup v1/v2 controllers).
    if root == "/":
        return at.rstrip("/") + (path if path != "/" else "")
    if path == root:
        return at
    if path.startswith(root.rstrip("/") + "/"):
        return at.rstrip("/") + path[len(root.rstrip("/")):]
    return None


def cgroup_candidates(cgroups, mountinfo):
    """Where this process's own memory cgroup may be: (version, directory, mount point), best first.

    /proc/self/cgroup (cgroups(7)): `ID:CONTROLLERS:PATH`, `0::PATH` for v2. A v1 hierarchy with
    the memory controller comes first (on a hybrid host the v2 hierarchy has no memory
    controller), then v2."""
    v1 = v2 = None
    for line in cgroups.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        if parts[0] == "0" and parts[1] == "":
            v2 = parts[2]
        elif "memory" in parts[1].split(","):
            v1 = parts[2]
    found = []
    for m in cgroup_mounts(mountinfo):
        if m["v"] == 1 and v1 is not None and "memory" in m["opts"]:
            d = in_mount(m["root"], m["at"], v1)
            if d:
                found.insert(0, (1, d, m["at"]))
        elif m["v"] == 2 and v2 is not None:
            d = in_mount(m["root"], m["at"], v2)
            if d:
                found.append((2, d, m["at"]))
    return found


def memory_cgroup_dir(cgroups, mountinfo):
    """The first candidate whose usage file is there to read, or None."""
    for version, d, top in cgroup_candidates(cgroups, mountinfo):
        usage = "memory.current" if version == 2 else "memory.usage_in_bytes"
        if os.path.exists(os.path.join(d, usage)):
            return {"version": version, "dir": d, "top": top}
    return None


def memory_levels(cg):
    """(limit, working set, dir) of the cgroup and each parent up to its mount: a parent's limit
    (the pod's) binds as hard as the container's own. v2: memory.max ("max": none) and
    memory.current; v1: memory.limit_in_bytes (near 2^63: none) and memory.usage_in_bytes; each
    less the inactive file pages of memory.stat."""
    limit_file, usage_file = (
        ("memory.max", "memory.current") if cg["version"] == 2 else ("memory.limit_in_bytes", "memory.usage_in_bytes")
    )
    inactive = "inactive_file" if cg["version"] == 2 else "total_inactive_file"
    levels = []
    d, top = os.path.normpath(cg["dir"]), os.path.normpath(cg["top"])
    while True:
        limit = read_int(os.path.join(d, limit_file))
        if limit is not None and limit >= (1 << 60):
            limit = None
        levels.append((limit, working_set(read_int(os.path.join(d, usage_file)), d, inactive), d))
        if d == top or not d.startswith(top + "/"):
            break
        d = os.path.dirname(d)
    return levels


def working_set(usage, d, inactive):
    # The use counted against the limit less the page cache the kernel reclaims first (inactive
    # file pages, memory.stat): the kubelet's working set. A worker that read its model weights
    # has them in its cgroup's page cache; that is not memory it would be OOM-killed for.
    if usage is None:
        return None
    for line in (read_text(os.path.join(d, "memory.stat")) or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == inactive and parts[1].isdigit():
            return max(0, usage - int(parts[1]))
    return usage


def tightest(cg):
    """The level with the least free memory under its limit; the cgroup's own when none has one."""
    levels = memory_levels(cg)
    limited = [lv for lv in levels if lv[0] is not None and lv[1] is not None]
    if limited:
        return min(limited, key=lambda lv: lv[0] - lv[1])
    return levels[0]


def cgroup_memory():
    cg = memory_cgroup_dir(read_text("/proc/self/cgroup") or "", read_text("/proc/self/mountinfo") or "")
    if cg is None:
        return None, None
    limit, current, d = tightest(cg)
    if current is None:
        return None, None
    return {"version": cg["version"], "path": d, "limit": limit, "current": current}, cg


def oom_kills(cg):
    # v2: memory.events `oom_kill N` (cgroup-v2.rst); v1: memory.oom_control `oom_kill N` (4.13+).
    if cg is None:
        return None
    text = read_text(os.path.join(cg["dir"], "memory.events" if cg["version"] == 2 else "memory.oom_control"))
    for line in (text or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "oom_kill" and parts[1].isdigit():
            return int(parts[1])
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
        "cgroup": cgroup_memory()[0],
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


OOM_SCORE_ADJ = "1000"


def lose_every_oom_contest():
    # oom_score_adj 1000: the OOM killer takes this process first, whatever its size; raising it
    # needs no privilege (Documentation/filesystems/proc.rst, /proc/<pid>/oom_score_adj).
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write(OOM_SCORE_ADJ)
        return True
    except OSError:
        return False


# prctl(PR_SET_PDEATHSIG, SIGKILL): the kernel kills the child when the thread that started it
# (this helper's main thread) dies; kept across execve (prctl(2); include/uapi/linux/prctl.h).
PR_SET_PDEATHSIG = 1
LIBC = ctypes.CDLL(None, use_errno=True)
PARENT = os.getpid()


def confine():
    # In the child before exec, before the probe allocates anything: the first victim of any OOM,
    # dead with its helper, its own session (one signal reaches all it starts), the lowest
    # priority, and one CPU of those the container may use.
    if not lose_every_oom_contest():
        raise OSError("cannot set /proc/self/oom_score_adj")
    if LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG)")
    if os.getppid() != PARENT:
        # The helper died before the line above: nobody would stop this child.
        os._exit(1)
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
    kill_now(child)


def kill_now(child):
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    child.wait()


def mib(n):
    return f"{n / 1048576:.0f} MiB"


def rss(pid):
    for line in (read_text(f"/proc/{pid}/status") or "").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None


class MemoryWatch:
    """The container's free memory while the probe runs: the tightest cgroup level's limit less
    its use, else (no limit anywhere) the node's MemAvailable. Under `guard` the worker has
    eaten the headroom: the probe must go at once."""

    def __init__(self, guard):
        self.guard = guard
        _, self.cg = cgroup_memory()
        self.kills_before = oom_kills(self.cg)
        self.min_free = None
        self.where = "the node's MemAvailable"

    def free(self):
        if self.cg is not None:
            levels = [lv for lv in memory_levels(self.cg) if lv[0] is not None and lv[1] is not None]
            if levels:
                limit, usage, _ = min(levels, key=lambda lv: lv[0] - lv[1])
                self.where = f"the container's {mib(limit)} memory limit (cgroup v{self.cg['version']})"
                return limit - usage
        return mem_available()

    def short(self, child):
        """A line when the headroom is gone, else None."""
        free = self.free()
        if free is None:
            return None
        self.min_free = free if self.min_free is None else min(self.min_free, free)
        if self.guard <= 0 or free >= self.guard:
            return None
        held = rss(child.pid)
        probe = f", the probe held {mib(held)}" if held is not None else ""
        return (
            f"the worker's memory grew until {mib(max(0, free))} was free under {self.where} "
            f"(below the {mib(self.guard)} guard{probe}): the probe was stopped at once, the worker kept its memory"
        )

    def oom(self):
        """What the kernel did when the probe died of SIGKILL we did not send."""
        after = oom_kills(self.cg)
        if self.kills_before is None or after is None:
            return None, (
                "the probe was killed by SIGKILL from outside (most likely the OOM killer; no OOM count "
                "could be read, so whether the worker lost a process is not known)"
            )
        n = after - self.kills_before
        if n == 1:
            return n, "the probe was killed for memory, the worker was not touched"
        if n == 0:
            return n, "the probe was killed by SIGKILL from outside, not by the OOM killer"
        return n, (
            f"the container's OOM killer killed {n} processes, the probe among them: "
            f"the worker lost {n - 1}"
        )


def memory_line(marker, watch, state, detail, **more):
    fields = {"helper": "in-place", "mode": "run", "marker": marker, "memory": state, "detail": detail}
    fields.update({"minFree": watch.min_free, "guard": watch.guard}, **more)
    out(fields)


def run(marker, seconds, guard, args):
    source = read_source()
    if source is None:
        return 2
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # UCX logs to stdout by default (ucs_open_output_stream), where its lines cut into the probe's
    # own: this child's UCX logs go to stderr, a stream of their own. Only this child's.
    env["UCX_LOG_FILE"] = "stderr"
    # `reap` finds the child by this exact entry, whatever its arguments say.
    env["INTERCONNECT_TEST_IN_PLACE"] = marker
    watch = MemoryWatch(guard)
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
        short = watch.short(child)
        if short:
            kill_now(child)
            memory_line(marker, watch, "guard", short)
            return 137
        if ended.is_set() or time.monotonic() > deadline:
            stop(child)
            why = "the exec stream closed" if ended.is_set() else f"{seconds:g}s passed"
            out({"helper": "in-place", "mode": "run", "stopped": why, "marker": marker})
            return 130 if ended.is_set() else 124
        time.sleep(0.05)
    if child.returncode == -signal.SIGKILL:
        kills, detail = watch.oom()
        memory_line(marker, watch, "oom", detail, oomKills=kills)
    elif watch.min_free is not None:
        seen = f"at least {mib(max(0, watch.min_free))} stayed free under {watch.where} while the probe ran"
        memory_line(marker, watch, "ok", seen)
    return child.returncode if child.returncode >= 0 else 128 - child.returncode


def ticks_since_boot():
    # Process start times (/proc/PID/stat field 22) count clock ticks since boot (proc(5)); so does
    # CLOCK_BOOTTIME, in this time namespace.
    return int(time.clock_gettime(time.CLOCK_BOOTTIME) * os.sysconf("SC_CLK_TCK"))


def started(pid):
    text = read_text(f"/proc/{pid}/stat")
    if not text:
        return None
    # The command name (field 2) may hold spaces and parentheses: count from the last ")".
    fields = text[text.rfind(")") + 2 :].split()
    try:
        return int(fields[19])
    except (IndexError, ValueError):
        return None


def read_words(path):
    try:
        with open(path, "rb") as f:
            return f.read().split(b"\0")
    except OSError:
        return []


def holders(marker, since):
    """Processes of this run: MARKER as a whole argument or the whole environment entry
    INTERCONNECT_TEST_IN_PLACE=MARKER, started at or after `since` (ticks since boot)."""
    me = os.getpid()
    word = marker.encode()
    entry = b"INTERCONNECT_TEST_IN_PLACE=" + word
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        pid = int(name)
        if word not in read_words(f"/proc/{pid}/cmdline") and entry not in read_words(f"/proc/{pid}/environ"):
            continue
        start = started(pid)
        if start is not None and start >= since:
            found.append(pid)
    return found


def reap(marker, age):
    since = ticks_since_boot() - int(age * os.sysconf("SC_CLK_TCK"))
    pids = holders(marker, since)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + 5
    left = holders(marker, since)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = holders(marker, since)
    out({"helper": "in-place", "mode": "reap", "marker": marker, "killed": len(pids), "left": len(left)})
    return 0 if not left else 1


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def main(argv):
    if len(argv) < 2 or not argv[1].startswith("itest-inplace-"):
        out({"helper": "in-place", "error": "usage: preflight|run|reap itest-inplace-<id> ..."})
        return 2
    mode, marker = argv[0], argv[1]
    if not lose_every_oom_contest():
        out({"helper": "in-place", "error": "cannot raise /proc/self/oom_score_adj: not run, so the worker keeps its place"})
        return 2
    if mode == "preflight":
        return preflight(marker, "vram" in argv[2:])
    if mode == "reap" and len(argv) == 3 and number(argv[2]) is not None:
        return reap(marker, number(argv[2]))
    if mode == "run" and len(argv) >= 5 and argv[4] == "--" and None not in (number(argv[2]), number(argv[3])):
        return run(marker, number(argv[2]), int(number(argv[3])), argv[5:])
    out({"helper": "in-place", "error": f"unknown mode {mode}"})
    return 2


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    # No interpreter teardown: the stdin watcher thread may still be blocked in a read.
    os._exit(code)
