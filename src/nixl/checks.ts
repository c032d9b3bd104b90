import { TOOLS } from '../classify/index.js';
import type { EngineName } from '../core/engine-names.js';
import { type Check, check } from '../core/model.js';
import { getEngine } from '../engines/registry.js';
import { type NixlFindings, UCX_PLUGIN } from './findings.js';

const LD_FIX =
  "put the NIXL and UCX libraries on LD_LIBRARY_PATH (e.g. /opt/nvidia/nvda_nixl/lib64:/usr/local/ucx/lib, or /usr/local/nixl/lib/<arch>-linux-gnu); an image with the nixl-cu* wheel's bundled UCX needs none (its site-packages/nixl_cu*.libs is found through RUNPATH), so drop an LD_LIBRARY_PATH entry that puts another libucp first";

function nixlbenchCheck(f: NixlFindings): Check {
  const s = f.nixlbench;
  switch (s.state) {
    case 'runs': {
      const h = f.nixlbenchHelp;
      if (!h)
        return check(
          'nixl.nixlbench',
          'ok',
          'nixlbench is installed and starts (`nixlbench --help` answered)',
        );
      const range = [h.versionAtLeast && `≥ ${h.versionAtLeast}`, h.versionBelow && `< ${h.versionBelow}`]
        .filter(Boolean)
        .join(', ');
      return check(
        'nixl.nixlbench',
        'ok',
        `nixlbench is installed and starts: ${h.flags.length} flags, version ${range}`,
        {
          data: { ...h },
        },
      );
    }
    case 'missing':
      return check('nixl.nixlbench', 'skipped', 'nixlbench is not on PATH', {
        matters: false,
        fix: TOOLS.nixlbench.install,
      });
    case 'timeout':
      return check('nixl.nixlbench', 'warn', '`nixlbench --help` did not answer in time', {
        fix: 'run it by hand in the container to see where it hangs',
      });
    case 'broken':
      return check('nixl.nixlbench', 'fail', `nixlbench is installed but does not start (${s.why})`, {
        fix: LD_FIX,
      });
  }
}

/** The UCX backend plugin: where NIXL will look (NIXL_PLUGIN_DIR, else beside libnixl.so) and whether it is there. */
function pluginCheck(f: NixlFindings): Check {
  const files = f.files;
  const pyPlugins = f.python?.plugins ?? [];
  const ucx = [...(files?.plugins ?? []), ...pyPlugins].filter((p) => p.endsWith(`/${UCX_PLUGIN}`));
  const env = files?.pluginDirEnv;
  if (env) {
    const inEnv = ucx.find((p) => p === `${env.replace(/\/+$/, '')}/${UCX_PLUGIN}`);
    if (inEnv)
      return check('nixl.ucx-plugin', 'ok', `UCX plugin at ${inEnv} (NIXL_PLUGIN_DIR)`, {
        data: { path: inEnv },
      });
    const exists = files?.dirs.includes(env);
    return check(
      'nixl.ucx-plugin',
      'fail',
      `NIXL_PLUGIN_DIR=${env} ${exists ? `has no ${UCX_PLUGIN}` : 'does not exist'}: NIXL cannot create its UCX backend ("createBackend: unsupported backend 'UCX'")`,
      {
        fix: ucx.length
          ? `point NIXL_PLUGIN_DIR at ${ucx[0]?.replace(/\/[^/]+$/, '')}`
          : 'point NIXL_PLUGIN_DIR at the directory that holds libplugin_UCX.so, or unset it',
      },
    );
  }
  if (ucx.length > 0) {
    return check('nixl.ucx-plugin', 'ok', `UCX plugin at ${ucx.join(', ')}`, { data: { paths: ucx } });
  }
  const nixlSeen = (files?.libs.length ?? 0) > 0 || (files?.dirs.length ?? 0) > 0 || f.python?.file;
  if (nixlSeen || f.nixlbench.state === 'runs') {
    return check(
      'nixl.ucx-plugin',
      f.nixlbench.state === 'runs' && !nixlSeen ? 'warn' : 'fail',
      nixlSeen
        ? `NIXL is installed but no ${UCX_PLUGIN} was found: NIXL cannot create its UCX backend`
        : `nixlbench runs but its ${UCX_PLUGIN} is not in any known location`,
      { fix: 'install the NIXL UCX plugin and set NIXL_PLUGIN_DIR to its directory' },
    );
  }
  if (!files) {
    return check('nixl.ucx-plugin', 'skipped', 'could not look for NIXL files (no sh in the container)', {
      matters: false,
    });
  }
  return check('nixl.ucx-plugin', 'skipped', 'no NIXL installation in the known locations', {
    matters: false,
  });
}

