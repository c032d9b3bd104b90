# shellcheck shell=bash
# Certificates and kubeconfigs for the local control plane, made with openssl.
# Sourced by up.sh after lib.sh. Idempotent: existing files are kept.

PKI="$CLUSTER_STATE_DIR/pki"

# gen_cert NAME CN ORG EXT  — a cert signed by the cluster CA.
# EXT is an openssl extension block (keyUsage, extendedKeyUsage, SANs).
gen_cert() {
  local name=$1 cn=$2 org=$3 ext=$4 subj
  [[ -s "$PKI/$name.crt" && -s "$PKI/$name.key" ]] && return 0
  subj="/CN=$cn"
  [[ -n "$org" ]] && subj="/O=$org$subj"
  openssl req -new -newkey rsa:2048 -nodes -keyout "$PKI/$name.key" \
    -subj "$subj" -out "$PKI/$name.csr" 2>/dev/null
  printf '%s\n' "$ext" >"$PKI/$name.ext"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" \
    -CAcreateserial -days 3650 -sha256 -extfile "$PKI/$name.ext" \
    -out "$PKI/$name.crt" 2>/dev/null
  rm -f "$PKI/$name.csr" "$PKI/$name.ext"
}

# write_kubeconfig FILE CERT_NAME USER [SERVER_HOST [TLS_SERVER_NAME]]  (always rewritten: the
# port may change). SERVER_HOST defaults to the loopback address; the real nodes reach the
# apiserver through their bridge and name the certificate's host (localhost) instead.
write_kubeconfig() {
  local file=$1 cert=$2 user=$3 host=${4:-$CLUSTER_HOST} tls_name=${5:-}
  cat >"$file" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: interconnect-test
  cluster:
    server: https://$host:$CLUSTER_APISERVER_PORT${tls_name:+
    tls-server-name: $tls_name}
    certificate-authority-data: $(base64 -w0 <"$PKI/ca.crt")
users:
- name: $user
  user:
    client-certificate-data: $(base64 -w0 <"$PKI/$cert.crt")
    client-key-data: $(base64 -w0 <"$PKI/$cert.key")
contexts:
- name: $user@interconnect-test
  context:
    cluster: interconnect-test
    user: $user
current-context: $user@interconnect-test
EOF
  chmod 600 "$file"
}

ensure_pki() {
  command -v openssl >/dev/null || die "openssl is missing (apt-get install -y openssl)"
  mkdir -p "$PKI"
  chmod 700 "$PKI"
  if [[ ! -s "$PKI/ca.crt" ]]; then
    log "generating certificates in $PKI"
    openssl req -x509 -new -newkey rsa:2048 -nodes -keyout "$PKI/ca.key" \
      -subj "/CN=interconnect-test-ca" -days 3650 -sha256 \
      -addext "basicConstraints=critical,CA:TRUE" \
      -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" \
      -out "$PKI/ca.crt" 2>/dev/null
  fi
  local client='basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=clientAuth'
  local server='basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth'
  gen_cert apiserver kube-apiserver "" "$server
subjectAltName=IP:127.0.0.1,IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  # What the apiserver presents to "kubelets" (kwok's server) for logs/exec.
  gen_cert apiserver-kubelet-client kube-apiserver-kubelet-client system:masters "$client"
  # kwok's kubelet-like server; the apiserver verifies it with the cluster CA.
  gen_cert kwok-serving kwok-kubelet "" "$server
subjectAltName=IP:127.0.0.1,DNS:localhost"
  gen_cert admin kubernetes-admin system:masters "$client"
  gen_cert kube-controller-manager system:kube-controller-manager "" "$client"
  gen_cert kube-scheduler system:kube-scheduler "" "$client"
  if [[ ! -s "$PKI/sa.key" ]]; then
    openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null
    openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
  fi
  write_kubeconfig "$CLUSTER_STATE_DIR/admin.kubeconfig" admin kubernetes-admin
  write_kubeconfig "$CLUSTER_STATE_DIR/kube-controller-manager.kubeconfig" kube-controller-manager system:kube-controller-manager
  write_kubeconfig "$CLUSTER_STATE_DIR/kube-scheduler.kubeconfig" kube-scheduler system:kube-scheduler
}
