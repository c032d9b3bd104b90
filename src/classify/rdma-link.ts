import { type Check, check } from '../core/model.js';
import type { RdmaLinkResult } from '../parsers/rdma-link.js';
import { classifyIbPorts } from './ib-ports.js';

/**
 * `rdma link show`: its ports judged exactly as ibstat's (classifyIbPorts). `ibdev2netdev`:
 * with -v the RDMA port state decides; without it only the net device's state is shown.
 * An RoCE port carries nothing while its net device is down (RoCE is Ethernet frames), but an
 * unused port and an unplugged cable look alike, so a down Ethernet netdev warns (as Disabled does); an IPoIB (`ib*`) netdev that is down says nothing certain about
 * the InfiniBand port under it (RDMA does not need IPoIB): a warning that names ibstat.
 */
export function classifyRdmaLink(r: RdmaLinkResult): Check[] {
  const checks: Check[] = r.ports.length > 0 ? classifyIbPorts(r.ports) : [];
  for (const n of r.netdevs) {
    const subject = `${n.device}/${n.port}`;
    if (r.ports.some((p) => `${p.device}/${p.port}` === subject)) continue;
    const ipoib = /^ib/.test(n.netdev);
    const port = n.portState?.toUpperCase();
    if (port !== undefined && port !== 'ACTIVE') {
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
          `net device ${n.netdev} Down${port ? ' (port ACTIVE)' : ''}: ${ipoib ? 'IPoIB down' : 'no RoCE traffic on it while the Ethernet device has no link (an unused port and an unplugged cable look alike)'}`,
          {
            subject,
            fix: `bring it up (\`ip link set ${n.netdev} up\`) and check its cable and switch port`,
          },
        ),
      );
    }
  }
  return checks;
}
