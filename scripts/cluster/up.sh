#!/usr/bin/env bash
# Start a real Kubernetes control plane on 127.0.0.1 with kwok GPU nodes.
#
#   etcd → kube-apiserver (Node,RBAC; SA tokens; ExtendedResourceToleration) → kwok and
#   NetworkAttachmentDefinition CRDs →
#   kube-controller-manager, kube-scheduler, kwok → nodes → readiness
#
# Builds the binaries first when they are not cached (scripts/cluster/build.sh).
# Idempotent: when the cluster is already up and healthy it only prints the
# kubeconfig. The LAST line of stdout is always `KUBECONFIG=<path>`; progress
# goes to stderr.
#
# Env: CLUSTER_NODES (2..1024, default 4), CLUSTER_STATE_DIR, CLUSTER_CACHE_DIR,
#      CLUSTER_*_PORT (see lib.sh); the injected faults CLUSTER_FAULTY_NODES, CLUSTER_SLOW_NODES,
#      CLUSTER_BAD_LINKS, CLUSTER_BAD_ZONE_LINKS, CLUSTER_PROBE_LOGS (test/cluster/README.md).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/pki.sh"
source "$(dirname "${BASH_SOURCE[0]}")/nodes.sh"

KUBECONFIG_PATH="$CLUSTER_STATE_DIR/admin.kubeconfig"
RUN="$CLUSTER_STATE_DIR/run"
LOGS="$CLUSTER_STATE_DIR/logs"
EXEC_PATH_DIR="$CLUSTER_STATE_DIR/exec-path"

healthy() {
  local c
  for c in "${CLUSTER_COMPONENTS[@]}"; do component_alive "$c" || return 1; done
  [[ -f "$RUN/nodes" && "$(cat "$RUN/nodes")" == "$CLUSTER_NODES" ]] || return 1
  kubectl_admin get --raw=/readyz >/dev/null 2>&1 || return 1
  all_nodes_ready || return 1
  bash "$(dirname "${BASH_SOURCE[0]}")/real-nodes.sh" check
}

all_nodes_ready() {
  local ready
  ready="$(kubectl_admin get nodes -l 'type=kwok,!interconnect-test.dev/node-set' -o jsonpath='{range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}' 2>/dev/null | grep -c '^True$' || true)"
  [[ "$ready" == "$CLUSTER_NODES" ]]
}

port_free() { ! (exec 3<>"/dev/tcp/$CLUSTER_HOST/$1") 2>/dev/null; }

# start NAME BINARY ARGS... — own session/process group, pidfile, log file.
start() {
  local name=$1 bin=$2
  shift 2
  : >"$LOGS/$name.log"
  setsid "$bin" "$@" >>"$LOGS/$name.log" 2>&1 </dev/null 9>&- &
  echo $! >"$(pidfile "$name")"
}

fail_with_logs() {
  local c
  log "$1"
  for c in "${CLUSTER_COMPONENTS[@]}"; do
    [[ -s "$LOGS/$c.log" ]] || continue
    log "---- last lines of $LOGS/$c.log"
    tail -n 15 "$LOGS/$c.log" >&2
  done
  bash "$(dirname "${BASH_SOURCE[0]}")/down.sh" >&2 || true
  exit 1
}

