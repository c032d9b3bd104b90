#!/usr/bin/env bash
# The checks that need a GPU, in one command, on one GPU with no RDMA NIC and no network:
#
#   bash scripts/device-check.sh [--out DIR] [--python PY] [--wheels DIR]
#   bash scripts/device-check.sh --fetch-wheels [--wheels DIR]   # on a machine with network, before
#
# Every output goes under DIR (default device-check-<UTC time>/): one folder per step, and
# summary.txt with one line per step: "ok|fail|warn|skipped STEP: detail". Steps, in order:
#   nixl          NIXL imports (the venv: --python, else ~/.cache/interconnect-test/nixl-venv, else
#                 a venv made from the wheels in --wheels, default .device-check/wheels, offline)
#   dram-dram     a real NIXL transfer between two local processes, host memory (no GPU needed)
#   gpu           a CUDA device answers (the first GPU step: without one, every GPU step is skipped)
#   cuda-calls    the probe's CUDA driver calls without NIXL: struct sizes, plain and fabric-handle
#                 allocation, a pattern round trip with every byte compared
#   vram-write, vram-read    VRAM to VRAM between two processes, both directions (cuda_ipc)
#   dram-vram, vram-dram     host memory to VRAM and back
#   fabric        the fabric-handle path through NIXL (ITEST_NIXL_FABRIC=1): used, or why not
#   flip          a byte flipped in VRAM after the WRITEs: the probe must fail it (exit 1, verify)
#   node-local    `interconnect-test node --local` (needs node and a built dist/)
# Exit: 0 every step ran and passed; 1 a step failed; 3 nothing failed but GPU steps were skipped
# (a skip is never a pass). At most about 5 minutes: each step has its own timeout.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "${here}/.." && pwd)"
probe="${root}/templates/nixl-probe.py"
out=""
python=""
wheels="${root}/.device-check/wheels"
fetch=0
nixl_version=1.5.1
numpy_version=2.4.6

while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --python) python="$2"; shift 2 ;;
    --wheels) wheels="$2"; shift 2 ;;
    --fetch-wheels) fetch=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "device-check: unknown argument $1 (fix: see --help)" >&2; exit 2 ;;
  esac
done

if [ "$fetch" = 1 ]; then
  mkdir -p "$wheels"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --dest "$wheels" \
    "nixl==${nixl_version}" "nixl-cu12==${nixl_version}" "numpy==${numpy_version}" || exit 1
  echo "wheels in ${wheels}:"; ls -l "$wheels"
  exit 0
fi

out="${out:-${root}/device-check-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
summary="${out}/summary.txt"
: >"$summary"
failed=0
skipped_gpu=0

say() { # STATUS STEP DETAIL
  printf '%s %s: %s\n' "$1" "$2" "$3" | tee -a "$summary"
  [ "$1" = fail ] && failed=1
  return 0
}

# ---- the python with NIXL -----------------------------------------------------------------
pick_python() {
  if [ -n "$python" ]; then return 0; fi
  local cached="${HOME}/.cache/interconnect-test/nixl-venv/bin/python"
  if [ -x "$cached" ]; then python="$cached"; return 0; fi
  if [ -d "$wheels" ]; then
    python3 -m venv "${out}/venv" >"${out}/nixl/venv.log" 2>&1 &&
      "${out}/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index \
        --no-deps --find-links "$wheels" "nixl==${nixl_version}" "nixl-cu12==${nixl_version}" \
        "numpy==${numpy_version}" >>"${out}/nixl/venv.log" 2>&1 &&
      python="${out}/venv/bin/python"
  fi
}

mkdir -p "${out}/nixl"
pick_python
if [ -z "$python" ]; then
  say fail nixl "no python with NIXL: no --python, no ~/.cache/interconnect-test/nixl-venv, no wheels in ${wheels} (fix: run --fetch-wheels on a machine with network and carry ${wheels})"
elif timeout 60 "$python" -c 'import nixl._api, json, sys; from importlib import metadata; print(json.dumps({"python": sys.executable, "nixl": metadata.version("nixl")}))' >"${out}/nixl/import.json" 2>"${out}/nixl/import.err"; then
  say ok nixl "$(cat "${out}/nixl/import.json")"
else
  say fail nixl "${python} cannot import nixl._api: $(head -c 300 "${out}/nixl/import.err")"
  python=""
