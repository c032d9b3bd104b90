import { describe, expect, it } from 'vitest';
import type { ProbeOutcome } from '../probes/run.js';
import { nixlChecks } from './checks.js';
import { nixlFindings, pairVersionFor } from './findings.js';
import { nextCommand } from './next.js';

// gflags prints --help to stdout and exits 1; the layout is DescribeOneFlag's.
const helpOutput = () => `nixlbench: Warning: SetUsageMessage() never called

  Flags from /workspace/nixl/benchmark/nixlbench/src/utils/utils.cpp:
    -backend (Name of communication backend) type: string default: "UCX"
    -benchmark_group (Name of benchmark group. Use different names to run
      multiple benchmarks in parallel (Default: default)) type: string
      default: "default"
    -etcd_endpoints (ETCD server endpoints for communication) type: string
      default: ""
    -initiator_seg_type (Type of memory segment for initiator) type: string
      default: "DRAM"
    -target_seg_type (Type of memory segment for target) type: string
      default: "DRAM"

  Flags from /tmp/gflags/src/gflags.cc:
    -help (show help on all flags) type: bool default: false currently: true
`;

const outcome = (stdout: string): ProbeOutcome => ({
  tool: 'nixlbench',
  argv: ['nixlbench', '--help'],
  ran: true,
  exitCode: 1,
  stdout,
  stderr: '',
  notFound: false,
  timedOut: false,
});

describe('nixlbench version from its --help flags', () => {
  it('dates the build, says so in the check, and passes the version on to pair', () => {
    const f = nixlFindings([outcome(helpOutput())]);
    expect(f.nixlbenchHelp).toEqual({
      flags: ['backend', 'benchmark_group', 'etcd_endpoints', 'initiator_seg_type', 'target_seg_type'],
      versionAtLeast: '0.5.0',
      versionBelow: '1.1.0',
    });
    const c = nixlChecks(f).find((x) => x.id === 'nixl.nixlbench');
    expect([c?.status, c?.detail]).toEqual([
      'ok',
      'nixlbench is installed and starts: 5 flags, version ≥ 0.5.0, < 1.1.0',
    ]);
    const version = pairVersionFor(f.nixlbenchHelp);
    expect(version).toBe('0.5.0');
    expect(
      nextCommand({
        local: false,
        engine: 'nixlbench',
        nixlbenchVersion: version,
        namespace: 'dynamo',
        dgd: 'g',
        pods: [{ pod: 'p', role: 'prefill', node: 'a', image: 'reg/nixlbench:latest' }],
      }).command,
    ).toBe(
      'interconnect-test pair --namespace dynamo --dgd g --image reg/nixlbench:latest --nixlbench-version 0.5.0',
    );
  });

  it('a build older than --benchmark_group gets the baseline version, so pair drops that flag', () => {
    const old = helpOutput().replace(/ {4}-benchmark_group[\s\S]*?default: "default"\n/, '');
    const f = nixlFindings([outcome(old)]);
    expect(f.nixlbenchHelp).toEqual({
      flags: ['backend', 'etcd_endpoints', 'initiator_seg_type', 'target_seg_type'],
      versionBelow: '0.5.0',
    });
    expect(pairVersionFor(f.nixlbenchHelp)).toBe('0.1.0');
  });

  it('a --help without a flag listing still counts as running, with no version claimed', () => {
    const f = nixlFindings([outcome('nixlbench: Warning: SetUsageMessage() never called\n')]);
    expect(f.nixlbench).toEqual({ state: 'runs' });
    expect(f.nixlbenchHelp).toBeUndefined();
    expect(pairVersionFor(f.nixlbenchHelp)).toBeUndefined();
  });

  it('a cut-off flag listing is read but not dated, and pair is told no version', () => {
    const cut =
      'nixlbench: x\n\n  Flags from utils.cpp:\n    -backend (Name of communication backend) type: string default: "UCX"\n';
    const f = nixlFindings([outcome(cut)]);
    expect(f.nixlbenchHelp).toEqual({ flags: ['backend'] });
    expect(pairVersionFor(f.nixlbenchHelp)).toBeUndefined();
  });
});
