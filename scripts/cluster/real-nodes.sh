#!/usr/bin/env bash
# Real nodes beside the kwok ones: real-0 … real-(N-1), each a real kubelet,
# containerd (Debian's, with runc and the CNI plugins from Debian) and
# kube-proxy in its own network namespace, joined to the host by a veth pair on
# a host bridge; plus CoreDNS on the host as the cluster DNS. See the "Real
# nodes" section of test/cluster/README.md for the layout and every setting.
#
#   bash scripts/cluster/real-nodes.sh up      # called by up.sh (control plane must be up)
#   bash scripts/cluster/real-nodes.sh down    # called by down.sh; removes all it made
#   bash scripts/cluster/real-nodes.sh check   # exit 0 when every part is alive and Ready
#   bash scripts/cluster/real-nodes.sh names   # real-0,real-1 (those started)
#
# Needs root. Env: CLUSTER_REAL_NODES (0..4, default 2), PAUSE_IMAGE (else
# scripts/cluster/images.sh is asked), CLUSTER_REAL_NET (default 172.31.250).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/pki.sh"

SCRIPTS="$(dirname "${BASH_SOURCE[0]}")"
REAL="$CLUSTER_STATE_DIR/real"
RUN="$CLUSTER_STATE_DIR/run"
LOGS="$CLUSTER_STATE_DIR/logs"
B="$CLUSTER_BIN_DIR"
T="$NODE_TOOLS_BIN_DIR"
IPT_COMMENT="interconnect-test real nodes"

node_name() { echo "real-$1"; }
node_ip() { echo "$REAL_NET.$((10 + $1))"; }
node_netns() { echo "ict-real-$1"; }
node_veth() { echo "ictv-real-$1"; }      # host end; the node end is eth0 in the netns
node_pod_cidr() { echo "$REAL_POD_NET.$1.0/24"; }
node_dir() { echo "$REAL/real-$1"; }
node_rundir() { echo "$REAL_RUN_DIR/real-$1"; } # short: unix socket paths must stay < 108 bytes
node_sock() { echo "$(node_rundir "$1")/containerd.sock"; }
node_cgroup() { echo "ict-real-$1"; }

in_ns() { local ns=$1; shift; nsenter --net="/run/netns/$ns" -- "$@"; }

# start NAME NETNS|- BINARY ARGS… — own session, pidfile, log (as up.sh's start).
# nsenter only enters the network namespace: the mount namespace stays the
# host's, so kubelet's volume mounts are visible to containerd and runc.
start_in() {
  local name=$1 ns=$2
  shift 2
  : >"$LOGS/$name.log"
  if [[ "$ns" == - ]]; then
    setsid "$@" >>"$LOGS/$name.log" 2>&1 </dev/null 9>&- &
  else
    setsid nsenter --net="/run/netns/$ns" -- "$@" >>"$LOGS/$name.log" 2>&1 </dev/null 9>&- &
  fi
  echo $! >"$(pidfile "$name")"
}

real_components() {
  local i
  for ((i = 0; i < CLUSTER_REAL_NODES; i++)); do
    echo "containerd-real-$i" "kubelet-real-$i" "kube-proxy-real-$i"
  done
  echo coredns
}

# ---------------------------------------------------------------- preflight

