import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2 (what a paste does not show is never "absent" or "failed") and 5 (severity follows
 * the consequence), from batch b33: `nvidia-smi nvlink -e` prints, per GPU, each link's error counters
 * (`Link 0: Replay Errors: 0`, then Recovery and CRC; NVML nvmlDeviceGetNvLinkErrorCounter), counted since
 * the driver loaded. They say how often a link replayed or recovered, not whether it is up, so a GPU block of
 * counters is never "no NVLink reported" (sources: references/read-shapes.md).
 */
const head = 'GPU 0: NVIDIA GB300';
const counters = (link: number, replay = 0) =>
  [
    `\t Link ${link}: Replay Errors: ${replay}`,
    `\t Link ${link}: Recovery Errors: 0`,
    `\t Link ${link}: CRC Errors: 0`,
  ].join('\n');

describe('nvidia-smi nvlink -e: error counters are not link state', () => {
  it('all counters 0: the link state is not shown (skipped), never a failed "no NVLink reported"', () => {
    const checks = readChecks('nvlink', `$ nvidia-smi nvlink -e\n${head}\n${counters(0)}\n${counters(1)}\n`);
    expect(checkLines(checks)).toContain('skipped nvlink.links GPU0');
    expect(checks.find((c) => c.id === 'nvlink.links')?.detail).toContain('error counters of 2 links');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a counter above 0 warns (a link that replays loses bandwidth), it does not fail', () => {
    const checks = readChecks(
      'nvlink',
      `$ nvidia-smi nvlink -e\n${head}\n${counters(0)}\n${counters(1, 12)}\n`,
    );
    expect(checkLines(checks)).toContain('warn nvlink.links GPU0');
    expect(checks.find((c) => c.id === 'nvlink.links')?.detail).toContain('link 1 replay errors 12');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same GPU under `nvlink -s` is still judged on its links: none listed on a switch board fails', () => {
    const status = `$ nvidia-smi nvlink -s\n${head}\n\t Link 0: <inactive>\n\t Link 1: <inactive>\n`;
    expect(verdictOf(readChecks('nvlink', status))).toBe('untrusted');
  });
});
