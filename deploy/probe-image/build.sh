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
# The commit each NIXL tag names (git rev-parse TAG^{commit} in ai-dynamo/nixl): the image is
# built from the commit, and the Dockerfile refuses a tag that names another. For a ref not
# listed, set NIXL_COMMIT.
case "$ref" in
  v1.4.0) commit=c0a1102b94d173049a5478c23e765ba37681e2ca ;;
  *) commit=${NIXL_COMMIT:?"NIXL ref $ref has no pinned commit here: set NIXL_COMMIT to the commit it names"} ;;
esac
if [[ "${3:-}" == "--push" ]]; then
  docker buildx build --platform "$platforms" --build-arg NIXL_REF="$ref" --build-arg NIXL_COMMIT="$commit" \
    -t "$repo:$ref" --push "$here"
else
  docker buildx build --build-arg NIXL_REF="$ref" --build-arg NIXL_COMMIT="$commit" -t "$repo:$ref" --load "$here"
fi
echo "built $repo:$ref; use it with: interconnect-test pair --image $repo:$ref (or INTERCONNECT_TEST_IMAGE=$repo:$ref)"
