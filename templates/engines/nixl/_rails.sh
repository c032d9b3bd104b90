# Rails (ITEST_RAILS: GPU indices, set when the pods test every GPU<->NIC rail):
# `nvidia-smi topo -m` names each GPU's closest NIC, the rule of src/pair/plan/rails.ts
# (PIX, else PXB; among equal NICs the first no lower GPU took; PHB/NODE/SYS is no
# rail). One line per GPU: interconnect-test: rail N gpu N nic mlx5_N path PIX.
rail_map() {
  awk '
    { gsub(/\033\[[0-9;]*m/, "") }
    !h && $1 == "GPU0" && $2 != "X" { for (i = 1; i <= NF; i++) { if ($i == "CPU" || $i == "NUMA" || $i == "GPU") break; lab[i] = $i; nl = i }; h = 1; next }
    h && $1 ~ /^NIC[0-9]+:$/ { k = $1; sub(/:$/, "", k); nm[k] = $2; next }
    h && $1 ~ /^GPU[0-9]+$/ && !($1 in seen) { seen[$1] = 1; ng++; row[ng] = $1; for (i = 1; i <= nl; i++) cell[$1, i] = $(i + 1); next }
    END {
      for (r = 1; r <= ng; r++) {
        g = row[r]; pick = 0; path = "-"
        split("PIX PXB", want, " ")
        for (w = 1; w <= 2 && !pick; w++) {
          first = 0
          for (i = 1; i <= nl; i++) if (lab[i] !~ /^GPU[0-9]+$/ && cell[g, i] == want[w]) { if (!first) first = i; if (!(i in taken)) { pick = i; break } }
          if (!pick && first) pick = first
          if (pick) path = want[w]
        }
        nic = "-"; if (pick) { taken[pick] = 1; nic = (lab[pick] in nm) ? nm[lab[pick]] : lab[pick] }
        n = substr(g, 4); print "interconnect-test: rail " n " gpu " n " nic " nic " path " path
      }
    }'
}
RAILMAP=""
if [ -n "$ITEST_RAILS" ]; then
  echo "interconnect-test: rails $ITEST_RAILS"
  if command -v nvidia-smi >/dev/null 2>&1; then
    RAILMAP=$(nvidia-smi topo -m 2>/dev/null | rail_map)
  fi
  [ -n "$RAILMAP" ] && echo "$RAILMAP"
  [ -n "$RAILMAP" ] || echo "interconnect-test: rails: no nvidia-smi topo -m in this pod: UCX picks each GPU's NIC itself"
fi
# The GPU of rail $1 (nvidia-smi's index, as in the map) for CUDA_VISIBLE_DEVICES: its UUID
# from nvidia-smi, else the allocated GPU at that place (_gpus.sh).
rail_gpu() {
  u=""
  # nvidia-smi names a MIG slice's parent GPU, not the slice: MIG slices come from _gpus.sh.
  case "$GPUS" in
    *MIG-*) ;;
    *) command -v nvidia-smi >/dev/null 2>&1 &&
        u=$(nvidia-smi --query-gpu=index,uuid --format=csv,noheader 2>/dev/null | awk -F', *' -v i="$1" '$1 == i { print $2 }') ;;
  esac
  if [ -n "$u" ]; then echo "$u"; else gpu "$1"; fi
}
# The NIC of rail $1, empty when the map has none.
rail_nic() { echo "$RAILMAP" | awk -v g="$1" '$3 == "rail" && $4 == g && $8 != "-" { print $8 }'; }
