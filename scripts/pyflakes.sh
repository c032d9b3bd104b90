#!/usr/bin/env bash
# The Python probes' linter: pyflakes from PyPI, pinned, in a venv under the project's cache (never
# system-wide), the way scripts/nixl-venv.sh installs NIXL. `npm test` runs it (npm run lint:py):
#   bash scripts/pyflakes.sh              # install if needed, then check templates/*.py
#   bash scripts/pyflakes.sh --install    # install only (.ci/run)
# pyflakes reports names used but never defined, imports and variables never used, redefinitions:
# what a probe that only runs inside a pod would otherwise show first on a GPU node.
set -euo pipefail
version=4.1.0
dir="${INTERCONNECT_TEST_PYFLAKES_VENV:-${HOME}/.cache/interconnect-test/pyflakes-venv}"
python="${PYTHON:-python3}"
root="$(cd "$(dirname "$0")/.." && pwd)"

if ! { [ -x "${dir}/bin/python" ] && "${dir}/bin/python" - "$version" <<'PY' 2>/dev/null; }; then
import sys
from importlib import metadata
sys.exit(0 if metadata.version("pyflakes") == sys.argv[1] else 1)
PY
  rm -rf "${dir}"
  "${python}" -m venv "${dir}"
  "${dir}/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "pyflakes==${version}"
  echo "pyflakes ${version} in ${dir}" >&2
fi
[ "${1:-}" = "--install" ] && exit 0
exec "${dir}/bin/python" -m pyflakes "${root}"/templates/*.py
