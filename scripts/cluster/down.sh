#!/usr/bin/env bash
# Stop the local control plane started by up.sh and leave no process behind.
#
# Each component was started in its own session (setsid), so its pid is also
# its process-group id: the whole group gets SIGTERM, then SIGKILL after 10s.
# Finally nothing may remain whose command line names the state dir.
#
# Usage: scripts/cluster/down.sh [--quiet] [--purge]
#   --purge  also delete the state dir (certs, kubeconfigs, etcd data, logs)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

quiet=0 purge=0
for a in "$@"; do
  case "$a" in
    --quiet) quiet=1 ;;
    --purge) purge=1 ;;
    *) die "unknown argument: $a" ;;
  esac
done
say() { [[ $quiet == 1 ]] || log "$@"; }
cluster_lock

group_alive() { pgrep -g "$1" >/dev/null 2>&1; }

# stop_groups NAME... — SIGTERM to each component's process group at once,
# SIGKILL to whatever is left after 10 s.
stop_groups() {
  local names=() pgids=() c pf pid i rc=0
  for c in "$@"; do
    pf="$(pidfile "$c")"
    [[ -f "$pf" ]] || continue
    pid="$(cat "$pf")"
    if [[ -n "$pid" ]] && group_alive "$pid"; then
      kill -TERM -- "-$pid" 2>/dev/null || true
      names+=("$c") pgids+=("$pid")
    fi
    rm -f "$pf"
  done
  for ((i = 0; i < 150; i++)); do
    local left=0 j
    for j in "${!pgids[@]}"; do group_alive "${pgids[j]}" && left=1; done
    ((left)) || break
    ((i == 100)) && for j in "${!pgids[@]}"; do kill -KILL -- "-${pgids[j]}" 2>/dev/null || true; done
    sleep 0.1
  done
  for i in "${!pgids[@]}"; do
    if group_alive "${pgids[i]}"; then
      log "error: ${names[i]} (process group ${pgids[i]}) survived SIGKILL"
      rc=1
    else
      say "stopped ${names[i]}"
    fi
  done
  return $rc
}

rc=0
# Real nodes first (kubelets, their pods, containerd, kube-proxy, CoreDNS,
# network namespaces, bridge, iptables rules, mounts, cgroups).
bash "$(dirname "${BASH_SOURCE[0]}")/real-nodes.sh" down $([[ $quiet == 1 ]] && echo --quiet) || rc=1
# The local registry the real nodes pull from (scripts/cluster/images.sh); its storage stays in the cache.
stop_groups registry || rc=1
# The apiserver's clients first (together), then the apiserver, etcd last.
stop_groups log-shim kwok kube-scheduler kube-controller-manager || rc=1
stop_groups kube-apiserver || rc=1
stop_groups etcd || rc=1
rm -f "$CLUSTER_STATE_DIR/run/nodes"

# Anything left that runs one of our cached binaries with our state dir on its
# command line is ours (e.g. a component whose pidfile was lost): stop it by
# pid. Other processes that merely mention the dir (a `tail -f` of a log) are
# left alone.
our_strays() {
  local pid exe
  for pid in $(pgrep -f -- "$CLUSTER_STATE_DIR/" || true); do
    exe="$(readlink "/proc/$pid/exe" 2>/dev/null || true)"
    [[ "$exe" == "$CLUSTER_CACHE_DIR/"* ]] && echo "$pid"
  done
  return 0
}
if [[ -d "$CLUSTER_STATE_DIR" ]]; then
  for pid in $(our_strays); do
    log "stray process $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-120)"
    kill -KILL "$pid" 2>/dev/null || true
  done
  sleep 0.2
  left="$(our_strays | paste -sd' ')"
  if [[ -n "$left" ]]; then
    log "error: processes remain: $left"
    rc=1
  fi
fi

if [[ $purge == 1 ]]; then
  rm -rf "$CLUSTER_STATE_DIR"
  say "removed $CLUSTER_STATE_DIR"
fi
[[ $rc == 0 ]] && say "cluster is down"
exit $rc