# The faults the log shim (test/cluster/log-shim.ts) plays, from the environment: the
# ConfigMap is written when any CLUSTER_* fault variable is set (or on a fresh start), so an
# `up.sh` on a running cluster changes them; a test patches the ConfigMap itself.
apply_faults() {
  local fresh=$1
  [[ $fresh == 1 || -n "${CLUSTER_FAULTY_NODES:-}${CLUSTER_SLOW_NODES:-}${CLUSTER_BAD_LINKS:-}${CLUSTER_BAD_ZONE_LINKS:-}${CLUSTER_PROBE_LOGS:-}" ]] || return 0
  local on=off
  [[ -n "${CLUSTER_FAULTY_NODES:-}${CLUSTER_SLOW_NODES:-}${CLUSTER_BAD_LINKS:-}${CLUSTER_BAD_ZONE_LINKS:-}" ]] && on=on
  on="${CLUSTER_PROBE_LOGS:-$on}"
  [[ $on == on || $on == off ]] || die "CLUSTER_PROBE_LOGS must be on or off, got '$on'"
  kubectl_admin -n kube-public create configmap interconnect-test-faults \
    --from-literal=probeLogs="$on" \
    --from-literal=faultyNodes="${CLUSTER_FAULTY_NODES:-}" \
    --from-literal=slowNodes="${CLUSTER_SLOW_NODES:-}" \
    --from-literal=badLinks="${CLUSTER_BAD_LINKS:-}" \
    --from-literal=badZoneLinks="${CLUSTER_BAD_ZONE_LINKS:-}" \
    --dry-run=client -o yaml | kubectl_admin apply -f - >/dev/null
  [[ $on == off ]] || log "injected faults: faulty nodes '${CLUSTER_FAULTY_NODES:-}', slow nodes '${CLUSTER_SLOW_NODES:-}', bad links '${CLUSTER_BAD_LINKS:-}', bad zone links '${CLUSTER_BAD_ZONE_LINKS:-}'"
}

