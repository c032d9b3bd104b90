import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';
import { parseFiInfo } from '../parsers/fi-info.js';

/**
 * Issue 38, principle 1, from batch b61: libfabric 1.1-1.3's `fi_info` began each short record with
 * `<provider>: <fabric>` at the margin, then indented `version:`, `type:` and `protocol:` lines (util/info.c:233-238
 * at 44f8e8545891; `provider:` / `fabric:` / `domain:` from 14e98c92e, 2016; references/read-shapes.md). Those
 * records are read as records, not refused as "no provider entries shown".
 */
describe('fi_info: the 1.1-1.3 record heading `<provider>: <fabric>`', () => {
  const old = [
    '$ fi_info',
    'verbs: IB-0x80fe',
    '    version: 1.0',
    '    type: FI_EP_MSG',
    '    protocol: FI_PROTO_RDMA_CM_IB_RC',
    'UDP: UDP-IP',
    '    version: 1.0',
    '    type: FI_EP_DGRAM',
    '    protocol: FI_PROTO_UDP',
  ].join('\n');

  it('reads each heading as a record with its provider and fabric', () => {
    const r = parseFiInfo(old);
    expect(r.entries.map((e) => [e.provider, e.fabric, e.type])).toEqual([
      ['verbs', 'IB-0x80fe', 'FI_EP_MSG'],
      ['UDP', 'UDP-IP', 'FI_EP_DGRAM'],
    ]);
  });

  it('the providers are named (no efa among them), not "no provider entries shown"', () => {
    const lines = checkLines(readChecks('fi_info', old));
    expect(lines).toContain('warn efa.provider');
  });

  it('an old efa record answers the EFA question', () => {
    const text =
      'efa: EFA-fe80::4a:1cff:fe2a:9d5\n    version: 2.0\n    type: FI_EP_RDM\n    protocol: FI_PROTO_EFA\n';
    expect(checkLines(readChecks('fi_info', text))).toContain('ok efa.provider');
  });

  it('`libfabric: 1.18.0` (the --version output) is not a record heading', () => {
    const r = parseFiInfo('fi_info: 1.18.0\nlibfabric: 1.18.0\nlibfabric api: 1.18\n');
    expect(r.entries).toEqual([]);
    expect(r.libfabric).toBe('1.18.0');
  });
});
