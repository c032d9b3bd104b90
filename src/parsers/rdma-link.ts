import { ParseError } from './errors.js';
import { annotateDevices } from './ib-device.js';
import { type IbDevice, type IbPort, linkLayer, physState, portState } from './ib-port.js';
import { cleanLines, isElision, isLastLine, promptCommand } from './lines.js';

/**
 * `rdma link show` (iproute2 rdma/link.c `link_one_show`): per port `link %s/%u ` then, when
 * the kernel reports them, `subnet_prefix %s lid %u sm_lid %u lmc %u ` (InfiniBand), `state %s`
 * (link_state_str: NOP DOWN INIT ARMED ACTIVE ACTIVE_DEFER), `physical_state %s`
 * (phys_state_str: … POLLING DISABLED … LINK_UP …) and `netdev %s` (RoCE/iWARP/EFA: the
 * Ethernet device). Read into the same ports ibstat gives, so one judge decides.
 *
 * `ibdev2netdev` (MLNX_OFED/DOCA ofed-scripts): `mlx5_0 port 1 ==> ib0 (Up)`; with -v a PCI
 * address and model first and the port state in parentheses, `port 1 (ACTIVE) ==> ib0 (Up)`.
 * The last parenthesis is the net device's operstate, not the RDMA port's.
 */
export interface RdmaLinkResult {
  ports: IbPort[];
  /** ibdev2netdev rows: device, port, net device, its state, and the RDMA port state with -v. */
  netdevs: { device: string; port: number; netdev: string; up: boolean; portState?: string; line: number }[];
  /** An author's elision among the rows (`...`, `[snip]`): the ports it stands for are not shown (principle 2). */
  elided?: { line: number; text: string };
}

/**
 * iproute2 before 5.5 began each port with the device's index and the port, then the name and the port and a
 * colon: `pr_out("%u/%u: %s: ", idx, port, name)` with name `"%s/%u"` (rdma/link.c from da990ab4, v4.13, until
 * b0a688a5, v5.5, which made it `link %s/%u`); the fields after it are the same. `0/1: mlx5_0/1: state …`
 * is read as `link mlx5_0/1 state …`.
 */
const OLD_PREFIX = /^\d+\/\d+: (\S+\/\d+):(?=\s|$)/;

/** One ibdev2netdev row inside a line, however the page spaced it: device, port, net device, its state. */
const RUN_ROW = /(\S+?)\s*port\s*(\d+)\s*==>\s*(\S+)\s+\((Up|Down)\)/gi;

const COMMENTED_ROW = /^#\s*(?=link \S+\/\d+\s(?:.*\s)?state \S+)/;

