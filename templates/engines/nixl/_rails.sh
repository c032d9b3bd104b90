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
# NCCL's XML topology (NCCL_TOPO_FILE). Azure ships ndv5-topo.xml because an ND VM's PCI tree is
# virtual: nvidia-smi finds no PIX/PXB there, the file puts each GPU and its NIC under one bridge.
# A GPU's rail is every NIC under a PCI bridge the GPU is under too (below the CPU: UCX's nearest
# class, as PIX/PXB above). stdin: the XML; $1: the GPUs, `index busid` a line (nvidia-smi);
# $2: the pod's RDMA devices, `busid name` a line (rdma_pci). Prints rail_map's lines.
rail_map_topo_file() {
  awk -v gpus="$1" -v nics="$2" '
    function norm(b,   p, d) { b = tolower(b); if (split(b, p, ":") != 3) return b; d = p[1]; sub(/^0+/, "", d); while (length(d) < 4) d = "0" d; return d ":" p[2] ":" p[3] }
    BEGIN {
      ng = split(gpus, gl, "\n"); for (i = 1; i <= ng; i++) { split(gl[i], f, " "); gidx[i] = f[1]; gbus[i] = norm(f[2]) }
      nn = split(nics, ml, "\n"); for (i = 1; i <= nn; i++) { split(ml[i], f, " "); if (f[2] != "") nname[norm(f[1])] = f[2] }
    }
    /<pci[ >]/ {
      b = $0; sub(/.*busid="/, "", b); sub(/".*/, "", b); b = norm(b)
      c = ""; if ($0 ~ /class="/) { c = $0; sub(/.*class="/, "", c); sub(/".*/, "", c) }
      up = ""; for (i = 1; i <= sp; i++) up = up " " st[i] " "
      if (c ~ /^0x030[02]/) gup[b] = up
      if (c ~ /^0x020[07]/) { nup[b] = up; nord[++nc] = b }
      if ($0 !~ /\/>[[:space:]]*$/) st[++sp] = b
    }
    /<\/pci>/ { sp-- }
    END {
      for (i = 1; i <= ng; i++) {
        if (gidx[i] == "") continue
        nic = ""; na = (gbus[i] in gup) ? split(gup[gbus[i]], a, " ") : 0
        for (k = 1; k <= nc; k++) {
          n = nord[k]; hit = 0
          for (j = 1; j <= na; j++) if (index(nup[n], " " a[j] " ")) hit = 1
          if (hit && (n in nname)) nic = nic (nic == "" ? "" : ",") nname[n]
        }
        print "interconnect-test: rail " gidx[i] " gpu " gidx[i] " nic " (nic == "" ? "-" : nic) " path " (nic == "" ? "-" : "topo-file")
      }
    }'
}
# `busid name` of each RDMA device $1 names (space-separated): the PCI function its sysfs `device`
# link points to. $2: the /sys root.
rdma_pci() {
  for n in $1; do
    b=$(readlink "$2/class/infiniband/$n/device" 2>/dev/null) && echo "${b##*/} $n"
  done
}
# Each GPU's NUMA nodes: the "NUMA Affinity" column of `nvidia-smi topo -m`, `index nodes` a line
# (`0 0`; a Grace GPU lists its CPU's node and the memory-only nodes beside it, `0 0,3-9,11-17`;
# `N/A` where the driver does not know). stdin: the matrix.
gpu_numa() {
  awk '
    { gsub(/\033\[[0-9;]*m/, "") }
    !h && $1 == "GPU0" && $2 != "X" {
      at = 0; k = 0; name = ""
      for (i = 1; i <= NF; i++) {
        if (!at && ($i == "CPU" || $i == "NUMA" || $i == "GPU")) at = 1
        if (!at) { nl = i; continue }
        name = name (name == "" ? "" : " ") $i
        if ($i == "Affinity" || $i == "ID") { k++; if (name == "NUMA Affinity") col = k; name = "" }
      }
      h = 1; next
    }
    h && col && $1 ~ /^GPU[0-9]+$/ && !($1 in seen) && $(1 + nl + col) != "" { seen[$1] = 1; print substr($1, 4), $(1 + nl + col) }'
}
# `name node` of each RDMA device $1 names (space-separated): the NUMA node of its PCI function
# (sysfs `device/numa_node`, the kernel's; -1 when it does not know). $2: the /sys root.
rdma_numa() {
  for n in $1; do
    printf '%s %s\n' "$n" "$(cat "$2/class/infiniband/$n/device/numa_node" 2>/dev/null || echo -1)"
  done
}
# Unpinned rails spread per NUMA node (references/rails.md §2): a GPU with no NIC of its own (none at
# PIX/PXB, none under its bridge in the topology file: Azure's virtual PCI tree, Grace where the NICs
# hang off the CPU) takes the pod's NICs on its own NUMA node, dealt out among the GPUs of that node
# that have none, as NCCL deals a GPU's local NICs (ncclTopoGetLocalNetType): with n NICs for g such
# GPUs, the k-th GPU gets NIC k mod n when n < g, else the block of NICs j with floor(j*g/n) = k, so no
# NIC sits idle and none is shared more than it must be. A GPU with no NIC on its node stays unpinned.
# stdin: rail lines; $1: gpu_numa's lines; $2: rdma_numa's lines (the pod's devices, in that order).
# Prints the rail lines, `path NUMA` for a rail it pinned.
rail_spread() {
  awk -v gn="$1" -v nn="$2" '
    function on(x, list,   p, r, n, i) {
      n = split(list, p, ",")
      for (i = 1; i <= n; i++) {
        if (p[i] ~ /^[0-9]+-[0-9]+$/) { split(p[i], r, "-"); if (x + 0 >= r[1] + 0 && x + 0 <= r[2] + 0) return 1 }
        else if (p[i] ~ /^[0-9]+$/ && x + 0 == p[i] + 0) return 1
      }
      return 0
    }
    BEGIN {
      n = split(gn, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], f, " "); if (f[1] != "") numa[f[1]] = f[2] }
      n = split(nn, l, "\n"); for (i = 1; i <= n; i++) { split(l[i], f, " "); if (f[1] != "" && f[2] ~ /^[0-9]+$/) { nc++; cn[nc] = f[1]; cnode[nc] = f[2] } }
    }
    $1 == "interconnect-test:" && $2 == "rail" { nr++; line[nr] = $0; g[nr] = $5; nic[nr] = $7 }
    END {
      for (r = 1; r <= nr; r++) {
        if (nic[r] != "-" || !(g[r] in numa)) continue
        c = ""; for (k = 1; k <= nc; k++) if (on(cnode[k], numa[g[r]])) c = c (c == "" ? "" : ",") cn[k]
        if (c == "") continue
        cand[r] = c; pos[r] = size[c]++
      }
      for (r = 1; r <= nr; r++) {
        if (!(r in cand)) { print line[r]; continue }
        n = split(cand[r], cl, ","); gs = size[cand[r]]; k = pos[r]; s = ""
        if (n < gs) s = cl[k % n + 1]
        else for (j = 0; j < n; j++) if (int(j * gs / n) == k) s = s (s == "" ? "" : ",") cl[j + 1]
        print "interconnect-test: rail " g[r] " gpu " g[r] " nic " s " path NUMA"
      }
    }'
}
RAILMAP=""
# The roots of /dev and /sys the map reads: the pod's own (tests point ITEST_RAILS_ROOT at a copy).
RR=${ITEST_RAILS_ROOT:-}
if [ -n "$ITEST_RAILS" ]; then
  echo "interconnect-test: rails $ITEST_RAILS"
  PODRDMA=$(pod_rdma_devices "$RR/dev" "$RR/sys" | tr '\n' ' ')
  case "$PODRDMA" in
    *'?'*)
      echo "interconnect-test: rails: the pod's RDMA devices are not all named in sysfs ($PODRDMA): every RDMA device sysfs lists is a candidate"
      ONLY=$(for d in "$RR"/sys/class/infiniband/*; do [ -e "$d" ] && printf '%s ' "${d##*/}"; done) ;;
    *)
      echo "interconnect-test: rails: the pod's RDMA devices: ${PODRDMA:-none (no /dev/infiniband/uverbs*)}"
      ONLY=$PODRDMA ;;
  esac
  if ! command -v nvidia-smi >/dev/null 2>&1; then
    :
  elif [ -n "${NCCL_TOPO_FILE:-}" ] && [ -r "$NCCL_TOPO_FILE" ]; then
    echo "interconnect-test: rails: each GPU's NICs from NCCL_TOPO_FILE=$NCCL_TOPO_FILE"
    RAILMAP=$(rail_map_topo_file "$(nvidia-smi --query-gpu=index,pci.bus_id --format=csv,noheader 2>/dev/null | tr -d ',')" "$(rdma_pci "$ONLY" "$RR/sys")" <"$NCCL_TOPO_FILE")
  else
    [ -n "${NCCL_TOPO_FILE:-}" ] && echo "interconnect-test: rails: NCCL_TOPO_FILE=$NCCL_TOPO_FILE is not readable in this pod: the map comes from nvidia-smi topo -m"
    RAILMAP=$(nvidia-smi topo -m 2>/dev/null | rail_map "$ONLY")
  fi
  case "$RAILMAP" in
    *' nic - '*)
      GPUNUMA=$(nvidia-smi topo -m 2>/dev/null | gpu_numa)
      NICNUMA=$(rdma_numa "$ONLY" "$RR/sys")
      echo "interconnect-test: rails: a GPU with no NIC of its own takes the pod's NICs on its NUMA node; NUMA nodes:$(echo "$GPUNUMA" | awk 'NF { printf " GPU%s:%s", $1, $2 }')$(echo "$NICNUMA" | awk 'NF { printf " %s:%s", $1, $2 }')"
      RAILMAP=$(echo "$RAILMAP" | rail_spread "$GPUNUMA" "$NICNUMA") ;;
  esac
  [ -n "$RAILMAP" ] && echo "$RAILMAP"
  [ -n "$RAILMAP" ] || echo "interconnect-test: rails: no nvidia-smi in this pod: UCX picks each GPU's NIC itself"
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
