import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { DevInfinibandResult } from '../parsers/dev-infiniband.js';
import { type Gid, roceV2Ipv4, type ShowGidsResult } from '../parsers/show-gids.js';
import { cutShown, hiddenBy, type Shown } from './shown.js';

const UVERBS_LINES = [
  'crw-rw-rw- 1 root root 231, 192 Nov 21 02:18 uverbs0',
  'uverbs0',
  '/dev/infiniband/uverbs0',
];
const RDMA_CM_LINES = [
  'crw-rw-rw- 1 root root  10,  57 Nov 21 02:18 rdma_cm',
  'rdma_cm',
  '/dev/infiniband/rdma_cm',
];
const GID_LINES = ['mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0001\t10.0.0.1  \tv2\tnet1'];

/** `ls -l /dev/infiniband` in a pod: a uverbs node is what verbs (and UCX) need; /dev/gdrdrv for GDRCopy. */
export function classifyDevInfiniband(r: DevInfinibandResult, opts: { shown?: Shown } = {}): Check[] {
  const checks: Check[] = [];
  const shown = opts.shown;
  const fixMount =
    'request the RDMA device-plugin resource (e.g. rdma/rdma_shared_device_a, rdma/hca, nvidia.com/…) so the devices are mounted into the pod';
  const noUverbs =
    r.present && r.uverbs.length === 0
      ? (hiddenBy(shown, UVERBS_LINES) ??
        (r.cut
          ? `the listing is cut at line ${r.cut.line} (ls sorts uverbs after issm, rdma_cm and umad), so it does not show the`
          : undefined))
      : undefined;
  const sysfs = r.ibdevs?.length
    ? `; /sys/class/infiniband lists ${plural(r.ibdevs.length, 'RDMA device')} (${r.ibdevs.join(', ')})`
    : '';
  if (r.listed === false) {
    checks.push(
      check(
        'rdma.devices',
        'skipped',
        `/dev/infiniband was not listed${sysfs}: the verbs device nodes are not shown, so not checked`,
        {
          fix: 'run `ls -l /dev/infiniband` in the pod',
        },
      ),
    );
  } else if (noUverbs) {
    checks.push(
      check('rdma.devices', 'skipped', `${noUverbs} uverbs entries: not shown, so not checked`, {
        fix: 'run `ls -l /dev/infiniband` unfiltered',
      }),
    );
  } else if (!r.present || r.uverbs.length === 0) {
    checks.push(
      check(
        'rdma.devices',
        'fail',
        r.present
          ? 'no uverbs device in /dev/infiniband: verbs cannot open any HCA'
          : '/dev/infiniband does not exist here',
        {
          fix: fixMount,
        },
      ),
    );
  } else {
    const closed = r.entries.filter(
      (e) => /^uverbs\d+$/.test(e.name) && e.mode !== undefined && !/^c.{6}rw/.test(e.mode),
    );
    checks.push(
      closed.length > 0
        ? check(
            'rdma.devices',
            'warn',
            `${r.uverbs.join(', ')} present but ${closed.map((e) => `${e.name} ${e.mode}`).join(', ')} is not open to all users`,
            {
              fix: 'run the workload as root or have the device plugin set the node mode to rw for all',
            },
          )
        : check(
            'rdma.devices',
            'ok',
            `${plural(r.uverbs.length, 'verbs device')}: ${r.uverbs.join(', ')}${sysfs}${r.ibdevs && r.ibdevs.length > r.uverbs.length ? ': the others have no uverbs node here (not granted to this container)' : ''}`,
            {
              data: { uverbs: r.uverbs, ...(r.ibdevs ? { ibdevs: r.ibdevs } : {}) },
            },
          ),
    );
    // A plain `ls` (or `find`) prints names without modes: the node is there, whether this user can open it is not shown.
    const unmoded = r.uverbs.filter((n) => !r.entries.some((e) => e.name === n && e.mode !== undefined));
    if (unmoded.length > 0)
      checks.push(
        check(
          'rdma.access',
          'skipped',
          `${unmoded.join(', ')} listed by name only: without modes whether this user can open ${unmoded.length === 1 ? 'it' : 'them'} (rw for all, or only root) is not shown`,
          { fix: 'run `ls -l /dev/infiniband` to show the nodes’ modes' },
        ),
      );
    const cmHidden = r.rdmaCm ? undefined : hiddenBy(shown, RDMA_CM_LINES);
    checks.push(
      r.rdmaCm
        ? check('rdma.cm', 'ok', 'rdma_cm present (RDMA-CM connection setup available)')
        : cmHidden
          ? check('rdma.cm', 'skipped', `${cmHidden} rdma_cm: not shown, so not checked`)
          : check('rdma.cm', 'warn', 'no rdma_cm device: RDMA-CM connection setup is unavailable', {
              fix: 'mount /dev/infiniband/rdma_cm too (the device plugin usually does); UCX falls back to its own wireup',
            }),
    );
  }
  if (r.netdevs) {
    const secondary = r.netdevs.filter((n) => !/^(lo|eth0|tunl0|bonding_masters|sit0|ip6tnl0)$/.test(n));
    checks.push(
      secondary.length > 0
        ? check(
            'rdma.netdev',
            'ok',
            `secondary interface(s) ${secondary.join(', ')}: RoCE/RDMA-CM addressing from the pod is possible`,
          )
        : check(
            'rdma.netdev',
            'skipped',
            'no secondary network interface in the pod: fine for InfiniBand verbs, but RoCE needs one (Multus macvlan/SR-IOV)',
            {
              matters: false,
            },
          ),
    );
  }
  if (r.gdrdrv === true)
    checks.push(check('gdr.device', 'ok', '/dev/gdrdrv present: GDRCopy usable in this container'));
  if (r.gdrdrv === false) {
    checks.push(
      check(
        'gdr.device',
        'skipped',
        '/dev/gdrdrv missing: GDRCopy (UCX gdr_copy) unavailable here; optional for NIXL',
        {
          matters: false,
        },
      ),
    );
  }
  return checks;
}

