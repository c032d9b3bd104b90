import { type Check, check } from '../core/model.js';
import type { RdmaLinkResult } from '../parsers/rdma-link.js';
import { classifyIbPorts } from './ib-ports.js';
import { cutShown, hiddenBy, type Shown } from './shown.js';

/**
 * Why the device list may be only part of ibdev2netdev's: a filter after it, or no typed command
 * at all (a few lines copied from a longer list). Undefined when the typed command shows it whole.
 */
function partOf(opts: { shown?: Shown; commands?: readonly string[] }): string | undefined {
  const view = opts.shown ?? (opts.commands?.length ? undefined : cutShown('no command typed in it'));
  return hiddenBy(view, ['mlx5_0 port 1 ==> eth0 (Up)']);
}

/**
 * `rdma link show`: its ports judged exactly as ibstat's (classifyIbPorts). `ibdev2netdev`:
 * with -v the RDMA port state decides; without it only the net device's state is shown.
 * An RoCE port carries nothing while its net device is down (RoCE is Ethernet frames), but an
 * unused port and an unplugged cable look alike, so a down Ethernet netdev warns (as Disabled does); an IPoIB (`ib*`) netdev that is down says nothing certain about
 * the InfiniBand port under it (RDMA does not need IPoIB): a warning that names ibstat.
 */
export function classifyRdmaLink(
  r: RdmaLinkResult,
  opts: { shown?: Shown; commands?: readonly string[] } = {},
): Check[] {
  const checks: Check[] = r.ports.length > 0 ? classifyIbPorts(r.ports) : [];
  for (const n of r.netdevs) {
    const subject = `${n.device}/${n.port}`;
    if (r.ports.some((p) => `${p.device}/${p.port}` === subject)) continue;
    const ipoib = /^ib/.test(n.netdev);
    const port = n.portState?.toUpperCase();
    // An Ethernet port that -v shows DOWN while its net device is Down too is the unplugged-or-unused
    // case below (a warning, as in the plain form and as a Down RoCE port in `rdma link`); an IB port
    // down, or a port down under a net device that is Up, is a fault of the port itself.
    if (port !== undefined && port !== 'ACTIVE' && (ipoib || n.up)) {
      checks.push(
        check(
          'ib.port',
          'fail',
          `port ${port} (ibdev2netdev -v), net device ${n.netdev} ${n.up ? 'Up' : 'Down'}`,
          {
            subject,
            fix: 'check the cable, the switch port and (InfiniBand) the subnet manager; ibstat shows the physical state',
          },
        ),
      );
    } else if (n.up) {
      checks.push(
        check('ib.port', 'ok', `${port ? 'port ACTIVE, ' : ''}net device ${n.netdev} Up`, { subject }),
      );
    } else if (ipoib && port === undefined) {
      checks.push(
        check(
          'ib.port',
          'warn',
          `IPoIB device ${n.netdev} Down: the InfiniBand port's own state is not shown (RDMA does not need IPoIB up)`,
          {
            subject,
            fix: 'run `ibstat` (or ibdev2netdev -v) for the port state',
          },
        ),
      );
    } else {
      checks.push(
        check(
          'ib.port',
          // Like a Disabled RoCE port: an unused port and an unplugged cable look alike, so a warning.
          'warn',
          `net device ${n.netdev} Down${port ? ` (port ${port})` : ''}: ${ipoib ? 'IPoIB down' : 'no RoCE traffic on it while the Ethernet device has no link (an unused port and an unplugged cable look alike)'}`,
          {
            subject,
            fix: `bring it up (\`ip link set ${n.netdev} up\`) and check its cable and switch port`,
          },
        ),
      );
    }
  }
  if (r.ports.length === 0 && r.netdevs.length > 0) checks.push(netdevSummary(r.netdevs, partOf(opts)));
  return checks;
}

/**
 * `ibdev2netdev` lists every RDMA device the host (or, inside a pod, the pod) has, so when none of
 * them has a link there is no RDMA path at all: `ib.ports` fails, as for ibstat's "0 of N". A down
 * IPoIB netdev without -v says nothing about its port (state not shown), so it keeps the answer open.
 */
function netdevSummary(netdevs: RdmaLinkResult['netdevs'], part: string | undefined): Check {
  const port = (n: RdmaLinkResult['netdevs'][number]) => n.portState?.toUpperCase();
  const usable = netdevs.filter((n) => (port(n) === undefined ? n.up : port(n) === 'ACTIVE'));
  const unknown = netdevs.filter((n) => !n.up && port(n) === undefined && /^ib/.test(n.netdev));
  const n = netdevs.length;
  if (usable.length > 0)
    return check('ib.ports', 'ok', `${usable.length} of ${n} RDMA device port(s) up`, {
      data: { usable: usable.map((x) => `${x.device}/${x.port}`) },
    });
  if (part !== undefined)
    return check(
      'ib.ports',
      'skipped',
      `none of the ${n} RDMA device port(s) shown is up, but ${part} other devices: whether this host has an RDMA link is not shown`,
      { fix: 'paste the whole `ibdev2netdev` output with its command line' },
    );
  if (unknown.length > 0)
    return check(
      'ib.ports',
      'skipped',
      `none of the ${n} RDMA device port(s) is up, but the InfiniBand port state of ${unknown.map((x) => x.netdev).join(', ')} is not shown (its IPoIB netdev is down)`,
      { fix: 'run `ibdev2netdev -v` or `ibstat` for the port states' },
    );
  return check(
    'ib.ports',
    'fail',
    n === 1
      ? 'the only RDMA device listed has no link: no RDMA path from here (inside a pod, the pod has no RDMA at all)'
      : `none of the ${n} RDMA devices listed has a link: no RDMA path from here`,
    {
      fix: 'check the cable and switch port of the device meant for KV traffic; inside a pod, that the RDMA network attachment (SR-IOV VF, Multus) is up',
    },
  );
}
