#!/usr/bin/env bash
# Build the container images the real nodes run, from Debian packages, and
# serve them from a local registry on this host. No registry outside is used.
#
#   pause  the pods' sandbox image: one static binary, test/cluster/images/pause
#   probe  the probe image: ucx_perftest/ucx_info, etcd + etcdctl, python3,
#          bash/coreutils/iproute2/procps — what src/pair/plan/probe-script.ts,
#          templates/etcd.yaml.hbs and the node/nixl probes call
#
# Each image is built once per stamp of its inputs (package list, suite, the
# build section below, the pause source) into $CLUSTER_CACHE_DIR/images/<name>/<stamp>
# as an OCI image layout, and tagged with that stamp, so a changed input is a
# new tag and no node keeps a stale image under an old name.
#
# The registry (Debian's docker-registry, plain HTTP) listens on
# 0.0.0.0:$CLUSTER_REGISTRY_PORT and keeps its storage in the cache, so a warm
# run only starts it (if it is not running) and checks the tags are there.
# Its pid and log live in the state dir; down.sh stops it.
#
# Stdout: REGISTRY=host:port, PAUSE_IMAGE=…, PROBE_IMAGE=… (progress on stderr).
# Usage: scripts/cluster/images.sh [--force]   (--force rebuilds both images)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# The builds run inside $(…): without this, a failing step there would not stop them.
shopt -s inherit_errexit

force=0
[[ "${1:-}" == "--force" ]] && force=1

IMAGES_DIR="$CLUSTER_CACHE_DIR/images"
IMAGES_SRC_DIR="$CLUSTER_REPO_ROOT/test/cluster/images"
REGISTRY_STORAGE="$IMAGES_DIR/registry"
SELF="$CLUSTER_REPO_ROOT/scripts/cluster/images.sh"

# IMAGE-BUILD-BEGIN (settings and build code down to IMAGE-BUILD-END: part of every image's stamp)
IMAGE_SUITE=bookworm
IMAGE_MIRROR="${CLUSTER_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# What the probe pods run (probe-script.ts: sh, hostname, cat, stdbuf, mktemp,
# tee, grep, sleep, ucx_perftest; etcd.yaml.hbs: etcd; node: ucx_info, ls, cat,
# lsmod; nixl: python3). No ibstat/ibv_devinfo: the nodes have no RDMA devices.
PROBE_PACKAGES=(
  ucx-utils etcd-server etcd-client python3
  bash coreutils grep sed gawk findutils procps iproute2 iputils-ping hostname kmod
  netbase ca-certificates
)
# Python packages pip installs into the probe image (python3-pip is then added to the packages and
# `pip install --no-deps` runs in the rootfs; needs the Python registry): NIXL from PyPI, as
# scripts/nixl-venv.sh pins it (src/engines/nixl/python.ts NIXL_PIN, NUMPY_PIN), so the real nodes'
# long-running "worker" pods can run `pair --in-place` (test/e2e/in-place.e2e.test.ts). --no-deps:
# nixl-cu12 declares torch, which its _api.py imports only for type checking.
PROBE_PIP_PACKAGES=(nixl==1.5.1 nixl-cu12==1.5.1 numpy==2.4.6)
# Dropped from the probe rootfs after install (copyright files stay).
TRIM_PATHS=(
  usr/share/man usr/share/info usr/share/locale usr/share/lintian usr/share/linda
  usr/share/bash-completion usr/share/zsh var/cache/apt var/lib/apt/lists var/log
  var/cache/debconf/templates.dat-old var/cache/debconf/config.dat-old
)
PROBE_ENV=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8)

build_section() { sed -n '/^# IMAGE-BUILD-BEGIN/,/^# IMAGE-BUILD-END/p' "$SELF"; }

