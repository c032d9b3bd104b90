/** How to get an engine onto this host, for `pair --local` when none is here. */
export const INSTALL_HINT =
  'apt-get install ucx-utils (ucx_perftest), or build NIXL with nixlbench (github.com/ai-dynamo/nixl, benchmark/nixlbench)';

export const NIXL_INSTALL_HINT =
  'bash scripts/nixl-venv.sh (nixl from PyPI into ~/.cache/interconnect-test/nixl-venv), or set INTERCONNECT_TEST_PYTHON to a python that imports nixl';
