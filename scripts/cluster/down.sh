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

stop_group() {
  local name=$1 pgid=$2 i
  kill -TERM -- "-$pgid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    group_alive "$pgid" || { say "stopped $name"; return 0; }
    sleep 0.1
  done
  kill -KILL -- "-$pgid" 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    group_alive "$pgid" || { say "killed $name"; return 0; }
    sleep 0.1
  done
  log "error: $name (process group $pgid) survived SIGKILL"
  return 1
}

rc=0
# Reverse start order: the apiserver's clients first, etcd last.
for ((idx = ${#CLUSTER_COMPONENTS[@]} - 1; idx >= 0; idx--)); do
  c=${CLUSTER_COMPONENTS[idx]}
  pf="$(pidfile "$c")"
  [[ -f "$pf" ]] || continue
  pid="$(cat "$pf")"
  if [[ -n "$pid" ]] && group_alive "$pid"; then
    stop_group "$c" "$pid" || rc=1
  fi
  rm -f "$pf"
done
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
