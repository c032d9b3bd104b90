import { type Check, check } from '../../core/model.js';
import type { NicPort } from '../../judge/expectations.js';
import { isClusterError } from '../../kube/errors.js';
import type { IbDevice } from '../../parsers/ib-port.js';
import { probeNodes } from '../../probes/node.js';
import { resolveTargets } from '../../probes/targets.js';
import type { PairContext } from '../context.js';

/**
 * The read-only `node` probes inside the DGD's prefill and decode worker pods
 * (the nodes the transfer test will run on): their checks join the report, and
 * the NIC ports they saw give the line rate when the probe pods cannot read it.
 */

/** NIC ports from a probed target's ibstat or ibv_devinfo result. */
export function nicsFromProbes(probes: Record<string, { parsed?: unknown }>): NicPort[] {
  const parsed = (probes.ibstat?.parsed ?? probes.ibv_devinfo?.parsed) as
    | { devices?: IbDevice[] }
    | undefined;
  return (parsed?.devices ?? []).flatMap((d) =>
    d.ports.map((p) => ({
      device: p.device,
      port: p.port,
      active: p.state === 'active',
      ...(p.rateGbps !== undefined ? { rateGbps: p.rateGbps } : {}),
      ...(p.linkLayer ? { linkLayer: p.linkLayer } : {}),
    })),
  );
}

export async function runNodeProbes(ctx: PairContext, dgd: string, namespace: string): Promise<void> {
  let checks: Check[];
  try {
    // The run's own cluster: same connection, same bounds, no second client.
    const resolved = await resolveTargets({ local: false, dgd, namespace }, ctx.env, () => ctx.cluster());
    const result = await probeNodes(resolved.targets, {
      concurrency: 4,
      timeoutMs: 20_000,
      signal: ctx.signal,
      progress: ctx.progress,
    });
    checks = result.checks;
    const nics: { prefill: NicPort[]; decode: NicPort[] } = { prefill: [], decode: [] };
    for (const t of result.targets)
      if (t.role && nics[t.role].length === 0) nics[t.role] = nicsFromProbes(t.probes);
    if (nics.prefill.length && nics.decode.length) ctx.state.knownNics = nics;
  } catch (err) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    checks = [nodeProbesFailed(err, dgd, namespace)];
    if (isClusterError(err, 'forbidden')) ctx.progress.warn((checks[0] as Check).detail);
  }
  ctx.state.checks.push(...checks);
}

/**
 * Why the node probes did not run, as one check. RBAC refusing them is a `warn`
 * that counts (the fabric was not looked at because of our own permissions, and
 * the fix is a Role); anything else (no worker pod Running yet, …) stays an
 * informational `skipped`.
 */
export function nodeProbesFailed(err: unknown, dgd: string, namespace: string): Check {
  const line = (err as Error).message.split('\n')[0];
  if (isClusterError(err, 'forbidden')) {
    return check('node.probes', 'warn', `the node probes did not run in the DGD's worker pods: ${line}`, {
      fix: `${err.fix ?? 'grant the missing permission'}; deploy/cronjob/rbac.yaml's Role interconnect-test-exec does so in the deployment's namespace`,
      data: { verb: err.action.verb, resource: err.action.resource, namespace: err.action.namespace ?? null },
    });
  }
  return check('node.probes', 'skipped', `the node probes could not run in the DGD's worker pods: ${line}`, {
    matters: false,
    fix: `run \`interconnect-test node --dgd ${dgd} -n ${namespace}\` to see why`,
  });
}
