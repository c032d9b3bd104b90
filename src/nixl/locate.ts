import { z } from 'zod';
import type { ProbeSpec } from '../probes/run.js';

/**
 * Where NIXL's libraries and plugins live in the images we know of (ai-dynamo/dynamo
 * container/templates/*.Dockerfile; ai-dynamo/nixl benchmark/nixlbench/contrib/Dockerfile):
 * - Dynamo runtime images: /opt/nvidia/nvda_nixl/lib64[/plugins] (older: lib/<arch>-linux-gnu)
 * - nixlbench contrib image: /usr/local/nixl/lib/<arch>-linux-gnu[/plugins]
 * - Dynamo vLLM image: /opt/dynamo/nixl[/plugins]
 * - TRT-LLM image: <python>/dist-packages/tensorrt_llm/libs/nixl[/plugins]
 * NIXL_PLUGIN_DIR (the container's own env) comes first: NIXL uses it instead of
 * <dir of libnixl.so>/plugins when set.
 */
const PLUGIN_DIRS = [
  '/opt/nvidia/nvda_nixl/lib64/plugins',
  '/opt/nvidia/nvda_nixl/lib/x86_64-linux-gnu/plugins',
  '/opt/nvidia/nvda_nixl/lib/aarch64-linux-gnu/plugins',
  '/usr/local/nixl/lib/x86_64-linux-gnu/plugins',
  '/usr/local/nixl/lib/aarch64-linux-gnu/plugins',
  '/usr/local/nixl/lib64/plugins',
  '/opt/dynamo/nixl/plugins',
  '/usr/local/lib/python3*/dist-packages/tensorrt_llm/libs/nixl/plugins',
];
const LIB_FILES = [
  '/opt/nvidia/nvda_nixl/lib64/libnixl.so',
  '/opt/nvidia/nvda_nixl/lib/*-linux-gnu/libnixl.so',
  '/usr/local/nixl/lib/*-linux-gnu/libnixl.so',
  '/usr/local/nixl/lib64/libnixl.so',
  '/opt/dynamo/nixl/libnixl.so',
  '/usr/local/lib/python3*/dist-packages/tensorrt_llm/libs/nixl/libnixl.so',
];

/**
 * A fixed POSIX sh script (no user input reaches it): prints `env NAME=value`,
 * `dir PATH`, `plugin PATH` and `lib PATH` lines for what exists.
 */
export const LOCATE_SCRIPT = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JS template
  'echo "env NIXL_PLUGIN_DIR=${NIXL_PLUGIN_DIR-}"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JS template
  'echo "env NIXL_PREFIX=${NIXL_PREFIX-}"',
  `for d in "\${NIXL_PLUGIN_DIR-}" ${PLUGIN_DIRS.join(' ')}; do`,
  '  [ -n "$d" ] && [ -d "$d" ] || continue',
  '  echo "dir $d"',
  '  for f in "$d"/libplugin_*.so; do [ -e "$f" ] && echo "plugin $f"; done',
  'done',
  `for f in ${LIB_FILES.join(' ')}; do [ -e "$f" ] && echo "lib $f"; done`,
  'exit 0',
].join('\n');

/**
 * A fixed Python script: imports nixl, reads the installed distribution's
 * version, and looks for the plugin directories pip wheels carry
 * (`.nixl.mesonpy.libs/plugins`, `nixl.libs/nixl`; nixl PRs #482, #540, issue #838),
 * and the version of the UCX the wheel bundles. Prints one JSON object.
 */
