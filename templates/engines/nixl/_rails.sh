# Rails (ITEST_RAILS: GPU indices, set when the pods test every GPU<->NIC rail):
# `nvidia-smi topo -m` names each GPU's rail, the rule of src/pair/plan/rails.ts: every
# NIC at PIX or PXB (UCX registers GPU memory on all the HCAs at the GPU's nearest
# distance, MAX_HCA_PER_GPU=auto, and PIX/PXB are one distance to it; PHB/NODE/SYS is no
# rail). $1, when given: the RDMA devices the pod can open (space-separated); a NIC outside
# them is never chosen (SR-IOV/Multus: nvidia-smi lists the node's NICs, not the pod's).
# One line per GPU: interconnect-test: rail N gpu N nic mlx5_0,mlx5_1 path PXB.
rail_map() {
  awk -v only="${1-}" -v filter="$#" '
    BEGIN { n = split(only, o, " "); for (i = 1; i <= n; i++) ok[o[i]] = 1 }
    { gsub(/\033\[[0-9;]*m/, "") }
    !h && $1 == "GPU0" && $2 != "X" { for (i = 1; i <= NF; i++) { if ($i == "CPU" || $i == "NUMA" || $i == "GPU") break; lab[i] = $i; nl = i }; h = 1; next }
    h && $1 ~ /^NIC[0-9]+:$/ { k = $1; sub(/:$/, "", k); nm[k] = $2; next }
    h && $1 ~ /^GPU[0-9]+$/ && !($1 in seen) { seen[$1] = 1; ng++; row[ng] = $1; for (i = 1; i <= nl; i++) cell[$1, i] = $(i + 1); next }
    END {
      for (r = 1; r <= ng; r++) {
        g = row[r]; nic = ""; path = "-"
        for (i = 1; i <= nl; i++) {
          if (lab[i] ~ /^GPU[0-9]+$/) continue
          name = (lab[i] in nm) ? nm[lab[i]] : lab[i]
          if (filter && !(name in ok)) continue
          c = cell[g, i]
          if (c == "PIX" || c == "PXB") { nic = nic (nic == "" ? "" : ",") name; if (path != "PXB") path = c }
        }
        if (nic == "") nic = "-"
        n = substr(g, 4); print "interconnect-test: rail " n " gpu " n " nic " nic " path " path
      }
    }'
}
# The RDMA devices this pod can open, one a line: each /dev/infiniband/uverbsN the runtime gave
# it, named by the kernel's /sys/class/infiniband_verbs/uverbsN/ibdev (references/rails.md);
# `?` for a node the kernel does not name. $1, $2: the /dev and /sys roots (tests pass a copy).
pod_rdma_devices() {
  for u in "$1"/infiniband/uverbs*; do
    [ -e "$u" ] || continue
    d=$(cat "$2/class/infiniband_verbs/${u##*/}/ibdev" 2>/dev/null)
    printf '%s\n' "${d:-?}"
  done
}
RAILMAP=""
if [ -n "$ITEST_RAILS" ]; then
  echo "interconnect-test: rails $ITEST_RAILS"
  PODRDMA=$(pod_rdma_devices /dev /sys | tr '\n' ' ')
  if command -v nvidia-smi >/dev/null 2>&1; then
    case "$PODRDMA" in
      *'?'*)
        echo "interconnect-test: rails: the pod's RDMA devices are not all named in sysfs ($PODRDMA): every NIC nvidia-smi lists is a candidate"
        RAILMAP=$(nvidia-smi topo -m 2>/dev/null | rail_map) ;;
      *)
        echo "interconnect-test: rails: the pod's RDMA devices: ${PODRDMA:-none (no /dev/infiniband/uverbs*)}"
        RAILMAP=$(nvidia-smi topo -m 2>/dev/null | rail_map "$PODRDMA") ;;
    esac
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
# UCX_NET_DEVICES for rail $1: port 1 of each of its NICs (`mlx5_0:1,mlx5_1:1`), empty when it has none.
rail_nic() {
  echo "$RAILMAP" | awk -v g="$1" '$2 == "rail" && $3 == g && $7 != "-" { n = split($7, d, ","); s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") d[i] ":1"; print s }'
}
