import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2: fi_info prints `type:` in every record (util/info.c 283-290), so a record that shows
 * no `type:` line (the paste stops inside it, or a filter dropped the line) does not show its endpoint type,
 * and is never read as a provider "with no FI_EP_RDM endpoint". A record whose type is shown and is not RDM
 * still fails.
 */
const record = (prov: string, fabric: string, domain: string, type?: string) =>
  [
    `provider: ${prov}`,
    `    fabric: ${fabric}`,
    `    domain: ${domain}`,
    '    version: 122.0',
    ...(type ? [`    type: ${type}`, `    protocol: FI_PROTO_${prov.toUpperCase()}`] : []),
  ].join('\n');

describe('fi_info: a record without its type line', () => {
  it('one efa record cut after its fabric line: the endpoint type is not shown, not judged', () => {
    const checks = readChecks('fi_info', 'provider: efa\n    fabric: EFA-fe80::94:3dff:fe89:1b70\n');
    expect(checkLines(checks)).toEqual(['skipped efa.provider']);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('one efa record cut after its version line: not judged', () => {
    const checks = readChecks('fi_info', record('efa', 'efa', 'rdmap0s6'));
    expect(checkLines(checks)).toEqual(['skipped efa.provider']);
  });

  it('a whole efa record of type FI_EP_DGRAM only still fails: its type is shown and is not RDM', () => {
    const checks = readChecks('fi_info', record('efa', 'efa', 'rdmap0s6', 'FI_EP_DGRAM'));
    expect(checkLines(checks)).toEqual(['fail efa.provider']);
  });

  it('a cxi record cut before its type line is not "no RDM endpoint"; a whole FI_EP_MSG one is', () => {
    expect(checkLines(readChecks('fi_info', 'provider: cxi\n    fabric: cxi\n'))).toEqual([
      'skipped cxi.provider',
    ]);
    expect(checkLines(readChecks('fi_info', record('cxi', 'cxi', 'cxi0', 'FI_EP_MSG')))).toEqual([
      'fail cxi.provider',
    ]);
  });
});