export const PYTHON_SCRIPT = [
  'import glob, json, os, sys',
  'out = {"python": sys.version.split()[0]}',
  'try:',
  '    import nixl',
  '    out["file"] = getattr(nixl, "__file__", None)',
  'except Exception as e:',
  '    out["error"] = "%s: %s" % (type(e).__name__, e)',
  'try:',
  '    from importlib import metadata',
  '    for d in ("nixl", "nixl-cu12", "nixl-cu13"):',
  '        try:',
  '            out.setdefault("dists", {})[d] = metadata.version(d)',
  '        except Exception:',
  '            pass',
  'except Exception:',
  '    pass',
  'dirs = set()',
  'for p in sys.path:',
  '    for g in (".nixl*.mesonpy.libs/plugins", "nixl*.libs/nixl", "nixl*.libs/plugins"):',
  '        dirs.update(glob.glob(os.path.join(p or ".", g)))',
  'out["pluginDirs"] = sorted(dirs)',
  'out["plugins"] = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "libplugin_*.so")))',
  // The UCX the wheel bundles (nixl_cu12.libs/libucp-<hash>.so.0.0.0, its plugin's RUNPATH): its
  // version from ucp_get_version_string(), with no ucx_info (references/todays-images.md).
  'try:',
  '    import ctypes',
  '    for f in sorted(f for p in sys.path for f in glob.glob(os.path.join(p or ".", "nixl*.libs", "libucp*.so*"))):',
  '        u = ctypes.CDLL(f)',
  '        u.ucp_get_version_string.restype = ctypes.c_char_p',
  '        out["ucx"] = {"version": u.ucp_get_version_string().decode(), "lib": f}',
  '        break',
  'except Exception:',
  '    pass',
  'print(json.dumps(out))',
].join('\n');

/** What `nixl` runs, in order; each is an argv with fixed arguments. `python`: which one to ask about NIXL. */
export function nixlProbes(python = 'python3'): readonly ProbeSpec[] {
  return [
    // gflags prints every flag with --help (and exits 1); nixlbench sets no version
    // string, so the flag list is what tells builds apart (nixlbench.md §1).
    { tool: 'nixlbench', argv: ['nixlbench', '--help'] },
    {
      tool: 'nixl_files',
      argv: ['sh', '-c', LOCATE_SCRIPT],
      label: 'sh -c <look for NIXL libraries and plugins>',
    },
    { tool: 'python_nixl', argv: [python, '-c', PYTHON_SCRIPT], label: `${python} -c <import nixl>` },
    { tool: 'ucx_perftest', argv: ['ucx_perftest', '-h'] },
    { tool: 'ucx_info_v', argv: ['ucx_info', '-v'] },
  ];
}

/** What `nixl` runs in a pod: the image's own python3. */
export const NIXL_PROBES: readonly ProbeSpec[] = nixlProbes();

export interface NixlFiles {
  pluginDirEnv: string | undefined;
  prefixEnv: string | undefined;
  dirs: string[];
  plugins: string[];
  libs: string[];
}

/** Reads LOCATE_SCRIPT's own line protocol (not a tool's output format). */
export function readLocate(stdout: string): NixlFiles {
  const out: NixlFiles = { pluginDirEnv: undefined, prefixEnv: undefined, dirs: [], plugins: [], libs: [] };
  for (const line of stdout.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp < 0) continue;
    const [kind, rest] = [line.slice(0, sp), line.slice(sp + 1)];
    if (kind === 'env') {
      const [name, ...v] = rest.split('=');
      const value = v.join('=') || undefined;
      if (name === 'NIXL_PLUGIN_DIR') out.pluginDirEnv = value;
      if (name === 'NIXL_PREFIX') out.prefixEnv = value;
    } else if (kind === 'dir' && !out.dirs.includes(rest)) out.dirs.push(rest);
    else if (kind === 'plugin' && !out.plugins.includes(rest)) out.plugins.push(rest);
    else if (kind === 'lib' && !out.libs.includes(rest)) out.libs.push(rest);
  }
  return out;
}

const PythonNixlSchema = z.object({
  python: z.string().optional(),
  file: z.string().nullable().optional(),
  error: z.string().optional(),
  dists: z.record(z.string(), z.string()).optional(),
  pluginDirs: z.array(z.string()).default([]),
  plugins: z.array(z.string()).default([]),
  /** The wheel's own UCX (its libucp), when the wheel bundles one. */
  ucx: z.object({ version: z.string(), lib: z.string() }).optional(),
});
export type PythonNixl = z.infer<typeof PythonNixlSchema>;

/** Reads PYTHON_SCRIPT's JSON line; undefined when the script did not get that far. */
export function readPython(stdout: string): PythonNixl | undefined {
  const line = stdout
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  if (!line) return undefined;
  try {
    const parsed = PythonNixlSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
