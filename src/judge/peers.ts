import type { PairMode } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';

/**
 * Where the two ranks ran, judged against the link the test meant to cross.
 * Both ranks on one host say nothing about the network. Pure.
 */

export interface LoopbackInput {
  mode: PairMode;
  /** Nodes the pods ran on, as Kubernetes placed them. */
  ranOn: { prefill?: string | undefined; decode?: string | undefined };
  /** Host names the ranks printed in their own logs. */
  hosts: { initiator?: string | undefined; target?: string | undefined };
  subject?: string | undefined;
}

/** `pair.loopback`: a cross-node pair whose ranks ran on one host warns; undefined when there is nothing to say. */
export function loopbackCheck(input: LoopbackInput): Check | undefined {
  const { ranOn, hosts } = input;
  const same =
    input.mode === 'cross-node' &&
    ((ranOn.prefill !== undefined && ranOn.prefill === ranOn.decode) ||
      (hosts.initiator !== undefined && hosts.initiator === hosts.target));
  if (!same) return undefined;
  return check(
    'pair.loopback',
    'warn',
    `both ranks ran on one host (${ranOn.prefill ?? hosts.initiator}): the result says nothing about the network`,
    { subject: input.subject, fix: 'pick two different nodes' },
  );
}

/** What a `read` of a capture expects the ranks to have crossed (--expect). */
export type ExpectedLink = 'network' | 'nvlink' | 'any';

/**
 * `<group>.peers` of a `read`: ranks on one host fail a network test, pass an
 * NVLink one and are skipped otherwise; ranks on different hosts pass.
 */
export function peersCheck(
  group: string,
  sameHost: boolean,
  /** The host each rank printed, in rank order (a rank that printed none is undefined). */
  hosts: readonly (string | undefined)[],
  expect: ExpectedLink,
): Check {
  const id = `${group}.peers`;
  if (!sameHost) return check(id, 'ok', `ranks on different hosts (${[...new Set(hosts)].join(', ')})`);
  const host = hosts[0] ?? '?';
  if (expect === 'network')
    return check(
      id,
      'fail',
      `both ranks ran on ${host}: a loopback result that says nothing about the network`,
      {
        fix: 'place initiator and target on different nodes (pod anti-affinity)',
      },
    );
  if (expect === 'nvlink')
    return check(id, 'ok', `both ranks ran on ${host}: an intra-node transfer, as expected`);
  return check(
    id,
    'skipped',
    `both ranks ran on ${host}: a loopback/intra-node result that says nothing about the network`,
    {
      fix: 'for a network verdict run the ranks on different nodes; for an NVLink verdict pass --expect nvlink',
    },
  );
}
