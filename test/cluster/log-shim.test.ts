// The test cluster's probe-log shim (test/cluster/log-shim.ts): which real log a pair's
// initiator prints for the faults of ConfigMap kube-public/interconnect-test-faults.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseNixlbench } from '../../src/parsers/nixlbench.js';
import { readFixture } from '../helpers/fixtures.js';
import { chooseLog, LOG_FIXTURES, parseFaults, pinnedNode } from './log-shim.js';

const zones: Record<string, string> = {
  a0: 'zone-a',
  a1: 'zone-a',
  b0: 'zone-b',
  b1: 'zone-b',
  c0: 'zone-c',
};
const zoneOf = (n: string) => zones[n];

describe('parseFaults', () => {
  test('no ConfigMap, or one without probeLogs: off, no faults', () => {
    expect(parseFaults(undefined)).toEqual({
      on: false,
      faultyNodes: new Set(),
      slowNodes: new Set(),
      badLinks: new Set(),
      badZoneLinks: new Set(),
    });
  });

  test('reads every key, links unordered, spaces and empty items ignored', () => {
    const f = parseFaults({
      probeLogs: 'on',
      faultyNodes: 'a0, b1,',
      slowNodes: 'c0',
      badLinks: 'b0:a1',
      badZoneLinks: 'zone-b:zone-a',
    });
    expect(f).toEqual({
      on: true,
      faultyNodes: new Set(['a0', 'b1']),
      slowNodes: new Set(['c0']),
      badLinks: new Set(['a1|b0']),
      badZoneLinks: new Set(['zone-a|zone-b']),
    });
  });

  test('a malformed value names its key', () => {
    expect(() => parseFaults({ probeLogs: 'yes' })).toThrow("probeLogs must be on or off, got 'yes'");
    expect(() => parseFaults({ badLinks: 'a0-b0' })).toThrow("badLinks: 'a0-b0' is not A:B");
    expect(() => parseFaults({ badZoneLinks: 'zone-a:' })).toThrow("badZoneLinks: 'zone-a:' is not A:B");
    expect(() => parseFaults({ faultyNode: 'a0' })).toThrow('unknown key faultyNode');
  });
});

describe('chooseLog', () => {
  const f = parseFaults({
    probeLogs: 'on',
    faultyNodes: 'a0',
    slowNodes: 'b1',
    badLinks: 'a1:b0',
    badZoneLinks: 'zone-a:zone-c',
  });
  test.each([
    ['a0', 'b0', 'faulty'], // a faulty node, either end
    ['b0', 'a0', 'faulty'],
    ['a1', 'b0', 'faulty'], // the bad link, either direction
    ['b0', 'a1', 'faulty'],
    ['a1', 'c0', 'faulty'], // across the bad zone link
    ['b1', 'a1', 'slow'], // the slow node
    ['a1', 'b1', 'slow'],
    ['a0', 'b1', 'faulty'], // a fault wins over slowness
    ['a1', 'a1', 'healthy'],
    ['b0', 'c0', 'healthy'], // zone-b ↔ zone-c is fine
    ['a1', 'zz', 'healthy'], // a node without a zone
  ] as const)('%s ↔ %s: %s', (a, b, kind) => {
    expect(chooseLog(f, a, b, zoneOf)).toBe(kind);
  });
});

test('pinnedNode reads the node the scheduler was told, or the one it chose', () => {
  const affinity = {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['gpu-node-3'] }] },
        ],
      },
    },
  };
  expect(pinnedNode({ spec: { affinity } })).toBe('gpu-node-3');
  expect(pinnedNode({ spec: { nodeName: 'gpu-node-4', affinity } })).toBe('gpu-node-4');
  expect(pinnedNode({ spec: {} })).toBeUndefined();
});

test('the logs are real fixtures: healthy 5.1 GB/s, slow half of it, faulty about 1 GB/s', () => {
  const peak = (k: keyof typeof LOG_FIXTURES) => {
    expect(existsSync(path.join('test/fixtures/nixlbench', LOG_FIXTURES[k]))).toBe(true);
    return parseNixlbench(readFixture('nixlbench', LOG_FIXTURES[k])).peakGBps;
  };
  expect(peak('healthy')).toBe(5.10826);
  expect(peak('slow')).toBe(2.55413);
  expect(peak('faulty')).toBeCloseTo(1.025566, 6);
});
