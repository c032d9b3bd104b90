#!/usr/bin/env bash
# Build the local control plane's binaries from Go modules, once per version.
#
#   etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubectl,
#   and for the real nodes kubelet and kube-proxy (k8s.io/kubernetes +
#   go.etcd.io/etcd/server/v3, versions pinned in test/cluster/binaries/go.mod)
#   and kwok (sigs.k8s.io/kwok/cmd/kwok). CoreDNS and crictl have their own
#   module: build-node-tools.sh.
#
# They are the upstream main packages, declared as `tool` lines in that go.mod,
# built in one `go build` so shared packages compile once. Output goes to
# $CLUSTER_CACHE_DIR/<k8s-version>/bin (outside the repo) with a stamp of
# go.mod+go.sum+flags; a matching stamp means there is nothing to do.
#
# Usage: scripts/cluster/build.sh [--force]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

force=0
[[ "${1:-}" == "--force" ]] && force=1

GO="$(cluster_go)"
cluster_go_env

# kwok's CRDs (Logs, Exec, ... ) come from the same kwok module version.
ensure_crds() {
  [[ -f "$CLUSTER_CRD_DIR/.stamp" && "$(cat "$CLUSTER_CRD_DIR/.stamp")" == "$(cluster_build_stamp)" ]] && return 0
  local src
  src="$(cd "$CLUSTER_MODULE_DIR" && "$GO" mod download -json sigs.k8s.io/kwok | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  [[ -d "$src/kustomize/crd/bases" ]] || die "kwok module has no kustomize/crd/bases (looked in '$src')"
  rm -rf "$CLUSTER_CRD_DIR"
  mkdir -p "$CLUSTER_CRD_DIR"
  cp "$src"/kustomize/crd/bases/*.yaml "$CLUSTER_CRD_DIR/"
  chmod 644 "$CLUSTER_CRD_DIR"/*.yaml
  cluster_build_stamp >"$CLUSTER_CRD_DIR/.stamp"
}

if [[ $force == 0 ]] && cluster_binaries_ready; then
  ensure_crds
  log "binaries for $CLUSTER_K8S_VERSION are cached in $CLUSTER_BIN_DIR"
  exit 0
fi

minor="${CLUSTER_K8S_VERSION#v1.}"; minor="${minor%%.*}"
# BUILD-FLAGS-BEGIN (part of the cache stamp)
ldflags=(
  -s -w
  -X "k8s.io/component-base/version.gitVersion=$CLUSTER_K8S_VERSION"
  -X "k8s.io/component-base/version.gitMajor=1"
  -X "k8s.io/component-base/version.gitMinor=$minor"
  -X "k8s.io/component-base/version.gitTreeState=clean"
  -X "k8s.io/client-go/pkg/version.gitVersion=$CLUSTER_K8S_VERSION"
  -X "k8s.io/client-go/pkg/version.gitMajor=1"
  -X "k8s.io/client-go/pkg/version.gitMinor=$minor"
)
# BUILD-FLAGS-END

mkdir -p "$CLUSTER_CACHE_DIR/$CLUSTER_K8S_VERSION"
tmp="$(mktemp -d "$CLUSTER_CACHE_DIR/$CLUSTER_K8S_VERSION/bin.tmp.XXXXXX")"
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT

log "building control plane $CLUSTER_K8S_VERSION with $("$GO" version | awk '{print $3}') into $CLUSTER_BIN_DIR (cold: ~13-25 min on 2 cores)"
start=$(date +%s)
(
  cd "$CLUSTER_MODULE_DIR" || exit 1
  "$GO" mod download
  # `tool` = every tool line of go.mod: the upstream main packages.
  "$GO" build -trimpath -ldflags "${ldflags[*]}" -o "$tmp/" tool
)
# go names the etcd main (go.etcd.io/etcd/server/v3) after its module: "server".
mv "$tmp/server" "$tmp/etcd"
for b in etcd kube-apiserver kube-controller-manager kube-scheduler kwok kubectl kubelet kube-proxy; do
  [[ -x "$tmp/$b" ]] || die "build produced no $b"
done
cluster_build_stamp >"$tmp/.stamp"
rm -rf "$CLUSTER_BIN_DIR"
mv "$tmp" "$CLUSTER_BIN_DIR"
trap - EXIT
ensure_crds
log "built in $(( $(date +%s) - start ))s: $(du -sh "$CLUSTER_BIN_DIR" | cut -f1) in $CLUSTER_BIN_DIR"
