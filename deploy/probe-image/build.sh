#!/usr/bin/env bash
# Build (and optionally push) the nixlbench probe image.
#   deploy/probe-image/build.sh REGISTRY/nixlbench-probe [NIXL_REF] [--push]
# The tag is the NIXL ref, so `interconnect-test pair` knows which nixlbench flags exist.
# --push builds every platform in $PLATFORMS (default linux/amd64,linux/arm64: GB200 nodes are
# arm64) with docker buildx and pushes one multi-arch manifest; without it, the local platform
# only, loaded into the local docker.
set -euo pipefail
repo=${1:?usage: build.sh IMAGE_REPO [NIXL_REF] [--push]}
ref=${2:-v1.4.0}
platforms=${PLATFORMS:-linux/amd64,linux/arm64}
here=$(cd "$(dirname "$0")" && pwd)
if [[ "${3:-}" == "--push" ]]; then
  docker buildx build --platform "$platforms" --build-arg NIXL_REF="$ref" -t "$repo:$ref" --push "$here"
else
  docker buildx build --build-arg NIXL_REF="$ref" -t "$repo:$ref" --load "$here"
fi
echo "built $repo:$ref; use it with: interconnect-test pair --image $repo:$ref (or INTERCONNECT_TEST_IMAGE=$repo:$ref)"
