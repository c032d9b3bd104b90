#!/usr/bin/env bash
# Build (and optionally push) the nixlbench probe image.
#   deploy/probe-image/build.sh REGISTRY/nixlbench-probe [NIXL_REF] [--push]
# The tag is the NIXL ref, so `interconnect-test pair` knows which nixlbench flags exist.
set -euo pipefail
repo=${1:?usage: build.sh IMAGE_REPO [NIXL_REF] [--push]}
ref=${2:-v1.4.0}
here=$(cd "$(dirname "$0")" && pwd)
docker build --build-arg NIXL_REF="$ref" -t "$repo:$ref" "$here"
if [[ "${3:-}" == "--push" ]]; then docker push "$repo:$ref"; fi
echo "built $repo:$ref; use it with: interconnect-test pair --image $repo:$ref (or INTERCONNECT_TEST_IMAGE=$repo:$ref)"
