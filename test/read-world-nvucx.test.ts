import { describe, expect, it } from 'vitest';
import { crossNvlinkTopo, type ToolId } from '../src/classify/index.js';
import { parseNvidiaSmiNvlink } from '../src/parsers/nvidia-smi-nvlink.js';
import { parseNvidiaSmiTopo } from '../src/parsers/nvidia-smi-topo.js';
import { readPasted } from '../src/read/tools.js';
import { spawnCli } from './helpers/cli.js';
import { fixturePath, readFixture, TOOL_FIXTURE_DIRS } from './helpers/fixtures.js';
import { NVUCX_EXPECTED } from './helpers/nvucx-expected.js';

/** "status id [subject]" per check; `read.input` (what a paste's sections were read as) is left out. */
const lines = (tool: ToolId, text: string) =>
  readPasted(tool, text, { expect: 'any' })
    .checks.filter((c) => c.id !== 'read.input')
    .map((c) => `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`);
const file = (key: string) => {
  const [tool, name] = key.split('/') as [ToolId, string];
  return { tool, text: readFixture(...(TOOL_FIXTURE_DIRS[tool] as string[]), name) };
};

describe('real NVLink and ucx_perftest captures read as their INDEX.md concludes (readPasted, as `read` does)', () => {
  for (const [key, want] of Object.entries(NVUCX_EXPECTED)) {
    it(key, () => {
      const { tool, text } = file(key);
      expect(lines(tool, text)).toEqual(want);
    });
  }
});

describe('NVLink by design', () => {
  it('a bridged pair is read as bridges, not as an NVLink/NVSwitch fault', () => {
    const { text } = file('topo/a100-pcie-4gpu-nv12-bridged-pairs-sys.txt');
    const c = readPasted('topo', text, { expect: 'any' }).checks.find((x) => x.id === 'nvlink.topology');
    expect(c?.detail).toMatch(/bridged pairs only \(GPU0-GPU1 NV12, GPU2-GPU3 NV12\)/);
    expect(c?.fix).not.toMatch(/NVSwitch health/);
  });
  it('an unbridged A6000 is a warning that says why, never a failure; a known product names its link count', () => {
    const { text } = file('nvlink/rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt');
    const checks = readPasted('nvlink', text, { expect: 'any' }).checks;
    expect(checks[2]?.detail).toMatch(/RTX A6000 \(RTX A6000, 4 links\).*no NVLink bridge/);
    expect(checks[0]?.detail).toMatch(/4 of 4 links up, 56\.2 GB\/s per direction/);
  });
  it('H100 NVL: 12 of 18 up is the bridges by design; 8 of 18 is a missing bridge; an H100 SXM with one down fails', () => {
    const gpu = (name: string, up: number, of: number) =>
      `GPU 0: ${name} (UUID: GPU-x)\n${Array.from({ length: of }, (_, i) => `\t Link ${i}: ${i < up ? '26.562 GB/s' : '<inactive>'}`).join('\n')}\n`;
    expect(lines('nvlink', gpu('NVIDIA H100 NVL', 12, 18))).toEqual(['ok nvlink.links GPU0']);
    expect(lines('nvlink', gpu('NVIDIA H100 NVL', 8, 18))).toEqual(['fail nvlink.links GPU0']);
    expect(lines('nvlink', gpu('NVIDIA H100 80GB HBM3', 17, 18))).toEqual(['fail nvlink.links GPU0']);
    // A product the table does not know: no guessed count, never ok with links down.
    const unknown = readPasted('nvlink', gpu('NVIDIA Example X1', 12, 18), { expect: 'any' }).checks[0];
    expect(unknown?.status).toBe('warn');
    expect(unknown?.detail).toMatch(/not in the NVLink product table/);
  });
  it('topo and nvlink of the same node are cross-checked: agreeing outputs agree, a trained-down link is a finding', () => {
    const topo = parseNvidiaSmiTopo(file('topo/rtx-a6000-3gpu-nv4-bridged-pair-one-unbridged.txt').text);
    const nvText = file('nvlink/rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt').text;
    expect(crossNvlinkTopo(topo, parseNvidiaSmiNvlink(nvText)).map((c) => c.status)).toEqual(['ok']);
    // The same topo with GPU1's link 3 reported inactive: 3 active against NV4.
    const degraded = parseNvidiaSmiNvlink(
      nvText.replace(/(GPU 1:[\s\S]*?)Link 3: 14\.062 GB\/s/, '$1Link 3: <inactive>'),
    );
    const [c] = crossNvlinkTopo(topo, degraded);
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(
      /GPU1: topo shows NV# to 1 peer \(4 links, NV4 at most\) but nvlink --status has 3 active/,
    );
    // In one paste, `read topo` finds the nvlink section and cross-checks it.
    const paste = `$ nvidia-smi topo -m\n${file('topo/rtx-a6000-3gpu-nv4-bridged-pair-one-unbridged.txt').text}$ nvidia-smi nvlink -s\n${nvText}`;
    expect(lines('topo', paste)).toContain('ok nvlink.cross');
  });
});

