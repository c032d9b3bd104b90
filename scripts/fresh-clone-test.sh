#!/usr/bin/env bash
# `npm test` as a new user runs it: a fresh clone of HEAD, an empty HOME, and none of the system
# tools some tests need (ucx_*, etcd*, promtool, chromium, shellcheck) on PATH. "Fresh" means
# Node 24 and Python 3 are there and nothing of ours is: no node_modules, no dist/, no NIXL venv
# under ~/.cache/interconnect-test, no npm cache. CI is unset inside, so a test whose tool is
# missing skips with its reason (test/helpers/preconditions.ts); scripts/fresh-clone-check.mjs
# then fails the run on any failure and on any skip that does not name its reason.
#
#   bash scripts/fresh-clone-test.sh [vitest args…]     (e.g. test/docs-examples.test.ts)
#
# Environment: FRESH_NPM_CACHE=DIR reuses a download cache for npm ci (only the registry's
# tarballs; nothing of ours is in it); FRESH_KEEP=1 keeps the work folder for a look afterwards.
# Called from .ci/run; about 8 minutes on 2 cores (npm ci, build, then the whole unit suite).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/it-fresh-XXXXXX")"
cleanup() {
  if [ "${FRESH_KEEP:-}" = 1 ]; then echo "fresh-clone: kept ${work}" >&2; else rm -rf "${work}"; fi
}
trap cleanup EXIT

# What is hidden from PATH: the system tools the guarded tests need.
hidden='^(ucx_.*|etcd.*|promtool|chromium.*|shellcheck)$'

command -v node >/dev/null || { echo "fresh-clone: no node on PATH (Node 24 is what a user has)" >&2; exit 2; }
major="$(node -p 'process.versions.node.split(".")[0]')"
[ "${major}" -ge 22 ] || { echo "fresh-clone: node on PATH is $(node --version); Node 22 or newer must come first (.ci/run puts Node 24 there)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "fresh-clone: no python3 on PATH (Python 3 is what a user has)" >&2; exit 2; }

# One folder of links to everything on PATH but the hidden tools (first one of a name wins, as the
# shell's lookup does). python3 is linked to the interpreter itself: a pyenv or asdf shim reads
# its own folder under the real HOME, which the empty HOME does not have.
bin="${work}/bin"
mkdir -p "${bin}"
IFS=: read -r -a dirs <<<"${PATH}"
for d in "${dirs[@]}"; do
  [ -d "${d}" ] || continue
  for f in "${d}"/*; do
    name="${f##*/}"
    if [ ! -x "${f}" ] || [ -d "${f}" ]; then continue; fi
    [[ "${name}" =~ ${hidden} ]] && continue
    [ -e "${bin}/${name}" ] || [ -L "${bin}/${name}" ] || ln -s "${f}" "${bin}/${name}"
  done
done
python="$(python3 -c 'import sys; print(sys.executable)')"
ln -sfn "$(readlink -f "${python}")" "${bin}/python3"
for t in ucx_perftest ucx_info etcd etcdctl promtool chromium shellcheck; do
  if PATH="${bin}" command -v "${t}" >/dev/null 2>&1; then echo "fresh-clone: ${t} is still reachable" >&2; exit 2; fi
done

git clone -q --no-hardlinks "${root}" "${work}/repo"
mkdir -p "${work}/home"
keep=(LANG=C.UTF-8 TERM=dumb "HOME=${work}/home" "PATH=${bin}" "TMPDIR=${TMPDIR:-/tmp}")
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY npm_config_registry; do
  [ -n "${!v:-}" ] && keep+=("${v}=${!v}")
done
[ -n "${FRESH_NPM_CACHE:-}" ] && keep+=("npm_config_cache=${FRESH_NPM_CACHE}")

echo "fresh-clone: $(git -C "${root}" rev-parse --short HEAD) in ${work}/repo; hidden: ucx_*, etcd*, promtool, chromium*, shellcheck; HOME empty" >&2
start=$(date +%s)
set +e
(
  cd "${work}/repo" &&
    env -i "${keep[@]}" npm ci --no-audit --no-fund --loglevel=error &&
    env -i "${keep[@]}" npm test -- --reporter=default --reporter=json --outputFile.json="${work}/results.json" "$@"
)
code=$?
set -e
echo "fresh-clone: npm test exited ${code} after $(($(date +%s) - start)) s" >&2
[ -f "${work}/results.json" ] || { echo "fresh-clone: no test results (npm ci, build, typecheck, lint or layers failed)" >&2; exit 1; }
node "${root}/scripts/fresh-clone-check.mjs" "${work}/results.json" "${code}"
