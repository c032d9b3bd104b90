#!/bin/sh
# Command shim for `kubectl exec` into kwok pods (installed by up.sh as
# $CLUSTER_STATE_DIR/exec-path/.dispatch; the e2e harness links command names
# to it, e.g. exec-path/ibstat -> .dispatch).
#
# kwok runs an exec's command on this machine, looked up in kwok's own PATH,
# whose first entry is exec-path/. The pod's kwok Exec object sets
# ICT_SIM_EXEC_DIR to that pod's own command directory. If the pod has a
# command of this name there, it runs; otherwise the real command of the same
# name on the rest of PATH runs, or the shell's "not found" (127) is returned,
# as in a container without that tool.
name=${0##*/}
self_dir=$(cd "$(dirname "$0")" && pwd)

if [ -n "${ICT_SIM_EXEC_DIR:-}" ] && [ -x "$ICT_SIM_EXEC_DIR/$name" ]; then
  exec "$ICT_SIM_EXEC_DIR/$name" "$@"
fi

# Drop our own directory from PATH so the lookup below finds the real tool.
new_path=
old_ifs=$IFS
IFS=:
for d in $PATH; do
  [ "$d" = "$self_dir" ] && continue
  new_path=${new_path:+$new_path:}$d
done
IFS=$old_ifs
PATH=$new_path
export PATH

if command -v "$name" >/dev/null 2>&1; then
  exec "$name" "$@"
fi
echo "exec: \"$name\": executable file not found in \$PATH" >&2
exit 127