fi

# ---- a probe pair between two local processes ----------------------------------------------
free_port() {
  "${python:-python3}" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# pair STEP OP TARGET_MEMORY INITIATOR_MEMORY [VAR=VALUE (both sides) | T:VAR=VALUE (target) ...]
# Leaves target.log, initiator.log and exit-codes ("initiator target") under $out/STEP.
pair() {
  local step="$1" op="$2" tmem="$3" imem="$4"; shift 4
  local dir="${out}/${step}" port tpid
  local both=() tenv=()
  for kv in "$@"; do
    case "$kv" in T:*) tenv+=("${kv#T:}") ;; *) both+=("$kv") ;; esac
  done
  mkdir -p "$dir"
  port="$(free_port)"
  local args=(--start-block 1048576 --max-block 67108864 --iters 20 --warmup 2 --min-seconds 0.2
    --kv-layers 0 --timeout 60 --run-timeout 90)
  env UCX_LOG_LEVEL=info UCX_PROTO_INFO=y "${both[@]}" "${tenv[@]}" timeout 120 "$python" "$probe" \
    --role target --listen-port "$port" --memory "$tmem" "${args[@]}" >"${dir}/target.log" 2>&1 &
  tpid=$!
  for _ in $(seq 1 300); do
    grep -q '"event":"ready"' "${dir}/target.log" 2>/dev/null && break
    kill -0 "$tpid" 2>/dev/null || break
    sleep 0.1
  done
  env UCX_LOG_LEVEL=info UCX_PROTO_INFO=y "${both[@]}" timeout 120 "$python" "$probe" \
    --role initiator --peer 127.0.0.1 --peer-port "$port" --op "$op" --memory "$imem" "${args[@]}" \
    >"${dir}/initiator.log" 2>&1
  local irc=$?
  wait "$tpid"
  local trc=$?
  echo "$irc $trc" >"${dir}/exit-codes"
  [ "$irc" = 0 ] && [ "$trc" = 0 ]
}

peak() { # the best GB/s of the initiator's rows
  grep -o '"gbps":[0-9.e+-]*' "$1/initiator.log" | cut -d: -f2 | sort -g | tail -1
}

lanes() { # UCX lanes named in the logs' protocol tables and endpoint lines
  grep -oh -e 'cuda_ipc/[A-Za-z0-9_:.-]*' -e 'cuda_copy/[A-Za-z0-9_:.-]*' -e 'rc_mlx5/[A-Za-z0-9_:.-]*' \
    -e 'tcp/[A-Za-z0-9_:.-]*' -e 'cma/memory' -e 'posix/memory' "$1/initiator.log" "$1/target.log" 2>/dev/null |
    sort -u | tr '\n' ' '
}

if [ -n "$python" ]; then
  if pair dram-dram WRITE DRAM DRAM; then
    say ok dram-dram "NIXL moved host memory between two processes, every byte checked; peak $(peak "${out}/dram-dram") GB/s; lanes $(lanes "${out}/dram-dram")"
  else
    say fail dram-dram "exit codes $(cat "${out}/dram-dram/exit-codes"): see ${out}/dram-dram/"
  fi
fi

# ---- the GPU gate --------------------------------------------------------------------------
mkdir -p "${out}/gpu"
gpu_why=""
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi >"${out}/gpu/nvidia-smi.txt" 2>&1
  nvidia-smi topo -m >"${out}/gpu/topo.txt" 2>&1
fi
if ! ls /dev/nvidia0 >/dev/null 2>&1 && ! command -v nvidia-smi >/dev/null 2>&1; then
  gpu_why="no GPU on this machine (no /dev/nvidia0, no nvidia-smi)"
elif ! "${python:-python3}" -c "import ctypes; ctypes.CDLL('libcuda.so.1')" 2>"${out}/gpu/libcuda.err"; then
  gpu_why="libcuda.so.1 does not load: $(head -c 200 "${out}/gpu/libcuda.err")"
fi
if [ -n "$gpu_why" ]; then
  say skipped gpu "$gpu_why"
  skipped_gpu=1
  for s in cuda-calls vram-write vram-read dram-vram vram-dram fabric flip; do
    say skipped "$s" "needs a GPU: ${gpu_why}"
  done
