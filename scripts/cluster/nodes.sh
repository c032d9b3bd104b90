# shellcheck shell=bash
# The fake GPU nodes kwok manages. Sourced by up.sh; also run on its own to add or remove a
# set of nodes on a running cluster (a test's own nodes):
#   bash scripts/cluster/nodes.sh add SET COUNT     # SET-0 .. SET-(COUNT-1), labelled node-set=SET
#   bash scripts/cluster/nodes.sh delete SET
#   NODE_RDMA_RESOURCE=vpc.amazonaws.com/efa=32 bash scripts/cluster/nodes.sh add SET COUNT   # another RDMA resource
# Layout for N nodes (CLUSTER_NODES, 2..1024, default 4) — see test/cluster/README.md, "Nodes":
#   gpu-node-0 .. gpu-node-(N-2)  8x H100, 8x rdma/ib
#       odd index  -> tainted nvidia.com/gpu=present:NoSchedule
#       zone       -> zone-a for indexes 0,1, 4,5, ...; zone-b for 2,3, 6,7, ...
#       rack       -> network.topology.nvidia.com/block=<zone>-rack-<r>: 16 nodes a rack, in
#                     the order of their index inside the zone (topograph's leaf-switch label)
#       clique     -> only with CLUSTER_CLIQUES=1: nvidia.com/gpu.clique=ict-<zone>-rack-<r>.0 for
#                     the first 8 nodes of every even rack (GPU feature discovery's NVLink-domain
#                     label). Off by default: inside one clique a cross-node pair is judged as
#                     NVLink, which these H100 nodes' probe logs (RDMA) are not.
#   gpu-node-nordma               8x H100, no rdma/ib resource, untainted, zone-b
CLUSTER_MAX_NODES=1024
NODE_SET_LABEL=interconnect-test.dev/node-set

# node_yaml NAME ZONE RDMA(0|1) TAINT(0|1) RACK CLIQUE [SET]
node_yaml() {
  local name=$1 zone=$2 rdma=$3 taint=$4 rack=$5 clique=$6 set=${7:-}
  local rdma_label=false rdma_res="" extra=""
  # NODE_RDMA_RESOURCE=NAME=COUNT: another RDMA resource (a p5-like set: vpc.amazonaws.com/efa=32).
  local res=${NODE_RDMA_RESOURCE:-rdma/ib=8}
  if [[ $rdma == 1 ]]; then rdma_label=true rdma_res=$'\n    '"${res%%=*}: \"${res#*=}\""; fi
  [[ -n $rack ]] && extra+=$'\n'"    network.topology.nvidia.com/block: $rack"
  [[ -n $clique ]] && extra+=$'\n'"    nvidia.com/gpu.clique: $clique"
  [[ -n $set ]] && extra+=$'\n'"    $NODE_SET_LABEL: $set"
  cat <<EOT
---
apiVersion: v1
kind: Node
metadata:
  name: $name
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
  labels:
    type: kwok
    kubernetes.io/arch: amd64
    kubernetes.io/os: linux
    kubernetes.io/hostname: $name
    topology.kubernetes.io/zone: $zone
    topology.kubernetes.io/region: local
    nvidia.com/gpu.present: "true"
    nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3
    nvidia.com/gpu.count: "8"
    nvidia.com/gpu.memory: "81559"
    interconnect-test.dev/rdma: "$rdma_label"$extra
spec:
EOT
  # A node of a set (nodes.sh add) also carries the set as a taint: only what tolerates it (the
  # test or bench that added the set) lands there, and nothing else of the suite takes its GPUs.
  if [[ $taint == 1 || -n $set ]]; then
    echo "  taints:"
    if [[ $taint == 1 ]]; then printf '  - key: nvidia.com/gpu\n    value: present\n    effect: NoSchedule\n'; fi
    if [[ -n $set ]]; then printf '  - key: %s\n    value: %s\n    effect: NoSchedule\n' "$NODE_SET_LABEL" "$set"; fi
  else
    echo "  taints: []"
  fi
  cat <<EOT
status:
  capacity:
    cpu: "224"
    memory: 2113470Mi
    ephemeral-storage: 3750Gi
    pods: "110"
    nvidia.com/gpu: "8"$rdma_res
  allocatable:
    cpu: "220"
    memory: 2080000Mi
    ephemeral-storage: 3500Gi
    pods: "110"
    nvidia.com/gpu: "8"$rdma_res
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    osImage: "kwok fake node (interconnect-test)"
EOT
}

# node_at PREFIX INDEX [SET] — the RDMA node of that index, in the layout above.
node_at() {
  local prefix=$1 i=$2 set=${3:-} zone pos rack clique=""
  if (((i / 2) % 2 == 0)); then zone="zone-a"; else zone="zone-b"; fi
  pos=$(((i / 4) * 2 + i % 2)) # its index inside its zone
  rack="$zone-rack-$((pos / 16))"
  if [[ ${CLUSTER_CLIQUES:-0} == 1 ]] && (((pos / 16) % 2 == 0 && pos % 16 < 8)); then clique="ict-$rack.0"; fi
  node_yaml "$prefix$i" "$zone" 1 $((i % 2)) "$rack" "$clique" "$set"
}

