import { getEngine } from '../engines/registry.js';
import type { ImageEngine } from './checks.js';

/** What the next-step command is built from (no I/O). */
export interface NextInput {
  local: boolean;
  /** The engine every probed target can run (undefined when one of them can run neither). */
  engine: ImageEngine;
  /** For nixlbench: the version its --help flags prove, passed on so pair sends only flags it accepts. */
  nixlbenchVersion?: string | undefined;
  namespace?: string | undefined;
  context?: string | undefined;
  kubeconfig?: string | undefined;
  dgd?: string | undefined;
  pods: {
    pod: string;
    role?: 'prefill' | 'decode' | undefined;
    node?: string | undefined;
    image?: string | undefined;
  }[];
}

export interface Next {
  /** The `interconnect-test pair …` line to run, when there is one. */
  command?: string;
  /** Why this command, or why there is none. One line. */
  note: string;
}

/** Quotes an argument for a POSIX shell only when it needs it. */
export function shellArg(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function line(args: string[]): string {
  return ['interconnect-test', 'pair', ...args].map(shellArg).join(' ');
}

/**
 * The exact `pair` command for what `nixl` looked at: `pair --local` here;
 * `pair --dgd NAME` for a graph; `--prefill-node/--decode-node` for named pods;
 * `--image` = the pods' image when it can run an engine, and `--engine nixl`
 * or `--engine ucx_perftest` when nixlbench does not run there.
 */
export function nextCommand(i: NextInput): Next {
  const advice = i.engine ? getEngine(i.engine).advice : undefined;
  const engineArgs = advice?.pairArgs(i.nixlbenchVersion) ?? [];
  const runs = advice?.runs ?? 'only ucx_perftest runs';
  if (i.local) {
    if (!i.engine)
      return {
        note: 'pair --local needs nixlbench, a Python that imports nixl, or ucx_perftest; none runs here',
      };
    return { command: line(['--local', ...engineArgs]), note: `${runs} here` };
  }
  const cluster = [
    ...(i.kubeconfig ? ['--kubeconfig', i.kubeconfig] : []),
    ...(i.context ? ['--context', i.context] : []),
    ...(i.namespace ? ['--namespace', i.namespace] : []),
  ];
  const prefill = i.pods.find((p) => p.role === 'prefill') ?? i.pods[0];
  const decode =
    i.pods.find((p) => p.role === 'decode' && p !== prefill) ?? i.pods.find((p) => p !== prefill);
  const images = [...new Set(i.pods.map((p) => p.image).filter(Boolean))] as string[];
  const image = i.engine && images.length === 1 ? ['--image', images[0] as string, ...engineArgs] : [];
  const why = !i.engine
    ? "the pods' image has neither nixlbench, nixl nor ucx_perftest, so pair uses its own probe image"
    : images.length !== 1
      ? `the pods run ${images.length} different images, so pair uses its own probe image`
      : `${runs} in the pods' image`;
  if (i.dgd) return { command: line([...cluster, '--dgd', i.dgd, ...image]), note: why };
  const nodes = [
    '--prefill-node',
    prefill?.node ?? '<prefill-node>',
    '--decode-node',
    decode?.node ?? '<decode-node>',
  ];
  const placeholder = !decode?.node || !prefill?.node;
  return {
    command: line([...cluster, ...nodes, ...image]),
    note: placeholder ? `${why}; replace the <…-node> placeholder with a second GPU node` : why,
  };
}
