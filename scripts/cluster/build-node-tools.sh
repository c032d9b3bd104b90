#!/usr/bin/env bash
# Build what the real nodes need besides kubelet/kube-proxy (which come from
# test/cluster/binaries with the control plane): CoreDNS with only the plugins
# the cluster DNS uses (test/cluster/node-tools/main.go) and crictl
# (sigs.k8s.io/cri-tools), from their own module test/cluster/node-tools, so
# their dependency versions never move the control plane's.
#
# Output: $CLUSTER_CACHE_DIR/node-tools/bin/{coredns,crictl}, with a stamp of
# go.mod + go.sum + main.go + flags; a matching stamp means nothing to do.
#
# Usage: scripts/cluster/build-node-tools.sh [--force]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

force=0
[[ "${1:-}" == "--force" ]] && force=1

GO="$(cluster_go)"
cluster_go_env

if [[ $force == 0 ]] && node_tools_ready; then
  log "node tools (coredns, crictl) are cached in $NODE_TOOLS_BIN_DIR"
  exit 0
fi

mkdir -p "$CLUSTER_CACHE_DIR/node-tools"
tmp="$(mktemp -d "$CLUSTER_CACHE_DIR/node-tools/bin.tmp.XXXXXX")"
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
log "building coredns and crictl into $NODE_TOOLS_BIN_DIR"
start=$(date +%s)
stamp="$(node_tools_stamp)" # of the inputs as they are when the build starts
(
  cd "$NODE_TOOLS_MODULE_DIR" || exit 1
  # NODE-TOOLS-FLAGS-BEGIN (part of the cache stamp)
  "$GO" build -trimpath -ldflags '-s -w' -o "$tmp/coredns" .
  "$GO" build -trimpath -ldflags '-s -w' -o "$tmp/" tool
  # NODE-TOOLS-FLAGS-END
)
for b in coredns crictl; do [[ -x "$tmp/$b" ]] || die "build produced no $b"; done
echo "$stamp" >"$tmp/.stamp"
rm -rf "$NODE_TOOLS_BIN_DIR"
mv "$tmp" "$NODE_TOOLS_BIN_DIR"
trap - EXIT
log "built node tools in $(( $(date +%s) - start ))s: $(du -sh "$NODE_TOOLS_BIN_DIR" | cut -f1)"
