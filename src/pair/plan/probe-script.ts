import type { EngineName } from '../../core/engine-names.js';
import { getEngine } from '../../engines/registry.js';
import type { Leg, PodRole } from '../../engines/types.js';

/**
 * What runs inside the probe pods: each engine's pod script, a real file
 * (templates/engines/<engine>/, src/engines/script.ts). The shell text is
 * constant; everything that varies is passed as positional arguments ("$@",
 * the tool's flags) or as container env (ITEST_*: role, legs, rendezvous),
 * so no user input is ever spliced into a shell line.
 */

/** Where the probe pods mount the ConfigMap that carries templates/nixl-probe.py. */
export const NIXL_PROBE_DIR = '/opt/interconnect-test';

/** The shell script of a probe container. */
export function probeScript(engine: EngineName, role: PodRole): string {
  return getEngine(engine).cluster.script(role);
}

/** `sh -c SCRIPT interconnect-test ARGS…`: $0 names the script, ARGS land in "$@". */
export function probeCommand(engine: EngineName, role: PodRole): string[] {
  return ['/bin/sh', '-c', probeScript(engine, role), 'interconnect-test'];
}

/** The script's inputs, as container env (values, never spliced into the script's text). */
export interface ScriptEnv {
  role: PodRole;
  legs: readonly Leg[];
  runId: string;
  /** The run's etcd (nixlbench); the rendezvous keys live there too. */
  etcd?: string | undefined;
  /** nixlbench's --benchmark_group base, when the version knows the flag. */
  group?: string | undefined;
  /** ucx_perftest, nixl: the address of the other pod's Service. */
  peerHost?: string | undefined;
  /** nixl: the port of NIXL's listen thread, and where the probe is mounted. */
  nixl?: { port: number; probe: string } | undefined;
  /** The GPU indices of the rails the pod runs at once, one probe each (nixl). */
  rails?: readonly number[] | undefined;
  /** How long the pod waits for its peer (its pull and scheduling included). */
  waitS: number;
}

export function scriptEnv(e: ScriptEnv): { name: string; value: string }[] {
  const peer = e.role === 'prefill' ? 'decode' : e.role === 'decode' ? 'prefill' : 'intra-node';
  const out = [
    { name: 'ITEST_ROLE', value: e.role },
    { name: 'ITEST_PEER', value: peer },
    { name: 'ITEST_LEGS', value: e.legs.map((l) => `${l.initiator}:${l.op}`).join(' ') },
    { name: 'ITEST_RUN', value: e.runId },
    { name: 'ITEST_WAIT_S', value: String(Math.max(1, Math.ceil(e.waitS))) },
  ];
  if (e.etcd) out.push({ name: 'ITEST_ETCD', value: e.etcd });
  if (e.group) out.push({ name: 'ITEST_GROUP', value: e.group });
  if (e.peerHost) out.push({ name: 'ITEST_PEER_HOST', value: e.peerHost });
  if (e.nixl) {
    out.push({ name: 'ITEST_PORT', value: String(e.nixl.port) });
    out.push({ name: 'ITEST_NIXL_PROBE', value: e.nixl.probe });
  }
  if (e.rails?.length) out.push({ name: 'ITEST_RAILS', value: e.rails.join(' ') });
  return out;
}

/** UCX variables that make the log say which transport UCX chose; the recipe's own values win. */
export const DIAGNOSTIC_ENV: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'UCX_LOG_LEVEL', value: 'info' },
  { name: 'UCX_PROTO_INFO', value: 'y' },
];
