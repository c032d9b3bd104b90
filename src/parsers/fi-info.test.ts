import { describe, expect, it } from 'vitest';
import { parseFiInfo } from './fi-info.js';

describe('fi_info -v records whose `fi_info:` heading was cut (principle 1)', () => {
  it('a record starting at `caps: [ FI_… ]` or at a `fi_<x>_attr:` section is still read', () => {
    const record = [
      '    caps: [ FI_MSG, FI_RMA, FI_TAGGED ]',
      '    mode: [  ]',
      '    fi_ep_attr:',
      '        type: FI_EP_RDM',
      '        protocol: FI_PROTO_PSMX2',
      '    fi_domain_attr:',
      '        name: psm2',
      '    fi_fabric_attr:',
      '        name: psm2',
      '        prov_name: psm2',
    ];
    for (const text of [record, record.slice(2)])
      expect(parseFiInfo(text.join('\n')).entries).toEqual([
        { provider: 'psm2', fabric: 'psm2', domain: 'psm2', type: 'FI_EP_RDM', protocol: 'FI_PROTO_PSMX2' },
      ]);
  });
});
