#!/usr/bin/env bash
# The standalone kustomize that env renders kustomizations with when kubectl is not on PATH
# (src/env/kustomize.ts tries `kubectl kustomize`, then `kustomize build`): built from the Go module
# proxy, pinned, into the project's cache (never system-wide). Its tests run it: .ci/run puts the
# directory it prints on PATH.
#   bash scripts/kustomize.sh     # build if needed; prints the directory that holds `kustomize`
set -euo pipefail
version=v5.7.1
dir="${INTERCONNECT_TEST_KUSTOMIZE_DIR:-${HOME}/.cache/interconnect-test/kustomize-${version}}"
if ! { [ -x "${dir}/kustomize" ] && [ "$("${dir}/kustomize" version 2>/dev/null)" = "${version}" ]; }; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  # The Go the cluster build uses, with its settings: no toolchain download, static binaries.
  # shellcheck source=scripts/cluster/lib.sh
  source "${root}/scripts/cluster/lib.sh"
  go="$(cluster_go)"
  cluster_go_env
  mkdir -p "${dir}"
  GOBIN="${dir}" "${go}" install "sigs.k8s.io/kustomize/kustomize/v5@${version}"
  echo "kustomize ${version} in ${dir}" >&2
fi
echo "${dir}"
