import type { ImageTools } from '../../engines/choose.js';
import { enginesOf, nixlChecks } from '../../nixl/checks.js';
import { nixlFindings } from '../../nixl/findings.js';
import { NIXL_PROBES } from '../../nixl/locate.js';
import { runProbeSet } from '../../probes/run.js';
import { resolveTargets } from '../../probes/targets.js';
import type { PairContext } from '../context.js';

/**
 * `--engine auto --dgd`: ask the DGD's live prefill worker what its image has,
 * with the `nixl` subcommand's own read-only probes (nixlbench --help, the
 * NIXL plugin files, `python3 -c 'import nixl'`, ucx_perftest -h, ucx_info -v).
 * Undefined (with a warning) when the pod cannot be asked.
 */
export async function askWorkerImage(
  ctx: PairContext,
  dgd: string,
  namespace: string,
): Promise<ImageTools | undefined> {
  try {
    const resolved = await resolveTargets({ local: false, dgd, namespace }, ctx.env, () => ctx.cluster());
    const t = resolved.targets.find((x) => x.role === 'prefill') ?? resolved.targets[0];
    if (!t) return undefined;
    const outcomes = await runProbeSet(t.runner, NIXL_PROBES, {
      concurrency: 2,
      timeoutMs: 20_000,
      signal: ctx.signal,
    });
    const f = nixlFindings(outcomes);
    const plugin = nixlChecks(f).find((c) => c.id === 'nixl.ucx-plugin');
    const version = f.python?.dists ? Object.values(f.python.dists)[0] : undefined;
    // The `nixl` command's one rule (nixl/checks.ts enginesOf): nixl only with NIXL >= 0.2.0 and a UCX plugin it finds.
    const can = plugin ? enginesOf(f, plugin) : [];
    return {
      nixlbench: can.includes('nixlbench'),
      pythonNixl: can.includes('nixl'),
      nixlVersion: version,
      ucxPerftest: can.includes('ucx_perftest'),
      where: `pod ${namespace}/${t.label}`,
    };
  } catch (err) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    ctx.progress.warn(
      `--engine auto could not ask the DGD's worker pod what its image has (${(err as Error).message.split('\n')[0]}); deciding from the image name`,
    );
    return undefined;
  }
}