function pythonCheck(f: NixlFindings): Check {
  const p = f.python;
  if (p?.file) {
    const version = Object.entries(p.dists ?? {})
      .map(([d, v]) => `${d} ${v}`)
      .join(', ');
    const py = p.python ? `python ${p.python}` : 'python';
    // The wheel's own UCX is what NIXL loads (no ucx_info needed: references/todays-images.md).
    const ucx = p.ucx ? `; UCX ${p.ucx.version} from the wheel's own ${p.ucx.lib.replace(/^.*\//, '')}` : '';
    return check(
      'nixl.python',
      'ok',
      `${py} imports nixl from ${p.file}${version ? ` (${version})` : ''}${ucx}`,
      {
        data: { file: p.file, ...(p.dists ? { dists: p.dists } : {}), ...(p.ucx ? { ucx: p.ucx } : {}) },
      },
    );
  }
  const asked = f.pythonAsked ?? 'python3';
  const why = f.pythonMissing
    ? `${asked} is not installed`
    : f.pythonTimedOut
      ? `${asked} did not answer within --probe-timeout (raise it to see whether it imports nixl)`
      : p?.error
        ? `${asked} cannot import nixl (${p.error})`
        : `${asked} gave no answer`;
  return check('nixl.python', 'skipped', `${why}: pair's nixl engine and Dynamo's engines need it`, {
    matters: false,
  });
}

function perftestCheck(f: NixlFindings): Check {
  const s = f.ucxPerftest;
  const ucx = f.ucxVersion ? ` (UCX ${f.ucxVersion})` : '';
  if (s.state === 'runs') return check('perftest.ucx_perftest', 'ok', `ucx_perftest is installed${ucx}`);
  if (s.state === 'missing') {
    return check('perftest.ucx_perftest', 'skipped', 'ucx_perftest is not on PATH', {
      matters: false,
      fix: TOOLS.ucx_perftest.install,
    });
  }
  return check(
    'perftest.ucx_perftest',
    'warn',
    s.state === 'timeout'
      ? '`ucx_perftest -h` did not answer in time'
      : `ucx_perftest does not start (${s.why})`,
    { fix: LD_FIX },
  );
}

/** The engine `pair` can use with this image, if any, best first: nixlbench, nixl, ucx_perftest. */
export type ImageEngine = EngineName | undefined;

/** The oldest NIXL whose Python API the nixl probe uses (its listen thread; references/nixl-probe.md). */
const NIXL_PROBE_MIN = [0, 2, 0];

function nixlRecentEnough(f: NixlFindings): boolean {
  const v = Object.values(f.python?.dists ?? {})[0];
  if (!v) return true; // importable, version unknown: the probe itself names a too-old NIXL
  const parts = v.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < 3; i++) {
    const d = (parts[i] ?? 0) - (NIXL_PROBE_MIN[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** nixlbench runs here and finds NIXL's UCX plugin: `pair` would pick it first. */
export function nixlbenchRuns(f: NixlFindings, plugin: Check): boolean {
  return f.nixlbench.state === 'runs' && plugin.status !== 'fail';
}

/** Every engine `pair` can use with this image, best first. */
export function enginesOf(f: NixlFindings, plugin: Check): EngineName[] {
  const out: EngineName[] = [];
  if (nixlbenchRuns(f, plugin)) out.push('nixlbench');
  // NIXL_PLUGIN_DIR steers the Python agent's plugins too: a UCX plugin it cannot find fails both.
  if (f.python?.file && !f.python.error && nixlRecentEnough(f) && plugin.status !== 'fail') out.push('nixl');
  if (f.ucxPerftest.state === 'runs') out.push('ucx_perftest');
  return out;
}

export function engineOf(f: NixlFindings, plugin: Check): ImageEngine {
  return enginesOf(f, plugin)[0];
}

function engineCheck(f: NixlFindings, plugin: Check): Check {
  const engine = engineOf(f, plugin);
  const nixlbenchBlocked =
    f.nixlbench.state === 'runs' ? ' (nixlbench is there but its UCX plugin is not)' : '';
  if (engine) {
    const c = getEngine(engine).advice.check(nixlbenchBlocked);
    return check('nixl.pair-engine', c.status, c.detail, c.fix ? { fix: c.fix } : undefined);
  }
  return check(
    'nixl.pair-engine',
    'fail',
    `neither nixlbench, NIXL's Python module nor ucx_perftest can run here${nixlbenchBlocked}: pair cannot use this image`,
    {
      fix: 'run pair with its own probe image (the default --image), or add nixlbench/ucx_perftest to this image',
    },
  );
}

/** What the pair test needs, judged for one pod or host. */
export function nixlChecks(f: NixlFindings): Check[] {
  const plugin = pluginCheck(f);
  return [nixlbenchCheck(f), plugin, pythonCheck(f), perftestCheck(f), engineCheck(f, plugin)];
}
