import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 2 and 4: gdrcopy_sanity prints its failed and waived tests by name under its summary
 * (tests/testsuites/testsuite.cpp run_tests: `List of failed tests:` then each name indented by four spaces). A copy
 * that lost the summary line still shows which tests failed: a failure, not an unreadable paste; a list of passed
 * tests alone cannot say that none failed, so it is not judged.
 */
describe('gdrcopy_sanity: the lists under a summary that is not shown', () => {
  const names = ['    basic_cumemalloc', '    basic_vmmalloc', '    data_validation_cumemalloc'];

  it('tests listed as failed fail the run', () => {
    const checks = readChecks(
      'gdrcopy',
      ['$ gdrcopy_sanity', '', 'List of failed tests:', ...names].join('\n'),
    );
    expect(checkLines(checks)).toContain('fail gdr.gdrcopy');
    expect(checks.find((c) => c.id === 'gdr.gdrcopy')?.detail).toContain('3 tests listed as failed');
  });

  it('tests listed as passed, with no summary, are not judged', () => {
    const checks = readChecks('gdrcopy', ['$ gdrcopy_sanity', 'List of passed tests:', ...names].join('\n'));
    expect(checkLines(checks)).toContain('skipped gdr.gdrcopy');
    expect(checks.find((c) => c.id === 'gdr.gdrcopy')?.detail).toContain('summary (Total/Passed/Failed)');
  });

  it('with the summary shown, the summary decides and the names are not read as error lines', () => {
    const text = [
      'Total: 4, Passed: 3, Failed: 0, Waived: 1',
      '',
      'List of waived tests:',
      '    invalidation_fork_child_gdr_map_parent_fail_cumemalloc',
    ].join('\n');
    expect(checkLines(readChecks('gdrcopy', text))).toContain('ok gdr.gdrcopy');
  });
});
