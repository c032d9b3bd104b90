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
 * The libraries a KV transfer loads over the fabric, by file name and by the prefix of their API's symbols
 * (references/read-shapes.md): UCX (libucp/uct/ucs/ucm, `ucp_`…), verbs and its providers (libibverbs,
 * lib<provider>-rdmav*.so, libmlx5, libefa; `ibv_`, `mlx5dv_`, `efadv_`), rdma_cm (librdmacm, `rdma_`),
 * libfabric (`fi_`), NCCL and its net plugin (libnccl*, `nccl`), NIXL (libnixl*, libplugin_*; `nixl` in C++
 * names) and gdrcopy's libgdrapi (`gdr_`).
 */
const FABRIC: readonly [string, RegExp][] = [
  ['UCX', /^libuc[ptsm](?:_\w+)?\.so|^uc[ptsm]_/],
  [
    'verbs',
    /^libibverbs\.so|^lib\w+-rdmav\d+\.so|^lib(?:mlx[45]|efa|bnxt_re|irdma|hns)\.so|^(?:ibv|mlx5dv|efadv)_/,
  ],
  ['rdma_cm', /^librdmacm\.so|^rdma_/],
  ['libfabric', /^libfabric\.so|^fi_/],
  ['NCCL', /^libnccl[\w-]*\.so|^nccl[A-Z_]/],
  ['NIXL', /^lib(?:nixl\w*|plugin_\w+)\.so|nixl/i],
  ['gdrcopy', /^libgdrapi\.so|^gdr_/],
];

/** The fabric library a loader's line names, if any. */
export function fabricLibrary(names: readonly string[]): string | undefined {
  return FABRIC.find(([, re]) => names.some((n) => re.test(n)))?.[0];
}

/** What each loader failure says about the program's libraries (glibc elf/dl-error-skeleton.c, dl-lookup.c, dl-version.c). */
function loaderMeans(occasion: string): string {
  if (occasion === 'error while loading shared libraries') return 'a library it needs is not there';
  if (occasion === 'symbol lookup error' || occasion === 'relocation error')
    return 'a library it loaded lacks a symbol it was built against: the program and its libraries come from different builds';
  return 'a library it loaded is older than the one it was built against';
}

/**
 * A program the dynamic loader refused to start (issue 38, P2 and P4). When the library or symbol it names is
 * the fabric's (`fabricLibrary`), the fabric libraries are missing or from mismatched builds where it ran, and a
 * KV transfer that loads them fails the same way: fail. Otherwise (libc, the CUDA driver, a test framework) only
 * the tool could not run: nothing it would show is shown (skipped). `at` is where the line is.
 */
export function toolRefused(
  tool: ToolId,
  m: { program: string; occasion: string; names: readonly string[] },
  at: string,
): Check {
  const t = TOOLS[tool];
  const fabric = fabricLibrary(m.names);
  return check(
    `${t.group}.${tool}`,
    fabric ? 'fail' : 'skipped',
    `\`${m.program}\` could not start ${at}: ${loaderMeans(m.occasion)}; ${fabric ? `the ${fabric} libraries here are broken, and a KV transfer that loads them fails the same way` : 'it never ran, so this was not checked'}`,
    {
      fix: `run \`ldd $(command -v ${m.program})\` where it failed: every library should resolve, and from one install (LD_LIBRARY_PATH or a second copy, e.g. a distro package beside /usr/local, mixes builds); install the library it names, or rebuild the program against the driver and libraries installed here`,
    },
  );
}
