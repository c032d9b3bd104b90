import { describe, expect, it } from 'vitest';
import { ownerReferences } from './owners.js';

describe('ownerReferences', () => {
  it('names each stored Job by uid, as a non-controlling owner that never blocks its deletion', () => {
    const jobs = [
      { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'itest-a-prefill', uid: 'u1' } },
      { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'itest-a-decode', uid: 'u2' } },
      // Not as stored (no uid): an owner reference without one would be refused.
      { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'rendered-only' } },
    ];
    expect(ownerReferences(jobs)).toEqual([
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: 'itest-a-prefill',
        uid: 'u1',
        controller: false,
        blockOwnerDeletion: false,
      },
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: 'itest-a-decode',
        uid: 'u2',
        controller: false,
        blockOwnerDeletion: false,
      },
    ]);
  });
});
