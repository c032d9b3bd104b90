# shellcheck shell=bash
# The fake GPU nodes kwok manages. Sourced by up.sh. Layout for N nodes
# (CLUSTER_NODES, 2..64, default 4) — see test/cluster/README.md:
#   gpu-node-0 .. gpu-node-(N-2)  8x H100, 8x rdma/ib
#       odd index  -> tainted nvidia.com/gpu=present:NoSchedule
#       zone       -> zone-a for indexes 0,1, 4,5, ...; zone-b for 2,3, 6,7, ...
#   gpu-node-nordma               8x H100, no rdma/ib resource, untainted, zone-b

# node_yaml NAME ZONE RDMA(0|1) TAINT(0|1)
node_yaml() {
  local name=$1 zone=$2 rdma=$3 taint=$4
  cat <<EOF
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
    interconnect-test.dev/rdma: "$([[ $rdma == 1 ]] && echo true || echo false)"
spec:
EOF
  if [[ $taint == 1 ]]; then
    cat <<EOF
  taints:
  - key: nvidia.com/gpu
    value: present
    effect: NoSchedule
EOF
  else
    echo "  taints: []"
  fi
  cat <<EOF
status:
  capacity:
    cpu: "224"
    memory: 2113470Mi
    ephemeral-storage: 3750Gi
    pods: "110"
    nvidia.com/gpu: "8"
$([[ $rdma == 1 ]] && echo '    rdma/ib: "8"')
  allocatable:
    cpu: "220"
    memory: 2080000Mi
    ephemeral-storage: 3500Gi
    pods: "110"
    nvidia.com/gpu: "8"
$([[ $rdma == 1 ]] && echo '    rdma/ib: "8"')
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    osImage: "kwok fake node (interconnect-test)"
EOF
}

# node_names — one name a line, in creation order.
node_names() {
  local n=$CLUSTER_NODES i
  for ((i = 0; i < n - 1; i++)); do echo "gpu-node-$i"; done
  echo gpu-node-nordma
}

render_nodes() {
  local n=$CLUSTER_NODES i zone
  if ! [[ "$n" =~ ^[0-9]+$ ]] || ((n < 2 || n > 64)); then die "CLUSTER_NODES must be 2..64, got '$n'"; fi
  for ((i = 0; i < n - 1; i++)); do
    if (((i / 2) % 2 == 0)); then zone="zone-a"; else zone="zone-b"; fi
    node_yaml "gpu-node-$i" "$zone" 1 $((i % 2))
  done
  node_yaml gpu-node-nordma zone-b 0 0
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