stamp_of() {
  case "$1" in
    pause) { build_section; cat "$IMAGES_SRC_DIR/pause/go.mod" "$IMAGES_SRC_DIR"/pause/*.go; } ;;
    probe) { build_section; printf '%s\n' "$IMAGE_SUITE" "${PROBE_PACKAGES[@]}" -- "${PROBE_PIP_PACKAGES[@]}"; } ;;
  esac | sha256sum | cut -c1-12
}

sha256() { sha256sum "$1" | cut -d' ' -f1; }
size_of() { stat -c %s "$1"; }

# oci_layout OUT ROOTFS CONFIG_JSON_BODY CREATED_BY — one-layer OCI image
# layout in OUT (oci-layout, index.json, blobs/sha256/…) from a rootfs
# directory. CONFIG_JSON_BODY is the "config" object of the image config.
oci_layout() {
  local out=$1 rootfs=$2 cfg=$3 created_by=$4
  local blobs="$out/blobs/sha256" tarfile="$out/layer.tar" diff layer lsize config csize manifest msize
  mkdir -p "$blobs"
  # Numeric owners, sorted names, one mtime: the same rootfs gives the same layer.
  tar --numeric-owner --sort=name --mtime='2000-01-01 00:00Z' -C "$rootfs" -cf "$tarfile" .
  diff="$(sha256 "$tarfile")"
  gzip -n -6 "$tarfile"
  layer="$(sha256 "$tarfile.gz")"
  lsize="$(size_of "$tarfile.gz")"
  mv "$tarfile.gz" "$blobs/$layer"
  printf '{"architecture":"amd64","os":"linux","created":"2000-01-01T00:00:00Z","config":%s,"rootfs":{"type":"layers","diff_ids":["sha256:%s"]},"history":[{"created":"2000-01-01T00:00:00Z","created_by":"%s"}]}' \
    "$cfg" "$diff" "$created_by" >"$out/config.json"
  config="$(sha256 "$out/config.json")"
  csize="$(size_of "$out/config.json")"
  mv "$out/config.json" "$blobs/$config"
  printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"sha256:%s","size":%s}]}' \
    "$config" "$csize" "$layer" "$lsize" >"$out/manifest.json"
  manifest="$(sha256 "$out/manifest.json")"
  msize="$(size_of "$out/manifest.json")"
  cp "$out/manifest.json" "$blobs/$manifest"
  printf '{"imageLayoutVersion":"1.0.0"}' >"$out/oci-layout"
  printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s}]}' \
    "$manifest" "$msize" >"$out/index.json"
}

# json_array A B … → ["A","B",…] (the values here never hold quotes or backslashes)
json_array() {
  local first=1 v
  printf '['
  for v in "$@"; do
    ((first)) || printf ','
    printf '"%s"' "$v"
    first=0
  done
  printf ']'
}

build_pause() {
  local out=$1 work=$2
  mkdir -p "$work/rootfs"
  (
    cd "$IMAGES_SRC_DIR/pause" || exit 1
    GOTOOLCHAIN=local GOFLAGS=-mod=mod CGO_ENABLED=0 "$(cluster_go)" build -trimpath -ldflags='-s -w' -o "$work/rootfs/pause" .
  )
  oci_layout "$out" "$work/rootfs" '{"Entrypoint":["/pause"]}' "go build test/cluster/images/pause (static)"
}

build_probe() {
  local out=$1 work=$2 root="$work/rootfs" pkgs=("${PROBE_PACKAGES[@]}")
  ((${#PROBE_PIP_PACKAGES[@]})) && pkgs+=(python3-pip)
  mkdir -p "$IMAGES_DIR/debs"
  log "debootstrap $IMAGE_SUITE (minbase + ${#pkgs[@]} packages) from $IMAGE_MIRROR"
  # debootstrap resolves the Depends of --include itself; its .debs are kept in
  # $IMAGES_DIR/debs so a rebuild downloads only what changed.
  local t=$SECONDS
  debootstrap --variant=minbase --cache-dir="$IMAGES_DIR/debs" \
    --include="$(IFS=,; echo "${pkgs[*]}")" "$IMAGE_SUITE" "$root" "$IMAGE_MIRROR" \
    >"$work/debootstrap.log" 2>&1 || {
    tail -n 30 "$work/debootstrap.log" >&2
    die "debootstrap failed (log: $work/debootstrap.log)"
  }
  log "debootstrap took $((SECONDS - t))s ($(du -sh "$root" | cut -f1) before trimming)"
  if ((${#PROBE_PIP_PACKAGES[@]})); then
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # The host's CA bundle (it may hold the CA of a TLS-inspecting proxy) in place of the
    # image's, for this install only; pip sees the host's environment (PIP_*, *_CA_BUNDLE).
    local bundle="$root/etc/ssl/certs/ca-certificates.crt"
    mv "$bundle" "$bundle.image"
    cp /etc/ssl/certs/ca-certificates.crt "$bundle"
    chroot "$root" python3 -m pip install --no-cache-dir --no-deps --break-system-packages --disable-pip-version-check \
      --quiet "${PROBE_PIP_PACKAGES[@]}" >&2
    mv -f "$bundle.image" "$bundle"
  fi
  # Later installs (apt/dpkg in the image) skip docs, man pages and locales too.
  mkdir -p "$root/etc/dpkg/dpkg.cfg.d"
  printf '%s\n' 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' \
    'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/info/*' \
    'path-exclude=/usr/share/locale/*' 'path-include=/usr/share/locale/locale.alias' \
    >"$root/etc/dpkg/dpkg.cfg.d/01-interconnect-test-trim"
  local p
  for p in "${TRIM_PATHS[@]}"; do rm -rf "${root:?}/$p"; done
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
  mkdir -p "$root/var/log" "$root/var/cache/apt/archives/partial" "$root/var/lib/apt/lists/partial"
  # The runtime mounts /dev, /proc, /sys and writes resolv.conf/hosts/hostname.
  rm -rf "${root:?}"/dev/* "$root/etc/resolv.conf" "$root/etc/hostname"
  : >"$root/etc/resolv.conf"
  local missing=() c
  for c in sh bash hostname cat stdbuf mktemp tee grep sleep ls ucx_perftest ucx_info etcd etcdctl python3 ip lsmod; do
    chroot "$root" /bin/sh -c "command -v $c" >/dev/null 2>&1 || missing+=("$c")
  done
  ((${#missing[@]} == 0)) || die "probe rootfs lacks: ${missing[*]}"
  log "rootfs trimmed to $(du -sh "$root" | cut -f1); packing the layer"
  oci_layout "$out" "$root" \
    "{\"Env\":$(json_array "${PROBE_ENV[@]}"),\"Cmd\":[\"/bin/bash\"],\"WorkingDir\":\"/\"}" \
    "debootstrap --variant=minbase $IMAGE_SUITE + ${pkgs[*]}"
}
# IMAGE-BUILD-END

# ensure_image NAME — the cached layout dir of NAME at its current stamp (built if absent).
ensure_image() {
  local name=$1 stamp dir work t0=$SECONDS
  stamp="$(stamp_of "$name")"
  dir="$IMAGES_DIR/$name/$stamp"
  if [[ $force == 0 && -f "$dir/index.json" ]]; then
    log "image $name:$stamp is cached ($(du -sh "$dir/blobs" | cut -f1))"
    echo "$dir"
    return
  fi
  log "building image $name:$stamp"
  mkdir -p "$IMAGES_DIR/$name"
  work="$(mktemp -d "$IMAGES_DIR/$name/build.XXXXXX")"
  # shellcheck disable=SC2064 # expand now: the trap must remove this build's dir
  trap "rm -rf '$work'" EXIT
  "build_$name" "$work/out" "$work"
  rm -rf "$dir"
  mv "$work/out" "$dir"
  rm -f "$dir/layer.tar"
  rm -rf "$work"
  trap - EXIT
  # Older stamps' layouts go (the registry keeps their tags until its storage is removed).
  find "$IMAGES_DIR/$name" -mindepth 1 -maxdepth 1 -type d -not -name "$stamp" -not -name 'build.*' -exec rm -rf {} +
  log "built image $name:$stamp in $((SECONDS - t0))s ($(du -sh "$dir/blobs" | cut -f1) compressed)"
  echo "$dir"
}

REG_LOCAL="127.0.0.1:$CLUSTER_REGISTRY_PORT"

registry_ok() { curl -fsS -o /dev/null --max-time 2 "http://$REG_LOCAL/v2/" 2>/dev/null; }

ensure_registry() {
  if component_alive registry && registry_ok; then return 0; fi
  # Another cluster's registry (another state dir, same port and, by default, the
  # same storage in the cache) serves just as well: push to it, start none.
  if ! component_alive registry && registry_ok; then
    log "using the registry already listening on port $CLUSTER_REGISTRY_PORT (not started by this state dir)"
    return 0
  fi
  local pf
  pf="$(pidfile registry)"
  if [[ -f "$pf" ]]; then
    kill -TERM -- "-$(cat "$pf")" 2>/dev/null || true
    rm -f "$pf"
  fi
  (exec 3<>"/dev/tcp/127.0.0.1/$CLUSTER_REGISTRY_PORT") 2>/dev/null &&
    die "port $CLUSTER_REGISTRY_PORT is in use by something else; move it with CLUSTER_REGISTRY_PORT"
  mkdir -p "$CLUSTER_STATE_DIR/run" "$CLUSTER_STATE_DIR/logs" "$REGISTRY_STORAGE"
  # The state dir is on the command line (as the config path), so component_alive
  # and down.sh recognise the process as this cluster's.
  cat >"$CLUSTER_STATE_DIR/registry.yml" <<EOF
version: 0.1
log:
  level: warn
  accesslog:
    disabled: true
storage:
  filesystem:
    rootdirectory: $REGISTRY_STORAGE
  delete:
    enabled: true
http:
  addr: 0.0.0.0:$CLUSTER_REGISTRY_PORT
EOF
  : >"$CLUSTER_STATE_DIR/logs/registry.log"
  setsid docker-registry serve "$CLUSTER_STATE_DIR/registry.yml" \
    >>"$CLUSTER_STATE_DIR/logs/registry.log" 2>&1 </dev/null 8>&- 9>&- &
  echo $! >"$pf"
  local i
  for ((i = 0; i < 100; i++)); do
    registry_ok && { log "registry listening on 0.0.0.0:$CLUSTER_REGISTRY_PORT (storage $REGISTRY_STORAGE)"; return 0; }
    sleep 0.1
  done
  tail -n 20 "$CLUSTER_STATE_DIR/logs/registry.log" >&2
  die "docker-registry did not start"
}

# push LAYOUT_DIR REPO TAG — upload the blobs the registry lacks, then the manifest.
push() {
  local dir=$1 repo=$2 tag=$3 url="http://$REG_LOCAL/v2/$2" digest have f loc
  digest="sha256:$(sha256 "$dir/manifest.json")"
  have="$(curl -fsS -I -H 'Accept: application/vnd.oci.image.manifest.v1+json' "$url/manifests/$tag" 2>/dev/null |
    tr -d '\r' | awk 'tolower($1)=="docker-content-digest:"{print $2}' || true)"
  [[ "$have" == "$digest" ]] && return 0
  for f in "$dir"/blobs/sha256/*; do
    [[ "$f" -ef "$dir/blobs/sha256/${digest#sha256:}" ]] && continue
    curl -fsS -o /dev/null -I "$url/blobs/sha256:${f##*/}" 2>/dev/null && continue
    loc="$(curl -fsS -X POST -D - -o /dev/null "$url/blobs/uploads/" | tr -d '\r' | awk 'tolower($1)=="location:"{print $2}')"
    [[ -n "$loc" ]] || die "registry gave no upload location for $repo"
    [[ "$loc" == /* ]] && loc="http://$REG_LOCAL$loc"
    [[ "$loc" == *\?* ]] && loc="$loc&" || loc="$loc?"
    curl -fsS -o /dev/null -X PUT -H 'Content-Type: application/octet-stream' -T "$f" "${loc}digest=sha256:${f##*/}" ||
      die "upload of ${f##*/} to $repo failed"
  done
  curl -fsS -o /dev/null -X PUT -H 'Content-Type: application/vnd.oci.image.manifest.v1+json' \
    --data-binary @"$dir/manifest.json" "$url/manifests/$tag" || die "manifest PUT for $repo:$tag failed"
  log "pushed $repo:$tag"
}

main() {
  command -v docker-registry >/dev/null || die "docker-registry not found (apt-get install docker-registry)"
  command -v debootstrap >/dev/null || die "debootstrap not found (apt-get install debootstrap)"
  [[ $EUID == 0 ]] || die "images.sh needs root (debootstrap, chroot)"
  mkdir -p "$IMAGES_DIR"
  local t0=$SECONDS pause probe
  # One build at a time per cache (a second caller waits; builds take minutes).
  exec 8>"$IMAGES_DIR/.lock"
  flock -w 1800 8 || die "another images.sh holds $IMAGES_DIR/.lock"
  pause="$(ensure_image pause)"
  probe="$(ensure_image probe)"
  cluster_lock
  ensure_registry
  push "$pause" interconnect-test/pause "${pause##*/}"
  push "$probe" interconnect-test/probe "${probe##*/}"
  exec 8>&-
  log "images ready in $((SECONDS - t0))s"
  echo "REGISTRY=$CLUSTER_REGISTRY"
  echo "PAUSE_IMAGE=$CLUSTER_REGISTRY/interconnect-test/pause:${pause##*/}"
  echo "PROBE_IMAGE=$CLUSTER_REGISTRY/interconnect-test/probe:${probe##*/}"
}

main "$@"
