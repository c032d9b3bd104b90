import { describe, expect, it } from 'vitest';
import type { ObjectRef } from '../kube/cluster.js';
import { staleObjects } from './gc.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (min: number) => new Date(NOW + min * 60_000).toISOString();

const refs: ObjectRef[] = [
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-old', createdAt: at(-120), expiresAt: at(-90) },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: 'itest-old-prefill',
    namespace: 'itest-pair-old',
    createdAt: at(-120),
    expiresAt: at(-90),
  },
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-live', createdAt: at(-5), expiresAt: at(10) },
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-long', createdAt: at(-200), expiresAt: at(30) },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: 'itest-x-decode',
    namespace: 'probes',
    createdAt: at(-30),
    expiresAt: at(-1),
  },
  { apiVersion: 'v1', kind: 'Pod', name: 'no-annotation', namespace: 'probes', createdAt: at(-61) },
  { apiVersion: 'v1', kind: 'Pod', name: 'young', namespace: 'probes', createdAt: at(-10) },
];

describe('staleObjects', () => {
  it('takes what is past its expiry, unannotated objects past --older-than, and leaves a namespace’s contents to it', () => {
    expect(
      staleObjects(refs, NOW, { olderThanMs: 3_600_000, olderThanExplicit: false }).map((s) => [
        s.ref.name,
        s.why,
      ]),
    ).toEqual([
      ['itest-pair-old', 'expired 1h30m ago'],
      ['itest-x-decode', 'expired 1m ago'],
      ['no-annotation', 'created 1h1m ago'],
    ]);
  });

  it('an explicit --older-than also takes a long run before its expiry', () => {
    expect(
      staleObjects(refs, NOW, { olderThanMs: 3_600_000, olderThanExplicit: true }).map((s) => s.ref.name),
    ).toEqual(['itest-pair-old', 'itest-pair-long', 'itest-x-decode', 'no-annotation']);
  });
});
