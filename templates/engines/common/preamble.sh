for p in /sys/class/infiniband/*/ports/*; do
  [ -r "$p/rate" ] || continue
  d=${p%/ports/*}; d=${d##*/}
  echo "interconnect-test: nic $d|${p##*/}|$(cat "$p/state" 2>/dev/null)|$(cat "$p/rate" 2>/dev/null)|$(cat "$p/link_layer" 2>/dev/null)|$(cat "${p%/ports/*}/hca_type" 2>/dev/null)"
done
echo "interconnect-test: host $(hostname) node ${NODE_NAME:-unknown}"
LB=""; if command -v stdbuf >/dev/null 2>&1; then LB="stdbuf -oL -eL"; fi
T=$(mktemp -d 2>/dev/null) || { T=/tmp/itest.$$; mkdir -p "$T"; }
END=$(( $(date +%s) + ${ITEST_WAIT_S:-600} ))
late() { [ "$(date +%s)" -ge "$END" ]; }
