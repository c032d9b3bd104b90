#!/usr/bin/env bash
# A virtual environment with NIXL from PyPI, under the project's cache, never system-wide:
#   bash scripts/nixl-venv.sh                 # nixl 1.5.1 into ~/.cache/interconnect-test/nixl-venv
#   bash scripts/nixl-venv.sh 0.1.1 DIR       # another version into DIR (the tests' "too old NIXL")
# `pair --local --engine nixl` finds ~/.cache/interconnect-test/nixl-venv/bin/python on its own, and
# `pair --local` with no engine makes this venv itself (src/engines/nixl/setup.ts). The versions
# below are the ones src/engines/nixl/python.ts pins (NIXL_PIN, NUMPY_PIN): setup.test.ts checks.
#
# Only what the probe imports is installed: the `nixl` meta package picks the nixl_cu12/13
# backend at import (nixl_meta_utils.detect_cuda_major), and nixl-cu12 declares torch as a
# dependency that its _api.py only imports for type checking. So --no-deps, plus numpy
# (imported by _api.py): about 340 MB instead of about 6 GB with torch and the CUDA wheels.
set -euo pipefail
version="${1:-1.5.1}"
dir="${2:-${HOME}/.cache/interconnect-test/nixl-venv}"
numpy=2.4.6
python="${PYTHON:-python3}"

if [ -x "${dir}/bin/python" ] && "${dir}/bin/python" - "$version" <<'PY' 2>/dev/null; then
import sys
from importlib import metadata
sys.exit(0 if metadata.version("nixl") == sys.argv[1] else 1)
PY
  echo "nixl ${version} already in ${dir}"
  exit 0
fi
rm -rf "${dir}"
"${python}" -m venv "${dir}"
pip=("${dir}/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps)
case "$version" in
  0.[0-6].*) "${pip[@]}" "nixl==${version}" "numpy==${numpy}" ;;  # one wheel, before the cu12/cu13 split
  *) "${pip[@]}" "nixl==${version}" "nixl-cu12==${version}" "numpy==${numpy}" ;;
esac
echo "nixl ${version} in ${dir}"