/**
 * `show_gids`: RoCEv2 over IPv4 needs a v2 GID with an IPv4 address; its index is the
 * GID index to use and is often not 3 inside pods (multus-cni#1100). No GID at all in
 * a pod means no RDMA-capable netdev in its namespace (k8s-rdma-sriov-dev-plugin#30).
 */
export function classifyShowGids(r: ShowGidsResult, opts: { shown?: Shown } = {}): Check[] {
  const hidden = roceV2Ipv4(r).length === 0 ? hiddenBy(opts.shown, GID_LINES) : undefined;
  if (hidden) {
    return [
      check('rdma.gid', 'skipped', `${hidden} RoCEv2 IPv4 GID rows: not shown, so not checked`, {
        fix: 'run `show_gids` unfiltered',
      }),
    ];
  }
  // No row and no "n_gids_found=" trailer (show_gids prints it after the rows): the paste ends before
  // them, so whether there is a GID is not shown, never "no GID at all".
  if (r.gids.length === 0 && r.found === undefined) {
    return [
      check(
        'rdma.gid',
        'skipped',
        `${hiddenBy(cutShown('it ends before any GID row and its n_gids_found line'), GID_LINES)} GID rows: not shown, so not checked`,
        { fix: 'paste the whole `show_gids` output, to its n_gids_found line' },
      ),
    ];
  }
  // show_gids counts the rows it printed (n_gids_found): rows it counted that were not read (a wrapped or garbled
  // row) are not shown here, so no absence among them is concluded (principle 2).
  const unread = r.found !== undefined && r.found > r.gids.length;
  if (unread && roceV2Ipv4(r).length === 0) {
    return [
      check(
        'rdma.gid',
        'skipped',
        `n_gids_found=${r.found} but ${r.gids.length} of those rows could be read: the rest are not shown, so whether one is RoCEv2 with an IPv4 address is not checked`,
        { fix: 'paste the `show_gids` output unwrapped, one row a line' },
      ),
    ];
  }
  if (r.gids.length === 0) {
    return [
      check(
        'rdma.gid',
        'fail',
        'no GID at all (n_gids_found=0): no RDMA-capable interface in this network namespace, RoCE cannot work here',
        {
          fix: 'attach a secondary network on the RDMA NIC (Multus macvlan/SR-IOV, or hostNetwork) so the pod gets a RoCE GID',
        },
      ),
    ];
  }
  const v2 = roceV2Ipv4(r);
  // With no IPv4 GID, UCX's automatic choice takes a RoCE v2 IPv6 GID next (ib_device.c
  // uct_ib_device_select_gid: v2/AF_INET, then v2/AF_INET6): a routable one (not fe80::/10) serves.
  const v6 =
    v2.length === 0 ? r.gids.filter((g) => g.version === 'v2' && !g.ipv4 && !/^fe[89ab]/i.test(g.gid)) : [];
  if (v6.length > 0) {
    const list = v6.map(
      (g) => `${g.device}/${g.port} index ${g.index} (${g.gid}${g.netdev ? ` on ${g.netdev}` : ''})`,
    );
    return [
      check(
        'rdma.gid',
        'ok',
        `RoCEv2 GID with a routable IPv6 address (no IPv4 GID; UCX picks RoCE v2 IPv6 next): ${list.slice(0, 4).join(', ')}${list.length > 4 ? ', …' : ''}`,
        { data: { indexes: [...new Set(v6.map((g) => g.index))] } },
      ),
    ];
  }
  if (v2.length === 0) {
    return [
      check('rdma.gid', 'warn', `${plural(r.gids.length, 'GID')} but none is RoCEv2 with an IPv4 address`, {
        fix: 'give the RDMA interface an IPv4 address, or set UCX_IB_GID_INDEX to the RoCEv2 IPv6 GID you intend to use',
      }),
    ];
  }
  const list = v2.map(
    (g) => `${g.device}/${g.port} index ${g.index} (${g.ipv4}${g.netdev ? ` on ${g.netdev}` : ''})`,
  );
  const indexes = [...new Set(v2.map((g) => g.index))];
  const note = indexes.includes(3)
    ? ''
    : `; not the common default 3: set UCX_IB_GID_INDEX=${indexes[0]} (NCCL_IB_GID_INDEX) if auto-selection fails`;
  return [
    check('rdma.gid', 'ok', `RoCEv2 IPv4 GID: ${list.join(', ')}${note}`, { data: { indexes } }),
    ...linkLocalOnly(r),
  ];
}

