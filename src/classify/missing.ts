import { type Check, check } from '../core/model.js';
import { isToolId, TOOLS, type ToolId } from './tools.js';

export { isToolId, TOOLS, type ToolId };

/** A tool that is not there: skipped, never a pass, naming the tool and how to install it. */
export function toolMissing(tool: ToolId, why = 'not found'): Check {
  const t = TOOLS[tool];
  return check(`${t.group}.${tool}`, 'skipped', `\`${t.command}\` ${why}: this was not checked`, {
    fix: t.install,
  });
}

/**
 * Tools that run the libraries a KV transfer loads (UCX, verbs and rdma_cm, libfabric, NCCL, gdrcopy, NIXL): when
 * the dynamic loader refuses one, those libraries are missing or from mismatched builds where it ran, and a
 * transfer that loads them fails the same way. The others only report state, which is then not shown.
 */
const RUNS_KV_LIBRARIES: ReadonlySet<ToolId> = new Set<ToolId>([
  'ibv_devinfo',
  'ucx_info',
  'ucx_perftest',
  'nixlbench',
  'gdrcopy',
  'perftest',
  'nccl-tests',
  'fi_info',
]);

/** What each loader failure says about the program's libraries (glibc elf/dl-error-skeleton.c, dl-lookup.c, dl-version.c). */
function loaderMeans(occasion: string): string {
  if (occasion === 'error while loading shared libraries') return 'a library it needs is not there';
  if (occasion === 'symbol lookup error' || occasion === 'relocation error')
    return 'a library it loaded lacks a symbol it was built against: the program and its libraries come from different builds';
  return 'a library it loaded is older than the one it was built against';
}

/**
 * A tool the dynamic loader refused to start (issue 38, P4: a failure without a summary line is a failure;
 * P2: what it would have shown is not shown). `said` is the loader's line with where it is.
 */
export function toolRefused(tool: ToolId, occasion: string, said: string): Check {
  const t = TOOLS[tool];
  const kv = RUNS_KV_LIBRARIES.has(tool);
  return check(
    `${t.group}.${tool}`,
    kv ? 'fail' : 'skipped',
    `\`${t.command}\` could not start (${said}): ${loaderMeans(occasion)}; ${kv ? 'a KV transfer loads the same libraries and fails the same way' : 'nothing it shows was checked'}`,
    {
      fix: `run \`ldd $(command -v ${t.command.split(' ')[0]})\` where it failed: every library should resolve, and from one install (LD_LIBRARY_PATH or a second copy, e.g. a distro package beside /usr/local, mixes builds); ${t.install}`,
    },
  );
}
