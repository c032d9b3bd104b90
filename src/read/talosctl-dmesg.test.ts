import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, from corpus batch b56 (distributions' bug trackers on GitHub), principle 1: `talosctl dmesg` puts the
 * node, the facility, the priority and an RFC 3339 time in brackets before each kernel message, with /dev/kmsg's
 * SUBSYSTEM=/DEVICE= keys on lines of their own: kernel log lines as much as raw `[  12.345678]` ones. Each paste is
 * small and in the tool's own format. Sources: references/read-evidence.md.
 */
const read = readChecks;
const lines = checkLines;

describe('1. talosctl dmesg lines are kernel log lines', () => {
  const msg = 'mlx5_core 0000:3b:00.0: mlx5_load_one failed with error code -22';
  const raw = `[   11.000000] ${msg}`;
  const talos = `10.1.1.2: kern:    info: [2022-01-25T10:19:41.226131566Z]: ${msg}`;
  const noNode = `kern:     err: [2024-04-19T10:00:00.5Z]: ${msg}`;

  it('behind the node, facility, priority and bracketed RFC 3339 time, a NIC probe failure fails as with raw stamps', () => {
    expect(lines(read('dmesg', talos))).toEqual(lines(read('dmesg', raw)));
    expect(lines(read('dmesg', noNode))).toEqual(lines(read('dmesg', raw)));
    expect(lines(read('dmesg', raw))).toContain('fail nic.driver');
  });

  it("/dev/kmsg's SUBSYSTEM= and DEVICE= keys after a message are part of it, not lines the reader stops at", () => {
    const healthy = [
      '10.1.1.2: kern:    info: [2022-01-25T10:19:41.226625566Z]: rdma_rxe: loaded',
      '10.1.1.2: kern: warning: [2022-01-25T10:19:41.228768566Z]: platform regulatory.0: Direct firmware load failed',
      'SUBSYSTEM=platform',
      'DEVICE=+platform:regulatory.0',
    ].join('\n');
    expect(lines(read('dmesg', healthy))).toEqual(['skipped gdr.peermem']);
  });

  it('a bracketed time without the facility and priority words is not taken for a kernel line', () => {
    expect(() => read('dmesg', 'node-1: [2022-01-25T10:19:41Z]: a note\n')).toThrow(/no kernel log line/);
  });
});
