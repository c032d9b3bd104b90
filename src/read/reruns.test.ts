import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * A state tool run twice in one place (a thread's "before / after the fix"): the later output is the state now and
 * the earlier run is named as superseded, never counted as a second port (issue 38, P1). Anything that moves the
 * session elsewhere between the two runs (ssh, kubectl exec, srun) makes them two places' outputs: both are read.
 */
const active = IBSTAT_ACTIVE_400.join('\n');
const down = IBSTAT_ACTIVE_400.map((l) =>
  l.replace('Active', 'Down').replace('LinkUp', 'Polling').replace('Rate: 400', 'Rate: 10'),
).join('\n');
const input = (checks: ReturnType<typeof readChecks>) => checks.find((c) => c.id === 'read.input')?.detail;

describe('a state tool run again in the same place', () => {
  it('the later run is the state now: a port that came up after the fix is read as up, once', () => {
    const paste = `$ ibstat\n${down}\n$ sudo systemctl restart openibd\n$ ibstat\n${active}\n`;
    const checks = readChecks('ibstat', paste);
    expect(checkLines(checks)).toEqual(['ok ib.port mlx5_0/1', 'ok ib.ports']);
    expect(input(checks)).toMatch(/ignored `ibstat` \(lines 1–\d+\): the same command runs again later/);
    expect(verdictOf(checks)).toBe('trusted');
  });

  it('a port that went down since is read as down', () => {
    const checks = readChecks('ibstat', `$ ibstat\n${active}\n$ ibstat\n${down}\n`);
    expect(checkLines(checks)).not.toContain('ok ib.port mlx5_0/1');
    expect(verdictOf(checks)).not.toBe('trusted');
  });

  it('a session moved elsewhere between the runs (ssh) makes them two outputs: both are read', () => {
    const checks = readChecks('ibstat', `$ ibstat\n${down}\n$ ssh gpu-2\n$ ibstat\n${active}\n`);
    expect(checkLines(checks).filter((l) => l.includes('ib.port '))).toHaveLength(2);
    expect(verdictOf(checks)).not.toBe('trusted');
  });

  it('a measurement run twice is two measurements, both read', () => {
    const row = (gbps: string) =>
      [
        '---------------------------------------------------------------------------------------',
        ' #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]',
        ` 65536      5000             ${gbps}             ${gbps}                0.7`,
        '---------------------------------------------------------------------------------------',
      ].join('\n');
    const checks = readChecks(
      'perftest',
      `$ ib_write_bw -d mlx5_0 --report_gbits 10.0.0.2\n${row('12.50')}\n$ ib_write_bw -d mlx5_0 --report_gbits 10.0.0.2\n${row('390.10')}\n`,
    );
    expect(input(checks)).not.toMatch(/runs again later/);
  });
});
