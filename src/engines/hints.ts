/** How to get an engine onto this host, for `pair --local` when none is here. */
export const INSTALL_HINT =
  'apt-get install ucx-utils (ucx_perftest), or build NIXL with nixlbench (github.com/ai-dynamo/nixl, benchmark/nixlbench)';

export const NIXL_INSTALL_HINT =
  'bash scripts/nixl-venv.sh (nixl from PyPI into ~/.cache/interconnect-test/nixl-venv), or set INTERCONNECT_TEST_PYTHON to a python that imports nixl';

/**
 * The fix when RDMA cannot pin (register) memory for a worker that runs as a
 * non-root user: RLIMIT_MEMLOCK bounds what it may pin, and an added IPC_LOCK
 * never reaches a non-root process (no ambient capabilities). How the limit is
 * set for containers: references/gpu-isolation.md.
 */
export const MEMLOCK_FIX =
  'raise RLIMIT_MEMLOCK for the node\'s containers (it bounds what a non-root user may pin; IPC_LOCK does not reach one): containerd hands containers its own limit, so set LimitMEMLOCK=infinity in a containerd.service drop-in and restart containerd; CRI-O: default_ulimits = ["memlock=-1:-1"] in crio.conf; or run the worker as root (runAsUser: 0) with IPC_LOCK; `interconnect-test node` shows the limit in the pod (memlock.limit)';