/**
 * Each RoCE port is judged, not the table as a whole (issue 38, principle 5): a port whose netdev
 * gives it only the link-local GIDs every RoCE port starts with (fe80::/10, show_gids' rows with an
 * empty IPv4 column) has no routable RoCEv2 address, so it cannot carry RoCEv2 traffic off its L2
 * segment even when another port can. Rows without a netdev (an InfiniBand port's GID) are not RoCE.
 */
function linkLocalOnly(r: ShowGidsResult): Check[] {
  const ports = new Map<string, Gid[]>();
  for (const g of r.gids) {
    if (!g.netdev) continue;
    const key = `${g.device}/${g.port}`;
    ports.set(key, [...(ports.get(key) ?? []), g]);
  }
  const bare = [...ports].filter(([, gids]) => gids.every((g) => !g.ipv4 && /^fe[89ab]/i.test(g.gid)));
  if (bare.length === 0) return [];
  const names = bare.map(([port, gids]) => `${port} (${gids[0]?.netdev})`);
  return [
    check(
      'rdma.gid.port',
      'warn',
      `${plural(bare.length, 'RoCE port')} with only link-local GIDs, no routable RoCEv2 address: ${names.join(', ')}; a KV transfer over ${bare.length === 1 ? 'it' : 'them'} cannot leave its L2 segment`,
      {
        fix: 'give the netdev of each RoCE port the KV transfer uses an IPv4 (or global IPv6) address, or keep UCX_NET_DEVICES to the ports that have one',
      },
    ),
  ];
}
