import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 2 and 4, from batch b46: a PALS `mpiexec` that could not start the job prints only its own
 * failure (`launch failed on <host>: …`, `start failed on <host>: …`). No rank ran, so the tool's output is not shown,
 * never bad input; when the reason is the Slingshot NIC refusing the job its resources (`CXI alloc failed on cxiN:
 * request exceeds … limits`), the fabric failed the job (sources: references/read-shapes.md).
 */
describe('a launcher that never started the job', () => {
  it('a start refused by the CXI NIC fails the run', () => {
    const text = [
      'start failed on x1001c0s2b0n0: CXI alloc failed on cxi0: request exceeds LEs limits',
      'CXI alloc failed on cxi1: request exceeds LEs limits',
    ].join('\n');
    expect(checkLines(readChecks('nccl-tests', text))).toContain('fail nccl.nccl-tests');
  });

  it('a launch that failed for another reason leaves the tool not shown', () => {
    const text = 'launch failed on x1001c0s2b0n0: Could not connect to the PALS daemon';
    const lines = checkLines(readChecks('perftest', text));
    expect(lines.some((l) => l.startsWith('skipped '))).toBe(true);
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
  });

  const rule = '-'.repeat(74);
  /** Open MPI's help text (help-orte-rmaps-base.txt [orte-rmaps-base:alloc-error]) for n slots. */
  const help = (n: number) => [
    `There are not enough slots available in the system to satisfy the ${n}`,
    'slots that were requested by the application:',
    '',
    '  ./build/all_reduce_perf',
    '',
    'Either request fewer slots for your application, or make more slots',
    'available for use.',
  ];

  it("Open MPI's mapper refusing the slots (framed show_help text) leaves the tool not shown, from b58", () => {
    const text = ['$ mpirun -np 32 ./build/all_reduce_perf -b 8 -e 1G -f 2', rule, ...help(32), rule].join(
      '\n',
    );
    const lines = checkLines(readChecks('nccl-tests', text));
    expect(lines).toContain('skipped nccl.nccl-tests');
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
    const said = checkLines(readChecks('nccl-tests', `The job printed this and nothing else:\n${text}`));
    expect(said).toContain('skipped nccl.nccl-tests');
  });

  it('the same help text with one of its rules cut off is still all the paste holds', () => {
    for (const text of [
      [...help(16), rule],
      [rule, ...help(16)],
    ]) {
      const lines = checkLines(readChecks('nccl-tests', text.join('\n')));
      expect(lines).toContain('skipped nccl.nccl-tests');
      expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
    }
    // A closing rule with the tool's lines after it: the run went on, its output is read.
    const after = [
      rule,
      ...help(16),
      rule,
      '# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20',
    ];
    expect(checkLines(readChecks('nccl-tests', after.join('\n')))).not.toContain('skipped nccl.nccl-tests');
  });

  it("a launcher line among the tool's own lines is not the whole story: the output is read", () => {
    const text = [
      'launch failed on x1001c0s2b0n0: Could not connect to the PALS daemon',
      '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
      '  1073741824     268435456     float     sum      -1    11298   95.04  178.20      0    11277   95.21  178.53      0',
    ].join('\n');
    expect(() => readChecks('nccl-tests', text)).not.toThrow();
  });
});
