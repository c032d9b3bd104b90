import { type Check, check } from '../core/model.js';
import type { DeviceKind, IbPort } from '../parsers/ib-port.js';
import type { RdmaLinkResult } from '../parsers/rdma-link.js';
import { AZURE_ACCELERATED_NETWORKING, classifyIbPorts } from './ib-ports.js';
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
  const created = createdSoft(r.ports, opts.commands ?? []);
  const ports = r.ports.map((p) => {
    const c = created.get(keyOf(p));
    return c ? { ...p, kind: c.kind } : p;
  });
  const checks: Check[] = ports.length > 0 ? withCreation(classifyIbPorts(ports), created) : [];
  for (const n of r.netdevs) {
    const subject = `${n.device}/${n.port}`;
    if (r.ports.some((p) => `${p.device}/${p.port}` === subject)) continue;
    // Azure's Accelerated Networking VF is the VM's front-end NIC whatever its net device says (principle 3), as
    // in ibstat's and ibv_devinfo's form (ib-ports.ts azureFrontEnd): ignored, never a rail.
    if (AZURE_ACCELERATED_NETWORKING.test(n.device)) {
      checks.push(
        check('ib.port', 'skipped', `${n.device} (net device ${n.netdev}) ${FRONT_END}`, {
          subject,
          matters: false,
        }),
      );
      continue;
    }
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
  // An elided ibdev2netdev list is part of it, as a filtered one: a device with a link may be among the rows left out.
  const elided =
    r.elided && cutShown(`line ${r.elided.line}: the author's \`${r.elided.text}\` leaves rows out`);
  if (r.ports.length === 0 && r.netdevs.length > 0)
    checks.push(netdevSummary(r.netdevs, partOf(elided ? { ...opts, shown: opts.shown ?? elided } : opts)));
  // An author's `...` among the rows stands for ports left out (principle 2): the ports shown are not the node's
  // whole answer, however healthy (a fault shown beside it still fails), as an elision among ibstat's CAs.
  if (r.elided)
    checks.push(
      check(
        'ib.elided',
        'skipped',
        `line ${r.elided.line}: the paste's \`${r.elided.text}\` leaves out RDMA ports: they are not shown, not judged`,
        { fix: 'paste the whole `rdma link show` (or `ibdev2netdev`) output, without eliding rows' },
      ),
    );
  return checks;
}

/**
 * `ibdev2netdev` lists every RDMA device the host (or, inside a pod, the pod) has, so when none of
 * them has a link there is no RDMA path at all: `ib.ports` fails, as for ibstat's "0 of N". A down
 * IPoIB netdev without -v says nothing about its port (state not shown), so it keeps the answer open.
 */
function netdevSummary(all: RdmaLinkResult['netdevs'], part: string | undefined): Check {
  const netdevs = all.filter((n) => !AZURE_ACCELERATED_NETWORKING.test(n.device));
  if (netdevs.length === 0) return frontEndOnly(all.length, part);
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

const FRONT_END =
  "is Azure's Accelerated Networking VF (its name for an Ethernet RDMA device): the VM's front-end NIC on Azure's Ethernet network, not the InfiniBand network (mlx5_ib*) that carries RDMA; not a KV-transfer rail, ignored";

/**
 * Only Azure's front-end NIC listed: a whole list has no InfiniBand device, so no RDMA port for KV transfer (fail,
 * as for ibstat); a filtered or cut one (`ibdev2netdev | grep an0`) hides the rest, so the answer is not shown.
 */
function frontEndOnly(n: number, part: string | undefined): Check {
  const which = n === 1 ? 'the one device shown is' : `the ${n} devices shown are`;
  return part !== undefined
    ? check(
        'ib.ports',
        'skipped',
        `${which} Azure's Accelerated Networking (front-end Ethernet), and ${part} other devices: whether the VM has an InfiniBand device (mlx5_ib*) for RDMA is not shown`,
        { fix: 'paste the whole `ibdev2netdev` output with its command line' },
      )
    : check(
        'ib.ports',
        'fail',
        `no RDMA port for KV transfer: ${which} Azure's Accelerated Networking (front-end Ethernet), and no InfiniBand device (mlx5_ib*) is listed`,
        {
          fix: 'run on an InfiniBand-capable Azure size (ND, NC…rs, HB) with the InfiniBand driver installed, so its mlx5_ib devices appear; Accelerated Networking carries no KV transfer',
        },
      );
}

interface Created {
  command: string;
  name: string;
  kind: DeviceKind;
  netdev?: string;
}

/**
 * Links the paste itself creates as software RDMA (principle 3): `rdma link add NAME type rxe|siw netdev DEV`
 * (iproute2 rdma/link.c `link_add`). rdma-core's udev rule renames a new device at once
 * (kernel-boot/rdma-persistent-naming.rules: `rdma_rename %k NAME_FALLBACK`; the prefix is the device's protocol,
 * `roce` for rxe, then the PCI path of the netdev's parent: `rocep0s8`), so the port created is the one with the
 * typed name, else the one device shown on that netdev; a netdev two devices share names neither.
 */
const keyOf = (p: IbPort) => `${p.device}/${p.port}`;

function createdSoft(ports: readonly IbPort[], commands: readonly string[]): Map<string, Created> {
  const added = commands.flatMap((command): Created[] => {
    const m =
      /(?:^|[\s/])rdma\s+(?:-\S+\s+)*link\s+add\s+(\S+)\s+type\s+(rxe|siw)\b(?:\s+netdev\s+(\S+))?/.exec(
        command,
      );
    if (!m) return [];
    return [
      {
        command: command.trim(),
        name: m[1] as string,
        kind: m[2] === 'siw' ? 'soft-iwarp' : 'soft-roce',
        ...(m[3] ? { netdev: m[3] } : {}),
      },
    ];
  });
  const out = new Map<string, Created>();
  for (const a of added) {
    const named = ports.filter((p) => p.device === a.name);
    const onNetdev = ports.filter((p) => a.netdev !== undefined && p.netdev === a.netdev);
    const devices = new Set(onNetdev.map((p) => p.device));
    for (const p of named.length > 0 ? named : devices.size === 1 ? onNetdev : [])
      if (!p.kind) out.set(keyOf(p), a);
  }
  return out;
}

/** The port checks of created links say so: the name alone (`rocep0s8`) looks like hardware. */
function withCreation(checks: Check[], created: Map<string, Created>): Check[] {
  return checks.map((c) => {
    const made = c.id === 'ib.port' && c.subject ? created.get(c.subject) : undefined;
    return made ? { ...c, detail: `${c.detail} (the paste created it: \`${made.command}\`)` } : c;
  });
}