export function parseRdmaLink(text: string): RdmaLinkResult {
  const lines = cleanLines(text);
  const r: RdmaLinkResult = { ports: [], netdevs: [] };
  let first: { no: number; text: string } | undefined;
  for (const line of lines) {
    // A row a page shows as a shell comment under the command (`# link mlx5_0/1 state ACTIVE …`, an
    // "example output" note) is still the row: a command named `link` takes two paths, never `state` pairs.
    const commented = COMMENTED_ROW.test(line.text.trim());
    const t = line.text.trim().replace(COMMENTED_ROW, '');
    if (t === '' || (!commented && promptCommand(line.text) !== undefined)) continue;
    if (isElision(t)) {
      r.elided ??= { line: line.no, text: t };
      continue;
    }
    first ??= { no: line.no, text: t };
    const link = /^link (\S+)\/(\d+)\s+(.*)$/.exec(t.replace(OLD_PREFIX, 'link $1'));
    if (link) {
      const port = portOf(link[1] as string, Number(link[2]), link[3] as string);
      // Fields come in `key value` pairs: an odd count on the paste's last line is a key cut mid-word.
      if ((link[3] as string).trim().split(/\s+/).length % 2 === 1 && isLastLine(lines, line.no))
        port.cut = true;
      r.ports.push(port);
      continue;
    }
    // Any spacing (`| column -t`), a trailing `# comment` the poster added, and the net device's IP address(es)
    // after its state, as site wrappers of ibdev2netdev print them (`mlx5_0 port 1 ==> ens1f0 (Up) 10.0.0.1`).
    const nd =
      /^(?:\S+\s+)?(\S+)(?:\s+\([^)]*\).*?)?\s+port\s+(\d+)(?:\s+\((\w+)\s*\))?\s+==>\s+(\S+)\s+\((\w+)\)(?:\s+[0-9a-fA-F.:]*[.:][0-9a-fA-F.:]*(?:\/\d+)?)*(?:\s+#.*)?$/.exec(
        t,
      );
    if (nd) {
      r.netdevs.push({
        device: nd[1] as string,
        port: Number(nd[2]),
        netdev: nd[4] as string,
        up: /^up$/i.test(nd[5] as string),
        ...(nd[3] ? { portState: nd[3] } : {}),
        line: line.no,
      });
      continue;
    }
    // Rows a page ran together on one line, or whose spaces around `port N` it lost (`rocep1s0f0port1==> enp1s0f0np0
    // (Up)`), each with the poster's note after it (b41): every `<dev> port <n> ==> <netdev> (<state>)` is a row.
    for (const m of t.matchAll(RUN_ROW))
      r.netdevs.push({
        device: m[1] as string,
        port: Number(m[2]),
        netdev: m[3] as string,
        up: /^up$/i.test(m[4] as string),
        line: line.no,
      });
  }
  // Device names say what they are (rxe0, siw0, efa_0): the same marks ibstat's ports get.
  const devices: IbDevice[] = [...new Set(r.ports.map((p) => p.device))].map((name) => ({
    name,
    ports: r.ports.filter((p) => p.device === name),
  }));
  annotateDevices(devices);
  r.ports = devices.flatMap((d) => d.ports);
  if (r.ports.length === 0 && r.netdevs.length === 0) {
    if (!first) throw new ParseError('rdma link', 'the input is empty');
    throw new ParseError('rdma link', 'no `link <dev>/<port>` or `<dev> port <n> ==> <netdev>` line found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `rdma link show` or `ibdev2netdev`',
    });
  }
  return r;
}

function portOf(device: string, port: number, rest: string): IbPort {
  const field = (k: string) => new RegExp(`(?:^|\\s)${k} (\\S+)`).exec(rest)?.[1];
  const state = field('state');
  const phys = field('physical_state');
  const lid = field('lid');
  const sm = field('sm_lid');
  const netdev = field('netdev');
  // An InfiniBand port reports subnet_prefix/lid (rdma/link.c prints them only when set); RoCE a netdev.
  const layer =
    field('subnet_prefix') !== undefined || lid !== undefined
      ? 'InfiniBand'
      : netdev
        ? 'Ethernet'
        : undefined;
  const p: IbPort = { device, port, state: state ? portState(state) : 'not-shown' };
  // `NOP` is phys_state_str[0] (iproute2 rdma/link.c phys_state_to_str): the kernel reports physical state 0 when the
  // driver sets none, as iWARP drivers did before the core filled it from the netdev (kernel 4929116bdf72, "RDMA/core:
  // Add common iWARP query port", v5.2): not reported, like a physical state not shown, never a fault by itself.
  if (phys && phys !== 'NOP') p.physState = physState(phys);
  if (layer) p.linkLayer = linkLayer(layer);
  // The kernel reports a LID for InfiniBand ports only (drivers/infiniband/core/nldev.c fill_port_info:
  // `if (rdma_protocol_ib(device, port))`), a netdev only when it is in the caller's network namespace
  // (a pod often sees none), and rdma/link.c prints the LID before `state`: a state with no LID before
  // it is a port that is not InfiniBand (RoCE, iWARP or EFA), whatever its netdev shows.
  else if (state !== undefined) p.notInfiniBand = true;
  if (netdev !== undefined) p.netdev = netdev;
  if (lid !== undefined) p.lid = Number(lid);
  if (sm !== undefined) p.smLid = Number(sm);
  return p;
}