else
  say ok gpu "$(nvidia-smi -L 2>/dev/null | head -1)"
  mkdir -p "${out}/cuda-calls"
  if timeout 120 "${python:-python3}" "${here}/device-check/cuda-calls.py" "$probe" >"${out}/cuda-calls/result.json" 2>"${out}/cuda-calls/stderr.txt"; then
    say ok cuda-calls "struct sizes, plain and fabric allocation, 64 MiB pattern round trip: ${out}/cuda-calls/result.json"
  else
    say fail cuda-calls "see ${out}/cuda-calls/result.json"
  fi
  if [ -z "$python" ]; then
    for s in vram-write vram-read dram-vram vram-dram fabric flip; do say skipped "$s" "needs NIXL (step nixl failed)"; done
  else
    gpu_pair() { # STEP OP TMEM IMEM [ENV...]: ok with peak and lanes, warn when no cuda_ipc lane where one is wanted
      local step="$1" want_ipc="$2"; shift 2
      if pair "$step" "$@"; then
        local l; l="$(lanes "${out}/${step}")"
        if [ "$want_ipc" = 1 ] && [[ "$l" != *cuda_ipc* ]]; then
          say warn "$step" "passed, but no cuda_ipc lane (lanes ${l:-none}); peak $(peak "${out}/${step}") GB/s"
        else
          say ok "$step" "every byte checked; peak $(peak "${out}/${step}") GB/s; lanes ${l:-none}"
        fi
      else
        say fail "$step" "exit codes $(cat "${out}/${step}/exit-codes"): see ${out}/${step}/"
      fi
    }
    gpu_pair vram-write 1 WRITE VRAM VRAM
    gpu_pair vram-read 1 READ VRAM VRAM
    gpu_pair dram-vram 0 WRITE DRAM VRAM
    gpu_pair vram-dram 0 READ VRAM DRAM
    if pair fabric WRITE VRAM VRAM ITEST_NIXL_FABRIC=1; then
      say ok fabric "$(grep -o '"fabric":{[^}]*}' "${out}/fabric/initiator.log" | head -1); peak $(peak "${out}/fabric") GB/s; lanes $(lanes "${out}/fabric")"
    else
      say fail fabric "exit codes $(cat "${out}/fabric/exit-codes"); $(grep -o '"fabric":{[^}]*}' "${out}/fabric/initiator.log" | head -1): see ${out}/fabric/"
    fi
    # Byte 100 of the first 1 MiB row, flipped in the target's VRAM after the WRITEs: must fail.
    pair flip WRITE VRAM VRAM "T:INTERCONNECT_TEST_NIXL_PROBE_CORRUPT=1 x 1048576 B:100"
    if [ "$(cat "${out}/flip/exit-codes")" != "0 0" ] && grep -q '"stage":"verify"' "${out}/flip/target.log"; then
      say ok flip "the flipped byte failed the check: $(grep -o '"message":"row [^"]*"' "${out}/flip/target.log" | head -1)"
    else
      say fail flip "a byte flipped in VRAM was not caught (exit codes $(cat "${out}/flip/exit-codes"))"
    fi
  fi
fi

# ---- node --local --------------------------------------------------------------------------
mkdir -p "${out}/node-local"
if ! command -v node >/dev/null 2>&1; then
  say skipped node-local "node is not on PATH (fix: put Node 22+ on PATH)"
elif [ ! -f "${root}/dist/cli.js" ]; then
  say skipped node-local "no dist/cli.js (fix: npm run build, and carry dist/)"
else
  timeout 120 node "${root}/dist/cli.js" node --local -q -o json >"${out}/node-local/report.json" 2>"${out}/node-local/stderr.txt"
  rc=$?
  verdict="$("${python:-python3}" -c 'import json, sys; print(json.load(open(sys.argv[1]))["verdict"]["status"])' "${out}/node-local/report.json" 2>/dev/null)"
  if [ -n "$verdict" ]; then
    say ok node-local "ran (exit ${rc}), verdict ${verdict}: ${out}/node-local/report.json"
  else
    say fail node-local "no report (exit ${rc}): $(head -c 200 "${out}/node-local/stderr.txt")"
  fi
fi

echo "all outputs under ${out}"
if [ "$failed" = 1 ]; then exit 1; fi
if [ "$skipped_gpu" = 1 ]; then exit 3; fi
exit 0
