import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { FiInfoResult } from '../parsers/fi-info.js';
import { hiddenBy, type Shown } from './shown.js';

/**
 * `fi_info -p efa`: the EFA provider lists one FI_EP_RDM (and one FI_EP_DGRAM) domain per EFA
 * device (`rdmap16s27-rdm`, `-dgrm`); NIXL's LIBFABRIC backend and aws-ofi-nccl use the RDM
 * ones. No entry (`fi_getinfo: -61 (No data available)`) means this libfabric sees no EFA device:
 * no EFA in the pod (vpc.amazonaws.com/efa not requested) or a libfabric without the efa provider.
 * AWS documents 32 EFA devices on p5/p5e, 16 on p5en, 4 on p4d (see rdma.efa in ib-ports).
 */
export function classifyFiInfo(r: FiInfoResult, opts: { shown?: Shown } = {}): Check[] {
  const efa = r.entries.filter((e) => e.provider === 'efa');
  const rdm = efa.filter((e) => e.type === 'FI_EP_RDM' || /-rdm$/.test(e.domain ?? ''));
  const ver = r.libfabric
    ? `libfabric ${r.libfabric}`
    : efa[0]?.version
      ? `efa provider ${efa[0].version}`
      : undefined;
  if (efa.length === 0) {
    if (r.error)
      return [
        check(
          'efa.provider',
          'fail',
          `libfabric found no EFA provider (line ${r.error.line}: ${r.error.text})`,
          {
            fix: 'request vpc.amazonaws.com/efa in the pod (the EFA device plugin mounts /dev/infiniband/uverbs*), and use a libfabric built with the efa provider (the AWS EFA installer one, /opt/amazon/efa)',
          },
        ),
      ];
    const others = [...new Set(r.entries.map((e) => e.provider))];
    return [
      check(
        'efa.provider',
        others.length ? 'warn' : 'skipped',
        others.length
          ? `no efa provider listed; providers: ${others.join(', ')}`
          : `${ver ?? 'fi_info'}: no provider entries shown`,
        { fix: 'run `fi_info -p efa`' },
      ),
    ];
  }
  const domains = [...new Set(rdm.map((e) => (e.domain ?? '').replace(/-rdm$/, '')))];
  if (rdm.length === 0)
    return [
      check(
        'efa.provider',
        'fail',
        `the efa provider lists no FI_EP_RDM endpoint (${plural(efa.length, 'entry', 'entries')}, ${efa.map((e) => e.type).join(', ')})`,
        {
          fix: 'NIXL (LIBFABRIC) and aws-ofi-nccl need RDM endpoints: update the EFA installer / libfabric',
        },
      ),
    ];
  const provider = check(
    'efa.provider',
    'ok',
    `efa provider: ${plural(domains.length, 'EFA device')} with RDM endpoints (${domains.slice(0, 4).join(', ')}${domains.length > 4 ? ', …' : ''})${ver ? `, ${ver}` : ''}`,
    { data: { devices: domains.length, rdm: rdm.length } },
  );
  // A filter after fi_info (`| head -n 20`) may hide the entries of further EFA devices: the provider is
  // shown, how many devices the node has is not.
  const hidden = hiddenBy(opts.shown, ['provider: efa', '    domain: rdmap16s27-rdm']);
  if (!hidden) return [provider];
  return [
    provider,
    check(
      'efa.devices',
      'skipped',
      `${hidden} the entries of other EFA devices: how many this node has is not shown`,
      {
        fix: 'run `fi_info -p efa -t FI_EP_RDM` unfiltered (or `fi_info -p efa -l`)',
      },
    ),
  ];
}