# node_names — one name a line, in creation order.
node_names() {
  local n=$CLUSTER_NODES i
  for ((i = 0; i < n - 1; i++)); do echo "gpu-node-$i"; done
  echo gpu-node-nordma
}

check_node_count() {
  if ! [[ "$1" =~ ^[0-9]+$ ]] || (($1 < $2 || $1 > CLUSTER_MAX_NODES)); then
    die "$3 must be $2..$CLUSTER_MAX_NODES, got '$1'"
  fi
}

# render_dra — DRA on the kwok nodes (resource.k8s.io/v1, GA and on by default in 1.36): a
# DeviceClass and, for every GPU node that has rdma/ib, one ResourceSlice of 8 RDMA NICs, as a
# DRA driver's kubelet plugin would publish them (kwok runs no plugin). The class is the one the
# GKE A4 dranet recipe's ResourceClaimTemplate names (mrdma.google.com, test/fixtures/manifests/
# dynamo-qwen3-32b-gke-a4-dranet-dra-rdma.yaml), selecting the devices of driver dra.net that
# are RDMA-capable. Nothing else claims them: only pods with a claim see DRA at all.
render_dra() {
  local n=$CLUSTER_NODES i d
  cat <<EOF
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: mrdma.google.com
spec:
  selectors:
  - cel:
      expression: device.driver == "dra.net" && device.attributes["dra.net"].rdma == true
EOF
  for ((i = 0; i < n - 1; i++)); do
    cat <<EOF
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: gpu-node-$i-dra.net
spec:
  driver: dra.net
  nodeName: gpu-node-$i
  pool:
    name: gpu-node-$i
    generation: 1
    resourceSliceCount: 1
  devices:
EOF
    for ((d = 0; d < 8; d++)); do
      cat <<EOF
  - name: mlx5-$d
    attributes:
      rdma:
        bool: true
      ifName:
        string: ib$d
EOF
    done
  done
}

render_nodes() {
  local n=$CLUSTER_NODES i
  check_node_count "$n" 2 CLUSTER_NODES
  for ((i = 0; i < n - 1; i++)); do node_at gpu-node- "$i"; done
  node_yaml gpu-node-nordma zone-b 0 0 "zone-b-rack-0" ""
}

# create_nodes < YAML — creates the nodes in batches of 64, 8 batches at once (one
# `kubectl create` a batch; the API server takes them in parallel).
create_nodes() {
  local dir
  dir="$(mktemp -d)"
  awk -v dir="$dir" '/^---$/ { n++; if (n % 64 == 1) f = sprintf("%s/batch-%05d.yaml", dir, n) } { print > f }'
  find "$dir" -name 'batch-*.yaml' -print0 \
    | xargs -0 -n 1 -P 8 "$CLUSTER_BIN_DIR/kubectl" --kubeconfig "$CLUSTER_STATE_DIR/admin.kubeconfig" create -f >/dev/null
  local rc=$?
  rm -rf "$dir"
  return $rc
}

# nodes.sh add SET COUNT / delete SET, on a running cluster.
nodes_main() {
  local cmd=${1:-} set=${2:-} count=${3:-} i ready
  [[ "$set" =~ ^[a-z]([-a-z0-9]{0,30}[a-z0-9])?$ ]] || die "usage: nodes.sh add SET COUNT | delete SET (SET: a lower-case DNS label)"
  case "$cmd" in
    add)
      check_node_count "$count" 1 COUNT
      for ((i = 0; i < count; i++)); do node_at "$set-" "$i" "$set"; done | create_nodes || die "creating the nodes of $set failed"
      local t0=$SECONDS since=0
      # Ready, and without the node lifecycle controller's node.kubernetes.io/not-ready taint, for
      # 6 s on end (longer than its 5 s --node-monitor-period): the controller may still be adding
      # the taint to a node it saw before kwok made it Ready, and the scheduler and `sweep` leave a
      # tainted node out (a sweep once saw 120 of its 128 nodes right after add).
      while :; do
        ready="$(kubectl_admin get nodes -l "$NODE_SET_LABEL=$set" -o jsonpath='{range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{" "}{.spec.taints[*].key}{"\n"}{end}' \
          | awk '$1 == "True" && !/node\.kubernetes\.io\/(not-ready|unreachable)/' | wc -l)" || ready=0
        if ((ready == count)); then
          ((since)) || since=$SECONDS
          ((SECONDS - since >= 6)) && break
        else
          since=0
        fi
        ((SECONDS - t0 < 180)) || die "only ${ready:-0} of $count nodes of $set became Ready and schedulable in 180 s"
        sleep 0.5
      done
      log "✓ $count nodes of $set Ready, not-ready taint gone ($((SECONDS - t0))s)"
      ;;
    delete) kubectl_admin delete nodes -l "$NODE_SET_LABEL=$set" --wait=false >/dev/null ;;
    *) die "usage: nodes.sh add SET COUNT | delete SET" ;;
  esac
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
  nodes_main "$@"
fi
