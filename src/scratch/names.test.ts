import { describe, expect, it } from 'vitest';
import { ToolError } from '../core/errors.js';
import { fixedRunId, newRunId, RUN_ID_PATTERN } from './names.js';

describe('the run id rule', () => {
  it("takes a pair's fixed id of 1 to 12 characters and a sweep's of 1 to 8, so its pairs' ids fit", () => {
    expect(fixedRunId({}, 'pair')).toBeUndefined();
    expect(fixedRunId({ INTERCONNECT_TEST_RUN_ID: '' }, 'sweep')).toBeUndefined();
    expect(fixedRunId({ INTERCONNECT_TEST_RUN_ID: 'abcdefgh1234' }, 'pair')).toBe('abcdefgh1234');
    expect(fixedRunId({ INTERCONNECT_TEST_RUN_ID: 'abcdefgh' }, 'sweep')).toBe('abcdefgh');
    // A sweep's pairs add p<index>: the longest sweep id plus three base-36 digits is still a run id.
    expect(RUN_ID_PATTERN.test('abcdefghpzzz')).toBe(true);
    expect(RUN_ID_PATTERN.test(newRunId())).toBe(true);
  });

  it('refuses anything else with the one line that says what fits', () => {
    let err: unknown;
    try {
      fixedRunId({ INTERCONNECT_TEST_RUN_ID: 'abcdefghi' }, 'sweep');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe('INTERCONNECT_TEST_RUN_ID=abcdefghi is not a sweep run id');
    expect((err as ToolError).fix).toBe('use 1 to 8 lower-case letters and digits (each pair adds p<index>)');
    expect(() => fixedRunId({ INTERCONNECT_TEST_RUN_ID: 'Bad_Id' }, 'pair')).toThrow(/is not a run id/);
    expect(() => fixedRunId({ INTERCONNECT_TEST_RUN_ID: 'a'.repeat(13) }, 'pair')).toThrow(/is not a run id/);
  });
});
