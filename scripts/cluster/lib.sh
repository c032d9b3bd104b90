# shellcheck shell=bash
# Shared settings for scripts/cluster/*.sh. Sourced, never executed.
#
# Everything the local control plane needs lives outside the repository:
#   $CLUSTER_CACHE_DIR/<k8s-version>/bin   compiled binaries (kube-apiserver, ...)
#   $CLUSTER_STATE_DIR                     certs, kubeconfigs, etcd data, logs, pids
# Both default under ~/.cache/interconnect-test/cluster.

set -euo pipefail

CLUSTER_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLUSTER_MODULE_DIR="$CLUSTER_REPO_ROOT/test/cluster/binaries"
CLUSTER_CONFIG_DIR="$CLUSTER_REPO_ROOT/test/cluster/kwok"

# The Kubernetes release the binaries are built from. Must match go.mod.
CLUSTER_K8S_VERSION="$(awk '$1=="require" && $2=="k8s.io/kubernetes" {print $3}' "$CLUSTER_MODULE_DIR/go.mod")"
CLUSTER_CACHE_DIR="${CLUSTER_CACHE_DIR:-$HOME/.cache/interconnect-test/cluster}"
CLUSTER_BIN_DIR="$CLUSTER_CACHE_DIR/$CLUSTER_K8S_VERSION/bin"
CLUSTER_CRD_DIR="$CLUSTER_CACHE_DIR/$CLUSTER_K8S_VERSION/kwok-crds"
CLUSTER_STATE_DIR="${CLUSTER_STATE_DIR:-$CLUSTER_CACHE_DIR/state}"

# Loopback only. CLUSTER_PORT_OFFSET moves every default port at once, so two
# clusters (two state dirs) can run side by side; each port can also be set.
CLUSTER_HOST=127.0.0.1
off="${CLUSTER_PORT_OFFSET:-0}"
[[ "$off" =~ ^[0-9]+$ ]] || { echo "CLUSTER_PORT_OFFSET must be a number" >&2; exit 1; }
CLUSTER_ETCD_PORT="${CLUSTER_ETCD_PORT:-$((23790 + off))}"
CLUSTER_ETCD_PEER_PORT="${CLUSTER_ETCD_PEER_PORT:-$((23800 + off))}"
CLUSTER_APISERVER_PORT="${CLUSTER_APISERVER_PORT:-$((26443 + off))}"
CLUSTER_KCM_PORT="${CLUSTER_KCM_PORT:-$((26257 + off))}"
CLUSTER_SCHEDULER_PORT="${CLUSTER_SCHEDULER_PORT:-$((26259 + off))}"
# kwok's kubelet-like server (logs, exec, attach, port-forward) that the
# apiserver proxies to; every node's kubeletEndpoint points here.
CLUSTER_KWOK_PORT="${CLUSTER_KWOK_PORT:-$((20250 + off))}"
unset off

CLUSTER_NODES="${CLUSTER_NODES:-4}"  # 2..1024 (scripts/cluster/nodes.sh)

CLUSTER_COMPONENTS=(etcd kube-apiserver kube-controller-manager kube-scheduler kwok log-shim)

log() { printf '[cluster] %s\n' "$*" >&2; }
die() { printf '[cluster] error: %s\n' "$*" >&2; exit 1; }

# wait_for DESCRIPTION TIMEOUT_S COMMAND... — polls every 0.5 s, logs how long it took.
wait_for() {
  local what=$1 timeout=$2 start=$SECONDS
  shift 2
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS - start >= timeout)); then
      log "timed out after ${timeout}s waiting for $what"
      return 1
    fi
    sleep 0.5
  done
  log "✓ $what ($((SECONDS - start))s)"
}

# Go lives at /usr/local/go on our machines; PATH may not have it.
cluster_go() {
  if command -v go >/dev/null 2>&1; then command -v go; return; fi
  if [[ -x /usr/local/go/bin/go ]]; then echo /usr/local/go/bin/go; return; fi
  die "go not found (need Go >= $(awk '$1=="go"{print $2}' "$CLUSTER_MODULE_DIR/go.mod"))"
}

# The build settings every Go build here shares: never let `go` fetch a toolchain (only the
# module proxy is reachable), resolve modules from go.mod, build static binaries.
cluster_go_env() {
  export GOTOOLCHAIN=local
  export GOFLAGS=-mod=mod
  export CGO_ENABLED=0
}

# Fingerprint of everything that decides what the binaries are. A change to
# go.mod/go.sum or to the build flags rebuilds; nothing else does.
cluster_build_stamp() {
  {
    cat "$CLUSTER_MODULE_DIR/go.mod" "$CLUSTER_MODULE_DIR/go.sum"
    sed -n '/^# BUILD-FLAGS-BEGIN/,/^# BUILD-FLAGS-END/p' "$CLUSTER_REPO_ROOT/scripts/cluster/build.sh"
  } | sha256sum | cut -c1-16
}

cluster_binaries_ready() {
  [[ -f "$CLUSTER_BIN_DIR/.stamp" ]] && [[ "$(cat "$CLUSTER_BIN_DIR/.stamp")" == "$(cluster_build_stamp)" ]] || return 1
  local b
  for b in etcd kube-apiserver kube-controller-manager kube-scheduler kwok kubectl kubelet kube-proxy; do
    [[ -x "$CLUSTER_BIN_DIR/$b" ]] || return 1
  done
}

