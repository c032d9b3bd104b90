import { expect, it } from 'vitest';
import { describeNeeding, precondition } from './preconditions.js';
describeNeeding([precondition('a here thing', undefined)], 'held', () => {
  it('runs', () => expect(1).toBe(1));
});
describeNeeding([precondition('a gone thing', 'it is gone (fix: get it)')], 'unheld', () => {
  it('would run', () => expect(1).toBe(1));
});
