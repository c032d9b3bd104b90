import { type Check, check } from '../core/model.js';
import { type LsmodResult, stateWhy } from '../parsers/lsmod.js';
import { rdmaModules } from '../parsers/rdma-modules.js';
import { hiddenBy, notShown, type Shown } from './shown.js';

/**
 * An RDMA NIC's Ethernet driver and the auxiliary/companion module that gives it its RDMA device (linux
 * drivers/infiniband/hw/<dir>/Makefile, `obj-$(CONFIG_…) += <module>.o`; the Ethernet driver only creates the
 * auxiliary device the RDMA module binds to): mlx5_core → mlx5_ib, mlx4_core → mlx4_ib, bnxt_en → bnxt_re,
 * ice → irdma, ionic → ionic_rdma (hw/ionic, Linux 6.17), qede → qedr, cxgb4 → iw_cxgb4, hns3 → hns_roce_hw_v2.
 */
const COMPANION: ReadonlyArray<readonly [string, string]> = [
  ['mlx5_core', 'mlx5_ib'],
  ['mlx4_core', 'mlx4_ib'],
  ['bnxt_en', 'bnxt_re'],
  ['ice', 'irdma'],
  ['ionic', 'ionic_rdma'],
  ['qede', 'qedr'],
  ['cxgb4', 'iw_cxgb4'],
  ['hns3', 'hns_roce_hw_v2'],
];
/** Hardware RDMA device drivers (rdma-modules.ts), the companions above among them. */
const HW_RDMA = rdmaModules('hardware');

/**
 * Issue 38, principles 3 and 5: a NIC whose Ethernet driver is loaded while its RDMA module is shown absent (a
 * whole listing, or a grep whose pattern would print it) offers no RDMA device; with no other hardware RDMA
 * driver shown loaded, KV transfer has no RDMA path on this node: `rdma.hardware` fails.
 */
export function companionMissing(r: LsmodResult, shown?: Shown): Check | undefined {
  if (r.modules.some((m) => HW_RDMA.has(m.name) || m.usedBy.some((u) => HW_RDMA.has(u)))) return undefined;
  const absent = COMPANION.filter(
    ([eth, rdma]) => stateWhy(r, eth).state === 'loaded' && stateWhy(r, rdma).state === 'absent',
  );
  // An absence a filter or the author's elision (`...`) could hide is not shown (principle 2, shown.ts).
  const hidden = (rdma: string) => hiddenBy(shown, [`${rdma}               16384  0`]);
  const missing = absent.filter(([, rdma]) => hidden(rdma) === undefined);
  const first = absent[0];
  if (missing.length === 0 && first)
    return notShown(
      'rdma.hardware',
      hidden(first[1]) as string,
      `${first[1]} (the RDMA module of ${first[0]})`,
    );
  if (missing.length === 0) return undefined;
  const said = missing.map(([eth, rdma]) => `${eth} is loaded but ${rdma} is not`).join('; ');
  return check(
    'rdma.hardware',
    'fail',
    `${said}: that NIC has no RDMA device, and no other RDMA driver is shown`,
    {
      fix: `load the NIC's RDMA module (${missing.map(([, rdma]) => `\`modprobe ${rdma}\``).join(', ')}; for out-of-tree drivers install the vendor's package that builds it)`,
      data: { missing: missing.map(([eth, rdma]) => ({ eth, rdma })) },
    },
  );
}
