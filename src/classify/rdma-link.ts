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
export function classifyRdmaLink(r: RdmaLinkResult, opts: { commands?: readonly string[] } = {}): Check[] {
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
  // Only a whole, typed `ibdev2netdev` lists every device: a row pasted alone or through a filter may be one of many.
  const whole = (opts.commands ?? []).some((c) =>
    /^(?:sudo\s+)?\S*ibdev2netdev(?:\s+-v)?\s*$/.test(c.trim()),
  );
  const none = whole ? noneUsable(r) : undefined;
  if (none) checks.push(none);
  return checks;
}

/**
 * ibdev2netdev, typed whole, lists every RDMA device visible where it runs. When each one is down (its net device Down, or
 * its port not ACTIVE), nothing here can carry RDMA: a FAIL, as ib.ports gives for ibstat. Inside a pod (a
 * Multus secondary interface `net1`, or a pod's name in the prompt) that is the devices granted to the pod.
 */
function noneUsable(r: RdmaLinkResult): Check | undefined {
  if (r.ports.length > 0 || r.netdevs.length === 0) return undefined;
  const down = r.netdevs.filter((n) => {
    const port = n.portState?.toUpperCase();
    if (port !== undefined) return port !== 'ACTIVE';
    return !n.up && !/^ib/.test(n.netdev);
  });
  if (down.length < r.netdevs.length) return undefined;
  const pod = r.netdevs.some((n) => /^net\d+$/.test(n.netdev));
  return check(
    'ib.ports',
    'fail',
    `no usable RDMA link${pod ? ' in this pod' : ''}: ${down.length === 1 ? 'the only RDMA device' : `all ${down.length} RDMA devices`} ibdev2netdev lists ${down.length === 1 ? 'is' : 'are'} down (${down.map((n) => `${n.device} → ${n.netdev}`).join(', ')})${pod ? '; net1… are Multus secondary interfaces, the devices granted to the pod' : ''}`,
    {
      fix: pod
        ? 'check the secondary network attached to the pod (its NetworkAttachmentDefinition, the SR-IOV VF link state) and the PF cable'
        : 'bring a link up: check cable, switch port and (InfiniBand) the subnet manager',
    },
  );
}