preflight() {
  local missing=() c
  for c in containerd containerd-shim-runc-v2 runc nsenter ip iptables conntrack; do
    command -v "$c" >/dev/null || missing+=("$c")
  done
  for c in bridge host-local loopback portmap; do
    [[ -x "$REAL_CNI_BIN_DIR/$c" ]] || missing+=("$REAL_CNI_BIN_DIR/$c")
  done
  ((${#missing[@]} == 0)) || die "real nodes need: ${missing[*]} (apt-get install containerd runc containernetworking-plugins iptables iproute2 conntrack util-linux)"
  [[ -d /sys/fs/cgroup/memory ]] || log "warning: no cgroup v1 memory hierarchy; this script configures kubelet for cgroup v1"
  for c in kubelet kube-proxy; do [[ -x "$B/$c" ]] || die "$B/$c is missing (scripts/cluster/build.sh)"; done
}

# ------------------------------------------------------------ host network

host_network_up() {
  if ! ip link show "$REAL_BRIDGE" >/dev/null 2>&1; then
    ip link add "$REAL_BRIDGE" type bridge
  fi
  ip addr replace "$REAL_HOST_IP/24" dev "$REAL_BRIDGE"
  ip link set "$REAL_BRIDGE" up
  # The control plane listens on 127.0.0.1 only. Nodes reach the apiserver at
  # $REAL_HOST_IP:<port>, DNATed to 127.0.0.1 (needs route_localnet on the bridge).
  sysctl -qw "net.ipv4.conf.$REAL_BRIDGE.route_localnet=1"
  local p
  for p in "$CLUSTER_APISERVER_PORT"; do
    iptables -w -t nat -C PREROUTING -i "$REAL_BRIDGE" -d "$REAL_HOST_IP" -p tcp --dport "$p" \
      -m comment --comment "$IPT_COMMENT" -j DNAT --to-destination "127.0.0.1:$p" 2>/dev/null ||
      iptables -w -t nat -A PREROUTING -i "$REAL_BRIDGE" -d "$REAL_HOST_IP" -p tcp --dport "$p" \
        -m comment --comment "$IPT_COMMENT" -j DNAT --to-destination "127.0.0.1:$p"
  done
  # Node-to-node traffic is bridged here and, with br_netfilter, passes the
  # host's FORWARD chain: accept it even where that chain's policy is DROP.
  iptables -w -C FORWARD -i "$REAL_BRIDGE" -o "$REAL_BRIDGE" -m comment --comment "$IPT_COMMENT" -j ACCEPT 2>/dev/null ||
    iptables -w -I FORWARD -i "$REAL_BRIDGE" -o "$REAL_BRIDGE" -m comment --comment "$IPT_COMMENT" -j ACCEPT
}

host_network_down() {
  local rule
  for table in nat filter; do
    while read -r rule; do
      [[ -n "$rule" ]] || continue
      eval "iptables -w -t $table ${rule/-A /-D }" 2>/dev/null || true
    done < <(iptables -w -t "$table" -S 2>/dev/null | grep -F -- "--comment \"$IPT_COMMENT\"" || true)
  done
  ip link del "$REAL_BRIDGE" 2>/dev/null || true # also removes its routes
}

# ------------------------------------------------------------ node network

node_network_up() {
  local i=$1 ns veth ip j
  ns="$(node_netns "$i")" veth="$(node_veth "$i")" ip="$(node_ip "$i")"
  ip netns del "$ns" 2>/dev/null || true
  ip link del "$veth" 2>/dev/null || true
  ip netns add "$ns"
  ip link add "$veth" type veth peer name "ictn-real-$i"
  ip link set "ictn-real-$i" netns "$ns"
  ip link set "$veth" master "$REAL_BRIDGE" up
  in_ns "$ns" ip link set lo up
  in_ns "$ns" ip link set "ictn-real-$i" name eth0
  in_ns "$ns" ip addr add "$ip/24" dev eth0
  in_ns "$ns" ip link set eth0 up
  in_ns "$ns" ip route add default via "$REAL_HOST_IP"
  # Pods of the other nodes: straight to that node over the bridge.
  for ((j = 0; j < CLUSTER_REAL_NODES; j++)); do
    ((j == i)) && continue
    in_ns "$ns" ip route add "$(node_pod_cidr "$j")" via "$(node_ip "$j")"
  done
  # The host reaches this node's pods (apiserver → pod, CoreDNS replies).
  ip route replace "$(node_pod_cidr "$i")" via "$ip" dev "$REAL_BRIDGE"
  # A node routes between its pods' bridge and eth0; kube-proxy's rules must
  # see bridged pod→pod traffic too (a Service whose endpoint is on this node).
  in_ns "$ns" sysctl -qw net.ipv4.ip_forward=1
  in_ns "$ns" sh -c 'for f in /proc/sys/net/bridge/bridge-nf-call-iptables /proc/sys/net/bridge/bridge-nf-call-ip6tables; do [ -w "$f" ] && echo 1 >"$f"; done; true'
}

# ------------------------------------------------------------------ cgroups

# kubelet refuses a cgroupRoot that does not exist. One per node, in every v1
# hierarchy, so the two kubelets never see (and clean up) each other's pods.
cgroups_up() {
  local cg=$1 h
  for h in /sys/fs/cgroup/*/; do
    [[ -f "$h/cgroup.procs" ]] || continue
    mkdir -p "$h$cg"
    if [[ -f "$h/cpuset.cpus" ]]; then
      cat "$h/cpuset.cpus" >"$h$cg/cpuset.cpus"
      cat "$h/cpuset.mems" >"$h$cg/cpuset.mems"
    fi
  done
}

cgroups_down() {
  local cg=$1 h d
  for h in /sys/fs/cgroup/*/; do
    [[ -d "$h$cg" ]] || continue
    # Deepest first; a cgroup with a live process stays (and is reported).
    while read -r d; do rmdir "$d" 2>/dev/null || true; done < <(find "$h$cg" -depth -type d 2>/dev/null)
    [[ -d "$h$cg" ]] && log "warning: cgroup $h$cg is still in use"
  done
  return 0
}

# ------------------------------------------------------------ node configs

node_configs() {
  local i=$1 d r name ip
  d="$(node_dir "$i")" r="$(node_rundir "$i")" name="$(node_name "$i")" ip="$(node_ip "$i")"
  mkdir -p "$d/kubelet" "$d/containerd" "$d/pod-logs" "$d/cni/net.d" "$d/cni/ipam" "$r"
  chmod 700 "$d"

  gen_cert "kubelet-$name" "system:node:$name" system:nodes "basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth,clientAuth
subjectAltName=IP:$ip,DNS:$name"
  gen_cert kube-proxy system:kube-proxy "" "basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=clientAuth"
  node_kubeconfig "$d/kubelet.kubeconfig" "kubelet-$name" "system:node:$name"
  node_kubeconfig "$d/kube-proxy.kubeconfig" kube-proxy system:kube-proxy

  # containerd 1.6 (config version 2). Everything it writes is under this
  # node's dirs; plugins that would touch /opt or other snapshotters are off.
  cat >"$d/containerd.toml" <<EOF
version = 2
root = "$d/containerd"
state = "$r/containerd"
disabled_plugins = ["io.containerd.internal.v1.opt", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.aufs", "io.containerd.tracing.processor.v1.otlp"]

[grpc]
  address = "$r/containerd.sock"

[ttrpc]
  address = "$r/containerd.sock.ttrpc"

[debug]
  address = ""
  level = "info"

[metrics]
  address = ""

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  enable_selinux = false
  # This machine's root lacks CAP_SYS_RESOURCE, so no process may lower its
  # oom_score_adj (runc fails with "failed to update /proc/self/oom_score_adj:
  # Permission denied" for the sandbox's -998): clamp to containerd's own.
  restrict_oom_score_adj = true
  # Pod network namespaces under this node's state dir, not /var/run/netns.
  netns_mounts_under_state_dir = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
        Root = "$r/runc"
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "$REAL_CNI_BIN_DIR"
    conf_dir = "$d/cni/net.d"
# The local registry (plain HTTP) under its image-name spelling, reached at
# the host's bridge address (a node's loopback is its own).
$(cluster_registry_mirror_toml "$REAL_HOST_IP")
EOF

  # Pod network: a bridge in the node's netns, host-local IPAM (state in this
  # node's dir), no masquerade (every pod CIDR is routed).
  cat >"$d/cni/net.d/10-ict.conflist" <<EOF
{
  "cniVersion": "1.0.0",
  "name": "ict-$name",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "cni0",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "dataDir": "$d/cni/ipam",
        "ranges": [[{ "subnet": "$(node_pod_cidr "$i")" }]],
        "routes": [{ "dst": "0.0.0.0/0" }]
      }
    },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
EOF

  cat >"$d/kubelet.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
# This host runs cgroup v1; kubelet >= 1.35 refuses it unless told not to.
failCgroupV1: false
cgroupDriver: cgroupfs
# One cgroup root per node, so two kubelets on one host do not manage (and
# remove) each other's pod cgroups.
cgroupRoot: /$(node_cgroup "$i")
cgroupsPerQOS: true
failSwapOn: false
containerRuntimeEndpoint: unix://$r/containerd.sock
imageServiceEndpoint: unix://$r/containerd.sock
podLogsDir: $d/pod-logs
address: $ip
port: 10250
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
tlsCertFile: $PKI/kubelet-$name.crt
tlsPrivateKeyFile: $PKI/kubelet-$name.key
authentication:
  anonymous:
    enabled: false
  webhook:
    enabled: true
  x509:
    clientCAFile: $PKI/ca.crt
authorization:
  mode: Webhook
clusterDomain: cluster.local
clusterDNS: [$REAL_DNS_IP]
# Pods get only the cluster DNS (the host's resolver is not reachable from a node).
resolvConf: ""
registerNode: true
registerWithTaints:
- key: interconnect-test.dev/real-node
  value: "true"
  effect: NoSchedule
# This shared disk and memory are the host's: no eviction or image GC that a
# busy build machine could trigger mid-test.
evictionHard:
  memory.available: 100Mi
  nodefs.available: 1%
  nodefs.inodesFree: 1%
  imagefs.available: 1%
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
serializeImagePulls: false
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
maxPods: 110
# No CAP_SYS_RESOURCE here: the kubelet could not lower its own to -999.
oomScoreAdj: 0
EOF
}

# node_kubeconfig FILE CERT USER — reaches the apiserver through the bridge (pki.sh's writer)
node_kubeconfig() {
  write_kubeconfig "$1" "$2" "$3" "$REAL_HOST_IP" localhost
}

# ------------------------------------------------------------------ CoreDNS

coredns_up() {
  mkdir -p "$REAL/coredns"
  cat >"$REAL/coredns/Corefile" <<EOF
.:53 {
    bind $REAL_HOST_IP
    errors
    health 127.0.0.1:$CLUSTER_COREDNS_HEALTH_PORT
    ready 127.0.0.1:$CLUSTER_COREDNS_READY_PORT
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig $CLUSTER_STATE_DIR/admin.kubeconfig
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
        ttl 5
    }
    forward . /etc/resolv.conf
    cache 5
    loop
    reload
}
EOF
  start_in coredns - "$T/coredns" -conf "$REAL/coredns/Corefile"
  kubectl_admin apply -f - >/dev/null <<EOF
apiVersion: v1
kind: Service
metadata:
  name: kube-dns
  namespace: kube-system
  labels: {k8s-app: kube-dns, kubernetes.io/name: CoreDNS}
spec:
  clusterIP: $REAL_DNS_IP
  ports:
  - {name: dns, port: 53, protocol: UDP, targetPort: 53}
  - {name: dns-tcp, port: 53, protocol: TCP, targetPort: 53}
---
# CoreDNS runs on the host, not in a pod: the Service has no selector and
# this slice names the host's bridge address.
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kube-dns-host
  namespace: kube-system
  labels:
    kubernetes.io/service-name: kube-dns
    endpointslice.kubernetes.io/managed-by: interconnect-test.dev
addressType: IPv4
ports:
- {name: dns, port: 53, protocol: UDP}
- {name: dns-tcp, port: 53, protocol: TCP}
endpoints:
- addresses: ["$REAL_HOST_IP"]
  conditions: {ready: true}
---
# The apiserver runs with --endpoint-reconciler-type=none (it advertises
# 127.0.0.1, which an endpoint may not hold), so the kubernetes Service had
# no endpoint. From the real nodes it is the bridge address, DNATed to the
# apiserver on 127.0.0.1, so in-cluster clients in pods work.
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kubernetes-host
  namespace: default
  labels:
    kubernetes.io/service-name: kubernetes
    endpointslice.kubernetes.io/managed-by: interconnect-test.dev
addressType: IPv4
ports:
- {name: https, port: $CLUSTER_APISERVER_PORT, protocol: TCP}
endpoints:
- addresses: ["$REAL_HOST_IP"]
  conditions: {ready: true}
EOF
}

# ------------------------------------------------------------------- nodes

node_up() {
  local i=$1 name ns d r ip
  name="$(node_name "$i")" ns="$(node_netns "$i")" d="$(node_dir "$i")" r="$(node_rundir "$i")" ip="$(node_ip "$i")"
  start_in "containerd-$name" "$ns" containerd --config "$d/containerd.toml"
  wait_for "containerd on $name" 30 test -S "$r/containerd.sock" || return 1
  start_in "kubelet-$name" "$ns" "$B/kubelet" \
    --config="$d/kubelet.yaml" --kubeconfig="$d/kubelet.kubeconfig" --root-dir="$d/kubelet" \
    --hostname-override="$name" --node-ip="$ip" \
    --node-labels="interconnect-test.dev/real-node=true,topology.kubernetes.io/region=local,topology.kubernetes.io/zone=real" \
    --v=1
  start_in "kube-proxy-$name" "$ns" "$B/kube-proxy" \
    --kubeconfig="$d/kube-proxy.kubeconfig" --hostname-override="$name" \
    --proxy-mode=iptables --cluster-cidr="$REAL_POD_NET.0.0/16" \
    --healthz-bind-address=127.0.0.1:10256 --metrics-bind-address=127.0.0.1:10249 --nodeport-addresses=primary \
    --conntrack-max-per-core=0 --conntrack-min=0 --oom-score-adj=0 --v=1
  cat >"$d/crictl.yaml" <<EOF
runtime-endpoint: unix://$r/containerd.sock
image-endpoint: unix://$r/containerd.sock
timeout: 10
EOF
}

node_ready() {
  [[ "$(kubectl_admin get node "$1" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" == True ]]
}

# The extended resources a GPU node's device plugins would advertise. The
# kubelet keeps capacity it does not manage and derives allocatable from it at
# its next status update; allocatable is patched too so it need not be awaited.
advertise_resources() {
  local name=$1
  kubectl_admin patch node "$name" --subresource=status --type=json -p "[
    {\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"$REAL_GPUS\"},
    {\"op\":\"add\",\"path\":\"/status/capacity/rdma~1ib\",\"value\":\"$REAL_RDMA\"},
    {\"op\":\"add\",\"path\":\"/status/allocatable/nvidia.com~1gpu\",\"value\":\"$REAL_GPUS\"},
    {\"op\":\"add\",\"path\":\"/status/allocatable/rdma~1ib\",\"value\":\"$REAL_RDMA\"}]" >/dev/null
}

resources_advertised() {
  [[ "$(kubectl_admin get node "$1" -o jsonpath='{.status.allocatable.nvidia\.com/gpu}/{.status.allocatable.rdma/ib}' 2>/dev/null)" == "$REAL_GPUS/$REAL_RDMA" ]]
}

# ensure_images — PAUSE_IMAGE (and PROBE_IMAGE) from the environment or from
# scripts/cluster/images.sh. Returns 1 when there is no way to get them.
ensure_images() {
  if [[ -z "${PAUSE_IMAGE:-}" ]]; then
    [[ -f "$SCRIPTS/images.sh" ]] || return 1
    local out line
    out="$(bash "$SCRIPTS/images.sh")" || die "scripts/cluster/images.sh failed"
    while read -r line; do
      case "$line" in
        PAUSE_IMAGE=* | PROBE_IMAGE=* | REGISTRY=*) export "${line?}" ;;
      esac
    done <<<"$out"
  fi
  [[ -n "${PAUSE_IMAGE:-}" ]] || die "images.sh printed no PAUSE_IMAGE"
}

# The host-wide names (bridge, netns, /run/interconnect-test, cgroup roots)
# allow one cluster with real nodes per host; $REAL_RUN_DIR/owner names its
# state dir. other_owner prints another state dir whose real nodes still run.
owner_file() { echo "$REAL_RUN_DIR/owner"; }
other_owner() {
  local f other pid
  f="$(owner_file)"
  [[ -f "$f" ]] || return 1
  other="$(cat "$f")"
  [[ -n "$other" && "$other" != "$CLUSTER_STATE_DIR" ]] || return 1
  for f in "$other"/run/kubelet-real-*.pid "$other"/run/containerd-real-*.pid; do
    [[ -f "$f" ]] || continue
    pid="$(cat "$f")"
    [[ -n "$pid" ]] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$other/" && { echo "$other"; return 0; }
  done
  return 1
}

cmd_up() {
  local n=$CLUSTER_REAL_NODES i t0=$SECONDS
  mkdir -p "$RUN"
  if ((n == 0)); then
    echo "0 0" >"$RUN/real-nodes"
    return 0
  fi
  if [[ $EUID != 0 ]]; then
    log "warning: no real nodes: they need root (network namespaces, mounts, cgroups); CLUSTER_REAL_NODES=0 silences this"
    echo "$n 0" >"$RUN/real-nodes"
    return 0
  fi
  preflight
  cluster_lock
  local other
  if other="$(other_owner)"; then
    log "warning: no real nodes: the cluster in $other runs them (one cluster with real nodes per host)"
    echo "$n 0" >"$RUN/real-nodes"
    return 0
  fi
  if ! ensure_images; then
    log "warning: no real nodes: no PAUSE_IMAGE and no scripts/cluster/images.sh to build one"
    echo "$n 0" >"$RUN/real-nodes"
    return 0
  fi
  bash "$SCRIPTS/build-node-tools.sh"
  cmd_down --quiet
  mkdir -p "$REAL" "$RUN" "$LOGS" "$REAL_RUN_DIR"
  echo "$CLUSTER_STATE_DIR" >"$(owner_file)"
  host_network_up
  for ((i = 0; i < n; i++)); do
    node_network_up "$i"
    cgroups_up "$(node_cgroup "$i")"
    node_configs "$i"
  done
  coredns_up
  for ((i = 0; i < n; i++)); do node_up "$i" || return 1; done
  for ((i = 0; i < n; i++)); do
    wait_for "$(node_name "$i") Ready (real kubelet)" 120 node_ready "$(node_name "$i")" || return 1
    advertise_resources "$(node_name "$i")"
  done
  for ((i = 0; i < n; i++)); do
    wait_for "$(node_name "$i") advertises nvidia.com/gpu and rdma/ib" 30 resources_advertised "$(node_name "$i")" || return 1
  done
  wait_for "CoreDNS ready" 60 curl -fsS "http://127.0.0.1:$CLUSTER_COREDNS_READY_PORT/ready" || return 1
  # "<requested> <started>": check and names read it.
  echo "$n $n" >"$RUN/real-nodes"
  log "real nodes up in $((SECONDS - t0))s: $(for ((i = 0; i < n; i++)); do printf '%s ' "$(node_name "$i")"; done)(pods $REAL_POD_NET.0.0/16, DNS $REAL_DNS_IP)"
}

started() {
  local req got
  [[ -f "$RUN/real-nodes" ]] || return 1
  read -r req got <"$RUN/real-nodes"
  [[ "$req" == "$CLUSTER_REAL_NODES" ]] || return 1
  echo "$got"
}

cmd_check() {
  local n c i
  n="$(started)" || return 1
  ((n == 0)) && return 0
  CLUSTER_REAL_NODES=$n
  for c in $(real_components); do component_alive "$c" || return 1; done
  for ((i = 0; i < n; i++)); do node_ready "$(node_name "$i")" || return 1; done
}

# The names of the real nodes that were started, comma-separated.
cmd_names() {
  local n i
  n="$(started)" || n=0
  for ((i = 0; i < n; i++)); do node_name "$i"; done | paste -sd, -
}

# ------------------------------------------------------------------- down

# stop_groups NAME… — SIGTERM to each one's process group at once, SIGKILL
# to what is left after 10 s (as down.sh does for the control plane).
stop_groups() {
  local names=() pgids=() c pf pid i j left
  for c in "$@"; do
    pf="$(pidfile "$c")"
    [[ -f "$pf" ]] || continue
    pid="$(cat "$pf")"
    rm -f "$pf"
    if [[ -n "$pid" ]] && pgrep -g "$pid" >/dev/null 2>&1; then
      kill -TERM -- "-$pid" 2>/dev/null || true
      names+=("$c") pgids+=("$pid")
    fi
  done
  ((${#pgids[@]})) || return 0
  for ((i = 0; i < 100; i++)); do
    left=0
    for j in "${!pgids[@]}"; do kill -0 -- "-${pgids[j]}" 2>/dev/null && left=1; done
    ((left)) || break
    sleep 0.1
  done
  for j in "${!pgids[@]}"; do kill -KILL -- "-${pgids[j]}" 2>/dev/null && log "killed ${names[j]} (SIGTERM did not stop it in 10 s)"; done
  say "stopped ${names[*]}"
}

# Unmount everything below a directory, deepest first.
umount_below() {
  local dir=$1 m
  [[ -n "$dir" && -e "$dir" ]] || return 0
  while read -r m; do
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done < <(awk -v d="$dir/" 'index($5, d) == 1 {print $5}' /proc/self/mountinfo | sort -r)
}

# node_pods_down I — every pod sandbox through the CRI: containers stopped,
# CNI torn down (pod netns and IPs released), shims gone.
node_pods_down() {
  local i=$1 sock
  sock="$(node_sock "$i")"
  if [[ -S "$sock" ]] && component_alive "containerd-real-$i" && [[ -x "$T/crictl" ]]; then
    timeout 60 "$T/crictl" --runtime-endpoint "unix://$sock" --timeout 30s rmp --all --force >/dev/null 2>&1 ||
      log "warning: crictl rmp on real-$i failed"
  fi
  return 0
}

# node_down I — after containerd stopped: whatever survived, then the node's
# mounts, dirs, netns, veth and cgroups.
node_down() {
  local i=$1 r d sock pid c
  r="$(node_rundir "$i")" d="$(node_dir "$i")" sock="$(node_sock "$i")"
  # Shims of this containerd, then containers in its runc root.
  for pid in $(pgrep -f -- "-address $sock" || true); do kill -KILL "$pid" 2>/dev/null || true; done
  if [[ -d "$r/runc" ]]; then
    for c in "$r"/runc/*/*/; do
      [[ -d "$c" ]] || continue
      runc --root "$(dirname "$c")" kill "$(basename "$c")" KILL 2>/dev/null || true
      runc --root "$(dirname "$c")" delete --force "$(basename "$c")" 2>/dev/null || true
    done
  fi
  umount_below "$r"
  umount_below "$d"
  # A fresh node on every start (as etcd is fresh): no kubelet, containerd or
  # IPAM state from an earlier run. Never delete through a mount that stayed.
  if awk -v a="$r/" -v b="$d/" 'index($5, a) == 1 || index($5, b) == 1 {found=1} END {exit !found}' /proc/self/mountinfo; then
    log "warning: mounts remain below $d or $r; leaving them"
  else
    rm -rf "$r" "$d"
  fi
  ip netns del "$(node_netns "$i")" 2>/dev/null || true
  ip link del "$(node_veth "$i")" 2>/dev/null || true
  cgroups_down "$(node_cgroup "$i")"
}

# Paths outside our dirs that kubelet and containerd 1.6 always use: the
# device-plugin dir (kubelet.sock, checkpoint; fixed in kubelet, shared by both
# kubelets, unused here: no device plugins), libcni's result cache and the shim
# socket dir. Removed only when no other kubelet runs and only if empty after.
host_paths_down() {
  if ! pgrep -x kubelet >/dev/null 2>&1; then
    rm -f /var/lib/kubelet/device-plugins/kubelet.sock /var/lib/kubelet/device-plugins/kubelet_internal_checkpoint
    rmdir /var/lib/kubelet/device-plugins /var/lib/kubelet 2>/dev/null || true
  fi
  rmdir /var/lib/cni/results /var/lib/cni /run/containerd/s /run/containerd 2>/dev/null || true
  return 0
}

cmd_down() {
  [[ "${1:-}" == --quiet ]] && quiet=1
  cluster_lock
  local i idx=() f ns other
  if other="$(other_owner)"; then
    # The real nodes are another cluster's: leave them (and the host-wide
    # names) alone; this state dir has none.
    rm -f "$RUN/real-nodes"
    return 0
  fi
  # Every node this state dir ever started (pidfiles, dirs, netns), whatever
  # CLUSTER_REAL_NODES says now.
  for f in "$RUN"/kubelet-real-*.pid "$RUN"/containerd-real-*.pid "$RUN"/kube-proxy-real-*.pid; do
    [[ -f "$f" ]] && { f="${f##*-real-}"; idx+=("${f%.pid}"); }
  done
  for f in "$REAL"/real-*/; do [[ -d "$f" ]] && { f="${f%/}"; idx+=("${f##*/real-}"); }; done
  while read -r ns _; do [[ "$ns" == ict-real-* ]] && idx+=("${ns#ict-real-}"); done < <(ip netns list 2>/dev/null || true)
  for ((i = 0; i < CLUSTER_REAL_NODES; i++)); do idx+=("$i"); done
  local nodes=() kubelets=() containerds=()
  for i in $(printf '%s\n' "${idx[@]}" | sort -un); do
    [[ "$i" =~ ^[0-9]+$ ]] || continue
    nodes+=("$i") kubelets+=("kubelet-real-$i" "kube-proxy-real-$i") containerds+=("containerd-real-$i")
  done
  # Kubelets first, so none restarts what is removed next; then the pods;
  # then containerd; then what each node made.
  stop_groups coredns "${kubelets[@]}"
  for i in "${nodes[@]}"; do node_pods_down "$i"; done
  stop_groups "${containerds[@]}"
  # Strays whose pidfile was lost: a containerd with one of our configs, a
  # shim of one of our sockets (their containers are gone with the runc roots).
  local pid
  for pid in $(pgrep -f -- "--config $REAL/real-" || true) $(pgrep -f -- "-address $REAL_RUN_DIR/real-" || true); do
    log "stray process $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-120)"
    kill -KILL "$pid" 2>/dev/null || true
  done
  for i in "${nodes[@]}"; do node_down "$i"; done
  host_network_down
  rm -f "$RUN/real-nodes"
  rm -rf "$REAL/coredns"
  rm -f "$(owner_file)"
  host_paths_down
  # (node dirs with a mount left in them stay, with a warning above)
  rmdir "$REAL" "$REAL_RUN_DIR" 2>/dev/null || true
  return 0
}

quiet=0
say() { [[ $quiet == 1 ]] || log "$@"; }

dump_logs() {
  local c
  for c in $(real_components); do
    [[ -s "$LOGS/$c.log" ]] || continue
    log "---- last lines of $LOGS/$c.log"
    tail -n 15 "$LOGS/$c.log" >&2
  done
}

# Sourced (to try one function): define only.
[[ "${BASH_SOURCE[0]}" != "$0" ]] && return 0
# Without root there is nothing this script could have made.
[[ $EUID != 0 && "${1:-}" == down ]] && exit 0

case "${1:-}" in
  up) cmd_up || { dump_logs; exit 1; } ;;
  down) shift; cmd_down "$@" ;;
  check) cmd_check ;;
  names) cmd_names ;;
  *) die "usage: real-nodes.sh up|down|check|names" ;;
esac