describe('ucx_perftest test kinds', () => {
  it('a latency test is judged on latency, never on its bandwidth column', () => {
    const { text } = file('ucx_perftest/ucp-am-lat-30000b-rc-16us-partial.log');
    const checks = readPasted('ucx_perftest', text, { expect: 'any', minGBps: 20 }).checks;
    expect(checks.map((c) => c.id)).not.toContain('perftest.bandwidth');
    expect(checks.find((c) => c.id === 'perftest.latency')?.detail).toMatch(
      /ucp_am_lat: 16\.\d+ µs one way .* 30000-byte/,
    );
  });
  it('several runs in one capture are kept apart, each judged by its kind', () => {
    // Two real captures one after the other, as a terminal paste of two runs would hold them.
    const text = `${readFixture('ucx_perftest', 'ucp-am-lat-30000b-rc-16us-partial.log')}${readFixture('ucx_perftest', 'tag-bw-cuda-rc-ib-ok.log')}`;
    expect(lines('ucx_perftest', text)).toEqual([
      'skipped perftest.run run 1 ucp_am_lat',
      'skipped perftest.latency run 1 ucp_am_lat',
      'skipped perftest.transport run 1 ucp_am_lat',
      'ok perftest.run run 2 (tag match bandwidth)',
      'warn perftest.bandwidth run 2 (tag match bandwidth)',
      'skipped perftest.transport run 2 (tag match bandwidth)',
    ]);
  });
});

describe('ucx_perftest: one run seen from both sides, and small messages', () => {
  it("the client's Final row and the server's test box are one run; 8-byte messages are a message-rate test, never 'below the floor'", () => {
    const text = readFixture('ucx_perftest', 'tag-bw-8b-default-roce-client-then-server-ucx19-11.log');
    const r = readPasted('ucx_perftest', text, { expect: 'any', minGBps: 20 });
    expect((r.parsed as { allRuns?: unknown[] }).allRuns).toBeUndefined();
    expect((r.parsed as { messageSize?: number }).messageSize).toBe(8);
    const bw = r.checks.find((c) => c.id === 'perftest.bandwidth');
    expect(bw?.status).toBe('skipped');
    expect(bw?.detail).toMatch(/^8-byte messages: a message-rate test \(7,974,856 msg\/s/);
    expect(bw?.detail).not.toMatch(/below/);
  });
});

describe('the built CLI on these captures', () => {
  it('read nvlink: the unbridged card is a warning (exit 0), not a failure', async () => {
    const run = await spawnCli([
      'read',
      'nvlink',
      fixturePath('node/nvidia-smi-nvlink-status/rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/no NVLink bridge/);
  });
  it('read ucx_perftest on a run that could not connect: exit 1, the UCX error, no bandwidth verdict', async () => {
    const run = await spawnCli([
      'read',
      'ucx_perftest',
      fixturePath('ucx_perftest/ucp-put-bw-bond-roce-destination-unreachable-fail.log'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Destination is unreachable/);
    expect(run.stdout).not.toMatch(/perftest\.bandwidth/);
  });
  it('read ucx_info on a paste cut to its CUDA domains: RDMA not shown, exit 0', async () => {
    const run = await spawnCli([
      'read',
      'ucx_info',
      fixturePath('node/ucx_info-d/h100-ucx119-cuda-domains-only-excerpt.txt'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/no `self` memory domain/);
    expect(run.stdout).not.toMatch(/no RDMA transport/);
  });
  it('read ucx_perftest on a latency run: exit 0 and no bandwidth verdict', async () => {
    const run = await spawnCli([
      'read',
      'ucx_perftest',
      fixturePath('ucx_perftest/ucp-am-lat-30000b-rc-16us-partial.log'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/GB\/s below/);
  });
});
