import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b64: a write-up's bash block keeps the perftest commands bare and what perftest
 * printed as shell comments (`# #bytes …`, `# 1048576 …`). perftest's own header holds one `#`; a second one in front
 * is the poster's: the results are read, not refused as empty input (exit 2).
 */
describe('perftest: results kept as shell comments', () => {
  const bw = (avg: string) =>
    [
      '# Server:',
      'ib_write_bw --size=1048576 --iters=5000 --report_gbits -d mlx5_0',
      '',
      '# Client:',
      'ib_write_bw --size=1048576 --iters=5000 --report_gbits -d mlx5_0 192.0.2.1',
      '',
      '# Result:',
      '# #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]',
      `# 1048576    5000             ${avg}              ${avg}               0.006000`,
    ].join('\n');

  it('a bandwidth row above the floor is read (not judged against a link it does not name)', () => {
    const lines = checkLines(readChecks('perftest', bw('50.31')));
    expect(lines).toContain('ok verbs.run');
    expect(lines).toContain('warn verbs.bandwidth');
  });

  it('a bandwidth row under the floor still fails', () => {
    expect(checkLines(readChecks('perftest', bw('8.40')))).toContain('fail verbs.bandwidth');
  });

  it('a latency row is read as latency', () => {
    const text = [
      'ib_send_lat --size=8 --iters=10000 -d mlx5_0 192.0.2.1',
      '# #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]',
      '# 8       10000          0.91           2.80         0.95              0.97',
    ].join('\n');
    const lines = checkLines(readChecks('perftest', text));
    expect(lines).toContain('ok verbs.run');
    expect(lines).toContain('ok verbs.latency');
  });
});
