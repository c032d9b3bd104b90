import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { parseNixlbenchHelp } from './nixlbench-help.js';

// Modelled on gflags' --help layout (DescribeOneFlag): a section per source
// file, one `-name (description) type: T default: D` entry per flag, long
// descriptions wrapped; gflags' own flags come from gflags.cc.
const help = (ownFlags: string) => `nixlbench: Warning: SetUsageMessage() never called

  Flags from /workspace/nixl/benchmark/nixlbench/src/utils/utils.cpp:
${ownFlags}

  Flags from /tmp/gflags-2.2.2/src/gflags.cc:
    -flagfile (load flags from file) type: string default: ""
    -fromenv (set flags from the environment [use 'export FLAGS_flag1=value'])
      type: string default: ""
    -help (show help on all flags [tip: all flags can have two dashes])
      type: bool default: false currently: true
    -v (Show all VLOG(m) messages for m <= this.) type: int32 default: 0
`;

const v0_10 = `    -backend (Name of communication backend [UCX, UCX_MO, GDS, GDS_MT, POSIX,
      GPUNETIO, Mooncake, HF3FS, OBJ] (only UCX and UCX_MO supported for now))
      type: string default: "UCX"
    -benchmark_group (Name of benchmark group. Use different names to run
      multiple benchmarks in parallel (Default: default)) type: string
      default: "default"
    -etcd_endpoints (ETCD server endpoints for communication) type: string
      default: ""
    -initiator_seg_type (Type of memory segment for initiator [DRAM, VRAM])
      type: string default: "DRAM"
    -target_seg_type (Type of memory segment for target [DRAM, VRAM])
      type: string default: "DRAM"`;

describe('parseNixlbenchHelp', () => {
  it("lists nixlbench's own flags and dates a 0.5–1.0 build by --benchmark_group without ASIO", () => {
    expect(parseNixlbenchHelp(help(v0_10))).toEqual({
      flags: ['backend', 'benchmark_group', 'etcd_endpoints', 'initiator_seg_type', 'target_seg_type'],
      versionAtLeast: '0.5.0',
      versionBelow: '1.1.0',
    });
  });

  it('dates a build with the ASIO runtime flags as 1.1.0 or newer', () => {
    const newer = `${v0_10}\n    -asio_port (Port for the ASIO runtime) type: int32 default: 12345`;
    expect(parseNixlbenchHelp(help(newer))).toEqual({
      flags: [
        'asio_port',
        'backend',
        'benchmark_group',
        'etcd_endpoints',
        'initiator_seg_type',
        'target_seg_type',
      ],
      versionAtLeast: '1.1.0',
    });
  });

  it('dates a build without --benchmark_group as older than 0.5.0', () => {
    const old = `    -backend (Name of communication backend) type: string default: "UCX"
    -etcd_endpoints (ETCD server endpoints for communication) type: string default: ""
    -initiator_seg_type (Type of memory segment for initiator) type: string default: "DRAM"
    -target_seg_type (Type of memory segment for target) type: string default: "DRAM"`;
    expect(parseNixlbenchHelp(help(old))).toEqual({
      flags: ['backend', 'etcd_endpoints', 'initiator_seg_type', 'target_seg_type'],
      versionBelow: '0.5.0',
    });
  });

  it('claims no version from a cut-off listing (the flags every release has are not all there)', () => {
    const cut = '    -backend (Name of communication backend) type: string default: "UCX"';
    expect(parseNixlbenchHelp(help(cut))).toEqual({ flags: ['backend'] });
  });

  it('reads kubectl --timestamps prefixed output', () => {
    const stamped = help(v0_10)
      .split('\n')
      .map((l) => `2026-11-30T00:00:00.000000000Z ${l}`)
      .join('\n');
    expect(parseNixlbenchHelp(stamped).flags).toContain('benchmark_group');
  });

  it('refuses output with no flag listing', () => {
    expect(() => parseNixlbenchHelp('nixlbench: error while loading shared libraries: libnixl.so')).toThrow(
      ParseError,
    );
  });
});