main() {
  render_nodes >/dev/null # validates CLUSTER_NODES early
  cluster_lock
  if cluster_binaries_ready && healthy; then
    log "already up ($CLUSTER_NODES nodes)"
    apply_faults 0
    echo "KUBECONFIG=$KUBECONFIG_PATH"
    return 0
  fi

  bash "$(dirname "${BASH_SOURCE[0]}")/build.sh"
  # Anything half-up from an earlier run goes first.
  bash "$(dirname "${BASH_SOURCE[0]}")/down.sh" --quiet

  local t0=$SECONDS p
  for p in "$CLUSTER_ETCD_PORT" "$CLUSTER_ETCD_PEER_PORT" "$CLUSTER_APISERVER_PORT" \
    "$CLUSTER_KCM_PORT" "$CLUSTER_SCHEDULER_PORT" "$CLUSTER_KWOK_PORT"; do
    port_free "$p" || die "port $CLUSTER_HOST:$p is in use; move it with CLUSTER_*_PORT (see scripts/cluster/lib.sh)"
  done

  mkdir -p "$RUN" "$LOGS" "$EXEC_PATH_DIR"
  ensure_pki
  local B=$CLUSTER_BIN_DIR S=$CLUSTER_STATE_DIR H=$CLUSTER_HOST

  # A fresh store on every start: tests never see a previous run's objects.
  rm -rf "$S/etcd"
  start etcd "$B/etcd" \
    --name=default --data-dir="$S/etcd" \
    --listen-client-urls="http://$H:$CLUSTER_ETCD_PORT" --advertise-client-urls="http://$H:$CLUSTER_ETCD_PORT" \
    --listen-peer-urls="http://$H:$CLUSTER_ETCD_PEER_PORT" --initial-advertise-peer-urls="http://$H:$CLUSTER_ETCD_PEER_PORT" \
    --initial-cluster="default=http://$H:$CLUSTER_ETCD_PEER_PORT" \
    --unsafe-no-fsync --quota-backend-bytes=2147483648 --log-level=warn
  wait_for etcd 30 curl -fsS "http://$H:$CLUSTER_ETCD_PORT/health" || fail_with_logs "etcd did not start"

  start kube-apiserver "$B/kube-apiserver" \
    --bind-address="$H" --advertise-address="$H" --secure-port="$CLUSTER_APISERVER_PORT" \
    --etcd-servers="http://$H:$CLUSTER_ETCD_PORT" \
    --tls-cert-file="$S/pki/apiserver.crt" --tls-private-key-file="$S/pki/apiserver.key" \
    --client-ca-file="$S/pki/ca.crt" \
    --authorization-mode=Node,RBAC \
    --enable-admission-plugins=NodeRestriction,ExtendedResourceToleration \
    --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --service-account-key-file="$S/pki/sa.pub" --service-account-signing-key-file="$S/pki/sa.key" \
    --service-cluster-ip-range=10.96.0.0/16 \
    --endpoint-reconciler-type=none \
    --kubelet-client-certificate="$S/pki/apiserver-kubelet-client.crt" \
    --kubelet-client-key="$S/pki/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority="$S/pki/ca.crt" \
    --kubelet-preferred-address-types=InternalIP \
    --allow-privileged=true --profiling=false
  wait_for "kube-apiserver /readyz" 120 kubectl_admin get --raw=/readyz || fail_with_logs "kube-apiserver did not become ready"

  kubectl_admin apply -f "$CLUSTER_CRD_DIR/" >/dev/null
  kubectl_admin wait --for=condition=Established --timeout=60s -f "$CLUSTER_CRD_DIR/" >/dev/null
  # Multus's NetworkAttachmentDefinition CRD (source and licence in the file's header).
  kubectl_admin apply -f "$CLUSTER_REPO_ROOT/test/cluster/crds/" >/dev/null
  kubectl_admin wait --for=condition=Established --timeout=60s -f "$CLUSTER_REPO_ROOT/test/cluster/crds/" >/dev/null

  start kube-controller-manager "$B/kube-controller-manager" \
    --kubeconfig="$S/kube-controller-manager.kubeconfig" \
    --authentication-kubeconfig="$S/kube-controller-manager.kubeconfig" \
    --authorization-kubeconfig="$S/kube-controller-manager.kubeconfig" \
    --bind-address="$H" --secure-port="$CLUSTER_KCM_PORT" \
    --leader-elect=false --cluster-name=interconnect-test \
    --controllers='*' --use-service-account-credentials=true \
    --kube-api-qps=200 --kube-api-burst=400 --concurrent-job-syncs=20 \
    --service-account-private-key-file="$S/pki/sa.key" --root-ca-file="$S/pki/ca.crt" \
    --cluster-signing-cert-file="$S/pki/ca.crt" --cluster-signing-key-file="$S/pki/ca.key"
  start kube-scheduler "$B/kube-scheduler" \
    --kubeconfig="$S/kube-scheduler.kubeconfig" \
    --authentication-kubeconfig="$S/kube-scheduler.kubeconfig" \
    --authorization-kubeconfig="$S/kube-scheduler.kubeconfig" \
    --bind-address="$H" --secure-port="$CLUSTER_SCHEDULER_PORT" --leader-elect=false \
    --kube-api-qps=200 --kube-api-burst=400

  # kwok resolves `kubectl exec` commands through its own PATH; the harness
  # links per-test command shims into $EXEC_PATH_DIR (see sim-exec-dispatch.sh).
  install -m 0755 "$(dirname "${BASH_SOURCE[0]}")/sim-exec-dispatch.sh" "$EXEC_PATH_DIR/.dispatch"
  start kwok env PATH="$EXEC_PATH_DIR:$PATH" "$B/kwok" \
    --kubeconfig="$S/admin.kubeconfig" \
    --config="$CLUSTER_CONFIG_DIR/stages.yaml" \
    --manage-all-nodes=false --manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake \
    --node-ip="$H" --node-port="$CLUSTER_KWOK_PORT" --server-address="$H:$CLUSTER_KWOK_PORT" \
    --tls-cert-file="$S/pki/kwok-serving.crt" --tls-private-key-file="$S/pki/kwok-serving.key" \
    --node-lease-duration-seconds=40 --cidr=10.244.0.1/16 \
    --enable-crds=Logs,ClusterLogs,Exec,ClusterExec,Attach,ClusterAttach,PortForward,ClusterPortForward

  wait_for "kube-controller-manager /healthz" 60 curl -kfsS "https://$H:$CLUSTER_KCM_PORT/healthz" || fail_with_logs "kube-controller-manager did not become healthy"
  wait_for "kube-scheduler /healthz" 60 curl -kfsS "https://$H:$CLUSTER_SCHEDULER_PORT/healthz" || fail_with_logs "kube-scheduler did not become healthy"
  wait_for "kwok /healthz" 60 curl -kfsS "https://$H:$CLUSTER_KWOK_PORT/healthz" || fail_with_logs "kwok did not become healthy"

  # The probe-log shim: what a node's probe pods print, from the injected faults.
  command -v node >/dev/null || fail_with_logs "node (Node.js 22 or 24) is not on PATH; the log shim needs it"
  apply_faults 1
  start log-shim node "$CLUSTER_REPO_ROOT/test/cluster/log-shim.ts" --state-dir "$S"
  wait_for "log shim" 30 grep -q 'log shim running' "$LOGS/log-shim.log" || fail_with_logs "the log shim did not start"

  render_nodes | create_nodes || fail_with_logs "creating the nodes failed"
  # DRA: a DeviceClass and the kwok nodes' ResourceSlices (nodes.sh render_dra), for the real
  # scheduler to allocate claims on.
  render_dra | kubectl_admin apply -f - >/dev/null
  echo "$CLUSTER_NODES" >"$RUN/nodes"
  wait_for "$CLUSTER_NODES nodes Ready" 120 all_nodes_ready \
    || fail_with_logs "nodes did not become Ready"
  wait_for "serviceaccount default/default" 60 kubectl_admin -n default get serviceaccount default \
    || fail_with_logs "the serviceaccount controller did not create default/default"

  # Images for the real nodes: scripts/cluster/images.sh builds (cached) the
  # pause and probe images from Debian packages and serves them from the local
  # registry. Called once here; PAUSE_IMAGE/PROBE_IMAGE already in the
  # environment win. real-nodes.sh gets them exported.
  local images=""
  if ((CLUSTER_REAL_NODES > 0)) && [[ $EUID == 0 && -z "${PAUSE_IMAGE:-}" && -f "$(dirname "${BASH_SOURCE[0]}")/images.sh" ]]; then
    images="$(bash "$(dirname "${BASH_SOURCE[0]}")/images.sh")" || fail_with_logs "images.sh failed"
    export PAUSE_IMAGE PROBE_IMAGE
    PAUSE_IMAGE="$(sed -n 's/^PAUSE_IMAGE=//p' <<<"$images")"
    PROBE_IMAGE="$(sed -n 's/^PROBE_IMAGE=//p' <<<"$images")"
  fi
  local probe_image="${PROBE_IMAGE:-}"

  # Real nodes (kubelet + containerd + kube-proxy per network namespace, and
  # CoreDNS): scripts/cluster/real-nodes.sh; none with CLUSTER_REAL_NODES=0.
  bash "$(dirname "${BASH_SOURCE[0]}")/real-nodes.sh" up || fail_with_logs "real nodes did not come up"

  # What the e2e harness needs to know about this cluster, discoverable
  # through the API (readable by anyone: kube-public).
  kubectl_admin -n kube-public create configmap interconnect-test-cluster \
    --from-literal=provider=kwok-local \
    --from-literal=kubernetesVersion="$CLUSTER_K8S_VERSION" \
    --from-literal=execPathDir="$EXEC_PATH_DIR" \
    --from-literal=stateDir="$S" \
    --from-literal=binDir="$B" \
    --from-literal=nodes="$(node_names | paste -sd, -)" \
    --from-literal=probeImage="$probe_image" \
    --from-literal=realNodes="$(bash "$(dirname "${BASH_SOURCE[0]}")/real-nodes.sh" names)" \
    --dry-run=client -o yaml | kubectl_admin apply -f - >/dev/null

  log "cluster up in $((SECONDS - t0))s: $CLUSTER_NODES kwok nodes, real nodes: $(bash "$(dirname "${BASH_SOURCE[0]}")/real-nodes.sh" names | sed 's/^$/none/'), Kubernetes $CLUSTER_K8S_VERSION, logs in $LOGS"
  echo "KUBECONFIG=$KUBECONFIG_PATH"
}

main "$@"
