import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

/**
 * Probe pod logs of a rails run (templates/engines/nixl/pod.sh.hbs with ITEST_RAILS),
 * built from REAL output of our probe pods' script (test/data/nixl-probe/README.md:
 * pod-decode-read-*.txt, real NIXL 1.5.1 over a veth): each rail's section is that
 * real probe output as it is, under the rail lines the script prints. A rail listed
 * in `slow` is a simulated degradation: its measurement lines' gbps (and seconds)
 * are scaled by the factor given — the one change made to the real output, for the
 * "one rail at half speed" case no public capture shows (no public log of our rails
 * run exists). `nics` adds the sysfs NIC listing lines of the preamble (preamble.sh).
 */

const DATA = path.join(repoRoot, 'test', 'data', 'nixl-probe');

function body(file: string): { head: string[]; probe: string[] } {
  const lines = readFileSync(path.join(DATA, file), 'utf8').trimEnd().split('\n');
  const leg = lines.findIndex((l) => l.startsWith('interconnect-test: leg '));
  return { head: lines.slice(0, leg + 1), probe: lines.slice(leg + 1) };
}

function scaled(line: string, f: number): string {
  if (!line.includes('"event":"measurement"')) return line;
  const o = JSON.parse(line) as Record<string, unknown>;
  o.gbps = (o.gbps as number) * f;
  o.seconds = (o.seconds as number) / f;
  return JSON.stringify(o);
}

export interface RailsLogsInput {
  rails: number;
  slow?: Record<number, number>;
  nics?: { prefill: string[]; decode: string[] };
  /** The pod's rail map lines (rail_map's output), in place of `rail N gpu N nic mlx5_N path PIX`. */
  map?: string[];
}

export function railsLogs(i: RailsLogsInput): { prefill: string; decode: string } {
  const build = (file: string, nics: string[] | undefined) => {
    const { head, probe } = body(file);
    const out = [...(nics ?? []).map((n) => `interconnect-test: nic ${n}`), ...head.slice(0, -1)];
    out.push(`interconnect-test: rails ${Array.from({ length: i.rails }, (_, g) => g).join(' ')}`);
    if (i.map) out.push(...i.map);
    else
      for (let g = 0; g < i.rails; g++)
        out.push(`interconnect-test: rail ${g} gpu ${g} nic mlx5_${g} path PIX`);
    out.push(head[head.length - 1] as string);
    for (let g = 0; g < i.rails; g++) {
      out.push(`interconnect-test: rail ${g} begin`);
      const f = i.slow?.[g];
      out.push(...(f ? probe.map((l) => scaled(l, f)) : probe));
      out.push(`interconnect-test: rail ${g} end rc=0`);
    }
    return `${out.join('\n')}\n`;
  };
  return {
    prefill: build('pod-decode-read-prefill-target.txt', i.nics?.prefill),
    decode: build('pod-decode-read-decode-initiator.txt', i.nics?.decode),
  };
}