# ---- Real nodes (owner: scripts/cluster/real-nodes.sh; see test/cluster/README.md,
# "Real nodes"). CLUSTER_REAL_NODES real kubelets (0 = none) named real-0 …,
# each in network namespace ict-real-<i> at $REAL_NET.(10+i) on host bridge
# $REAL_BRIDGE ($REAL_HOST_IP), pods in $REAL_POD_NET.<i>.0/24, cluster DNS
# (CoreDNS on the host) at Service IP $REAL_DNS_IP.
CLUSTER_REAL_NODES="${CLUSTER_REAL_NODES:-2}"
[[ "$CLUSTER_REAL_NODES" =~ ^[0-4]$ ]] || { echo "CLUSTER_REAL_NODES must be 0..4" >&2; exit 1; }
REAL_NET="${CLUSTER_REAL_NET:-172.31.250}"
REAL_HOST_IP="$REAL_NET.1"
REAL_BRIDGE=ictbr0
REAL_POD_NET=10.245
REAL_DNS_IP=10.96.0.10
REAL_RUN_DIR=/run/interconnect-test
REAL_CNI_BIN_DIR=/usr/lib/cni
REAL_GPUS=8
REAL_RDMA=8
CLUSTER_COREDNS_HEALTH_PORT="${CLUSTER_COREDNS_HEALTH_PORT:-$((28080 + ${CLUSTER_PORT_OFFSET:-0}))}"
CLUSTER_COREDNS_READY_PORT="${CLUSTER_COREDNS_READY_PORT:-$((28181 + ${CLUSTER_PORT_OFFSET:-0}))}"
# CoreDNS and crictl come from their own module, built by build-node-tools.sh.
NODE_TOOLS_MODULE_DIR="$CLUSTER_REPO_ROOT/test/cluster/node-tools"
NODE_TOOLS_BIN_DIR="$CLUSTER_CACHE_DIR/node-tools/bin"
node_tools_stamp() {
  {
    cat "$NODE_TOOLS_MODULE_DIR/go.mod" "$NODE_TOOLS_MODULE_DIR/go.sum" "$NODE_TOOLS_MODULE_DIR/main.go"
    sed -n '/NODE-TOOLS-FLAGS-BEGIN/,/NODE-TOOLS-FLAGS-END/p' "$CLUSTER_REPO_ROOT/scripts/cluster/build-node-tools.sh"
  } | sha256sum | cut -c1-16
}
node_tools_ready() {
  [[ -f "$NODE_TOOLS_BIN_DIR/.stamp" && "$(cat "$NODE_TOOLS_BIN_DIR/.stamp")" == "$(node_tools_stamp)" ]] || return 1
  [[ -x "$NODE_TOOLS_BIN_DIR/coredns" && -x "$NODE_TOOLS_BIN_DIR/crictl" ]]
}
# ---- end of real nodes

pidfile() { echo "$CLUSTER_STATE_DIR/run/$1.pid"; }

# True when the pidfile names a live process that is still the one we started
# (its command line mentions our state dir, so a recycled pid is not mistaken).
component_alive() {
  local pf pid
  pf="$(pidfile "$1")"
  [[ -f "$pf" ]] || return 1
  pid="$(cat "$pf")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$CLUSTER_STATE_DIR"
}

kubectl_admin() {
  "$CLUSTER_BIN_DIR/kubectl" --kubeconfig "$CLUSTER_STATE_DIR/admin.kubeconfig" "$@"
}

# One up/down at a time per state dir (a second caller waits up to 10 min).
cluster_lock() {
  [[ "${CLUSTER_LOCK_HELD:-}" == "$CLUSTER_STATE_DIR" ]] && return 0
  mkdir -p "$(dirname "$CLUSTER_STATE_DIR")"
  exec 9>"$CLUSTER_STATE_DIR.lock"
  flock -w 600 9 || die "another up/down holds $CLUSTER_STATE_DIR.lock"
  export CLUSTER_LOCK_HELD="$CLUSTER_STATE_DIR"
}

# ---- Images and registry (owner: scripts/cluster/images.sh; see test/cluster/README.md,
# "Images and registry"). Debian's docker-registry, plain HTTP, listening on
# 0.0.0.0:$CLUSTER_REGISTRY_PORT. Image names use $CLUSTER_REGISTRY
# (localhost:<port>, as kind's local registry does); a real node's containerd
# maps that name to the host's veth address (cluster_registry_mirror_toml).
CLUSTER_REGISTRY_PORT="${CLUSTER_REGISTRY_PORT:-$((25000 + ${CLUSTER_PORT_OFFSET:-0}))}"
CLUSTER_REGISTRY="localhost:$CLUSTER_REGISTRY_PORT"

# cluster_registry_mirror_toml HOST_ADDR — the containerd 1.6 CRI lines that
# make a node whose loopback is not the host's pull $CLUSTER_REGISTRY/... from
# http://HOST_ADDR:$CLUSTER_REGISTRY_PORT (the host side of its veth pair).
cluster_registry_mirror_toml() {
  printf '[plugins."io.containerd.grpc.v1.cri".registry.mirrors."%s"]\n  endpoint = ["http://%s:%s"]\n' \
    "$CLUSTER_REGISTRY" "$1" "$CLUSTER_REGISTRY_PORT"
}
# ---- end of images and registry
