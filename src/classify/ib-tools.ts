import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import { blockCutText } from '../parsers/block-cut.js';
import type { IbDevice } from '../parsers/ib-port.js';
import { portsOf } from '../parsers/ib-port.js';
import { CA_NOT_SHOWN, type IbstatResult } from '../parsers/ibstat.js';
import { DEVICE_NOT_SHOWN, type IbstatusResult } from '../parsers/ibstatus.js';
import type { IbvDevinfoResult } from '../parsers/ibv-devinfo.js';
import { HCA_NOT_SHOWN } from '../parsers/ibv-devinfo.js';
import { PROVIDER_REFUSED } from '../parsers/verbs-messages.js';
import { classifyIbPorts } from './ib-ports.js';
import { classifyIbstatList } from './ibstat-list.js';
import { cutShown, hiddenBy, type Shown } from './shown.js';

const PORT_LINES = [
  "CA 'mlx5_0'",
  '\tPort 1:',
  'hca_id:\tmlx5_0',
  "Infiniband device 'mlx5_0' port 1 status:",
];
const STATE_LINES = ['\t\tState: Active', '\tstate:\t\t 4: ACTIVE', '\t\t\tstate:\t\t\tPORT_ACTIVE (4)'];

/**
 * The absences a filter after the tool may have hidden (`ibstat | grep -A8 mlx5_0`,
 * `ibv_devinfo | head`): "no port found" and "port state unknown" become not shown.
 */
export function unhidden(checks: Check[], shown?: Shown): Check[] {
  if (!shown) return checks;
  return checks.map((c) => {
    const noPort =
      c.id === 'ib.ports' && c.status === 'fail' && /^no InfiniBand\/RoCE port found/.test(c.detail);
    const noState = c.id === 'ib.port' && c.status === 'fail' && /port state unknown$/.test(c.detail);
    const why = noPort ? hiddenBy(shown, PORT_LINES) : noState ? hiddenBy(shown, STATE_LINES) : undefined;
    if (!why) return c;
    const { fix: _fix, ...rest } = c;
    return {
      ...rest,
      status: 'skipped',
      detail: `${why} ${noPort ? 'the port blocks' : 'the State line'}: not shown, so not checked`,
    };
  });
}

function models(devices: readonly IbDevice[]): Record<string, string | undefined> {
  return Object.fromEntries(devices.map((d) => [d.name, d.model]));
}

/**
 * A paste that starts inside a device's block (its header line not pasted) is cut above: that device and any
 * printed before it are not shown, so the ports it holds, however healthy, are not the whole answer (P2).
 */
function cutAbove(devices: readonly IbDevice[], headless: string, header: string, tool: string): Check[] {
  if (!devices.some((d) => d.name === headless && d.ports.length > 0)) return [];
  return [
    check(
      'ib.port',
      'skipped',
      `the paste starts inside a device block (its ${header} line not pasted): that device and any listed before it are not shown, not judged`,
      { subject: headless, fix: `paste the whole \`${tool}\` output, from its first ${header} line` },
    ),
  ];
}

/** A device the paste stops inside, before its port blocks (ibstat and ibv_devinfo print one per port). */
const cutBeforePorts = (device: string) =>
  `${device}: the paste stops inside its block, before its ports: not shown, not judged`;

const selectedText = (x: NonNullable<IbstatResult['selected']>) =>
  `the poster kept some of its lines: port ${x.port} of ${x.device} shows no ${x.missing.length > 1 ? `${x.missing.slice(0, -1).join(', ')} or ${x.missing.at(-1)}` : x.missing[0]} line, which ibstat always prints`;

/** Device → its physical adapter (system image GUID), where the output shows it. */
function adapters(devices: readonly IbDevice[]): Record<string, string | undefined> {
  return Object.fromEntries(devices.map((d) => [d.name, d.systemImageGuid]));
}

/** ibstat: the ports, and a warning when ibstat aborted part-way (ibpanic) — the ports it printed still count. */
export function classifyIbstat(r: IbstatResult, opts: { shown?: Shown } = {}): Check[] {
  if (r.list) return classifyIbstatList(r.list);
  if (r.devices.length === 0) {
    const first = r.errors[0]?.text ?? '';
    // `stat of IB device 'x' failed` comes from ibstat.c main's loop over the CA list it read (umad): x is on
    // that list, ibstat could not query it and stopped there, so the devices exist and their ports are not
    // shown (principle 2). Only the panics before the list ("can't list IB device names", "'x' IB device
    // can't be found") say ibstat found no device.
    const stopped = /stat of IB device '([^']+)' failed/.exec(first)?.[1];
    if (stopped)
      return [
        check(
          'ib.ibstat',
          'warn',
          `ibstat stopped at ${stopped} before printing any CA: ${first}; the CAs it listed are not shown, not judged`,
          {
            subject: stopped,
            fix: `run \`ibstat <ca>\` for each CA (\`ibstat -l\` lists them) or \`ibstatus\`/\`ibv_devinfo\`, which do not stop at ${stopped}`,
          },
        ),
      ];
    // ibstat.c IBPANICs before printing any CA ("can't list IB device names", "'x' IB device can't be found").
    return [
      check('rdma.devices', 'fail', `ibstat read no RDMA device: ${first}`, {
        fix: 'load the HCA driver (mlx5_ib, efa) and ib_umad; in a pod, request the RDMA device-plugin resource so /dev/infiniband and /sys/class/infiniband are visible',
      }),
    ];
  }
  // Every CA shown stops before its Port blocks (a cut, or `ibstat | grep mlx5` keeping the CA lines): their
  // ports are not shown, each CA says so below, and "no port found" would read that absence as a fault (P2).
  const ports = portsOf(r.devices);
  const checks =
    ports.length === 0
      ? []
      : unhidden(
          classifyIbPorts(
            ports,
            models(r.devices),
            hiddenBy(
              opts.shown ??
                (r.endsInside
                  ? cutShown(blockCutText(r.endsInside))
                  : r.selected
                    ? cutShown(selectedText(r.selected))
                    : undefined),
              PORT_LINES,
            ),
            adapters(r.devices),
          ),
          opts.shown,
        );
  // ibstat prints a `Port N:` block for every port of every CA (ibstat.c ca_stat): a CA without one is a paste
  // that stops inside it (or a filter that drops it), so its ports are not shown (principle 2).
  const filtered = hiddenBy(opts.shown, ['\tPort 1:', '\t\tState: Active']);
  for (const d of r.devices.filter((x) => x.ports.length === 0))
    checks.push(
      check(
        'ib.port',
        'skipped',
        filtered ? `${d.name}: ${filtered} its Port blocks: not shown, not judged` : cutBeforePorts(d.name),
        {
          subject: d.name,
          fix: 'paste the whole `ibstat` output (every CA with its Port blocks)',
        },
      ),
    );
  // An author's `...` stands for CAs or lines left out of the paste: the host's other adapters are not shown
  // (principle 2), so the ports shown are not the whole answer.
  const elision = r.elided?.[0];
  // A paste cut above its first CA line says the same, unless an elision already names what is left out.
  if (!elision) checks.push(...cutAbove(r.devices, CA_NOT_SHOWN, "`CA '…'`", 'ibstat'));
  if (elision)
    checks.push(
      check(
        'ib.elided',
        'skipped',
        `line ${elision.line}: the paste's \`${elision.text}\` leaves out part of the output (other CAs or their ports): not shown, not judged`,
        { fix: 'paste the whole `ibstat` output, without eliding CAs' },
      ),
    );
  if (r.errors.length > 0) {
    const first = r.errors[0]?.text ?? '';
    const dev = /IB device '([^']+)'/.exec(first)?.[1];
    checks.push(
      check(
        'ib.ibstat',
        'warn',
        `ibstat stopped early after ${plural(r.devices.length, 'device')}: ${first}${r.errors.length > 1 ? ` (+${r.errors.length - 1} more)` : ''}`,
        {
          ...(dev ? { subject: dev } : {}),
          fix: `the device list and ibstat disagree (a vanished or unopenable device${dev ? ` ${dev}` : ''}); run \`ibstat <ca>\` per device or \`ibstatus\` to see the rest`,
        },
      ),
    );
  }
  return checks;
}

/**
 * An ibstatus paste that ends inside a port block (endOfBlocks, or inside a field's name) or inside the next
 * device's header line: the ports after the cut are not shown, so "no usable port" among those shown is not.
 */
function cutOfStatus(r: IbstatusResult): Shown | undefined {
  if (r.endsInside) return cutShown(blockCutText(r.endsInside));
  if (r.endsInsideField)
    return cutShown(`it ends at \`${r.endsInsideField.text}\`, inside a port's field line`);
  if (r.endsInsideNext) return cutShown(`it ends inside the next device's \`Infiniband device '…'\` line`);
  if (r.devices.some((d) => d.name === DEVICE_NOT_SHOWN))
    return cutShown(
      "it starts inside a port block, its `Infiniband device '…' port N status:` line not pasted",
    );
  return undefined;
}

/** ibstatus: the ports; its "Fatal error: device '*': sys files not found" means no RDMA device at all. */
export function classifyIbstatus(r: IbstatusResult, opts: { shown?: Shown } = {}): Check[] {
  const notShown = hiddenBy(opts.shown ?? cutOfStatus(r), PORT_LINES);
  const checks =
    r.devices.length > 0 ? unhidden(classifyIbPorts(portsOf(r.devices), {}, notShown), opts.shown) : [];
  checks.push(...cutAbove(r.devices, DEVICE_NOT_SHOWN, "`Infiniband device '…' port N status:`", 'ibstatus'));
  if (r.endsInsideNext)
    checks.push(
      check(
        'ib.elided',
        'skipped',
        `line ${r.endsInsideNext.line}: the paste ends at \`${r.endsInsideNext.text}\`, inside the next device's \`Infiniband device '…'\` line: that device and any after it are not shown, not judged`,
        { fix: 'paste the whole `ibstatus` output' },
      ),
    );
  if (r.endsInsideField)
    checks.push(
      check(
        'ib.elided',
        'skipped',
        `line ${r.endsInsideField.line}: the paste ends at \`${r.endsInsideField.text}\`, inside a port's field line: the rest of that port and any device after it are not shown, not judged`,
        { fix: 'paste the whole `ibstatus` output' },
      ),
    );
  for (const e of r.errors) {
    const none = e.device === '*' || r.devices.length === 0;
    checks.push(
      check(
        'rdma.devices',
        none ? 'fail' : 'warn',
        none
          ? `no RDMA device in /sys/class/infiniband (ibstatus: ${e.text.replace(/^Fatal error:\s*/, '')})`
          : `ibstatus could not read ${e.device ? `device ${e.device}` : 'a device'}: ${e.text}`,
        {
          ...(e.device && e.device !== '*' ? { subject: e.device } : {}),
          fix: none
            ? 'the HCA driver registered no RDMA device: check dmesg for mlx5_ib/mlx4_ib errors (firmware, driver version) and that the driver is loaded'
            : 'check the device name with `ls /sys/class/infiniband`',
        },
      ),
    );
  }
  return checks;
}

/**
 * ibv_devinfo: the ports, plus devices the verbs library lists but cannot open
 * ("Failed to open device": inside a pod, an HCA whose uverbs node is not mounted).
 */
export function classifyIbvDevinfo(r: IbvDevinfoResult, opts: { shown?: Shown } = {}): Check[] {
  const checks: Check[] = [];
  // A device whose port blocks the paste does not show (it declares them in phys_port_cnt, the paste stops inside
  // its block, or only a fragment of its -v attributes is pasted): its ports are not shown, never "no port".
  const unshown = r.devices.filter((d) => d.ports.length === 0 && d.portCount !== 0);
  for (const d of unshown)
    checks.push(
      check(
        'ib.port',
        'skipped',
        d.portCount !== undefined
          ? `phys_port_cnt: ${d.portCount} but no port section shown (a trimmed paste): port not shown, not judged`
          : d.name === HCA_NOT_SHOWN
            ? 'a part of a device block (its attributes, no `hca_id:` line, no port block): its ports are not shown, not judged'
            : cutBeforePorts(d.name),
        { subject: d.name, fix: 'paste the whole `ibv_devinfo` output (its port: blocks)' },
      ),
    );
  // Any device cut before its port blocks (ibv_devinfo prints one per port, devinfo.c print_hca_cap), or a
  // port block without its device: the paste is a part, so "no usable port" among those shown is not shown.
  const notShown = hiddenBy(opts.shown ?? cutOfDevinfo(r), PORT_LINES);
  if (r.devices.length > 0 && (portsOf(r.devices).length > 0 || unshown.length === 0))
    checks.push(
      ...unhidden(
        classifyIbPorts(portsOf(r.devices), models(r.devices), notShown, adapters(r.devices)),
        opts.shown,
      ),
    );
  checks.push(...cutAbove(r.devices, HCA_NOT_SHOWN, '`hca_id:`', 'ibv_devinfo'));
  const noProvider = r.warnings.filter((w) => PROVIDER_REFUSED.test(w));
  if (r.listError !== undefined && r.devices.length === 0) {
    checks.push(
      check('rdma.devices', 'fail', `the verbs library could not list RDMA devices (${r.listError})`, {
        fix: 'load the RDMA core and HCA driver (ib_uverbs, mlx5_ib or efa); in a container, /sys/class/infiniband_verbs and /dev/infiniband must be visible (request the RDMA device-plugin resource)',
      }),
    );
  } else if (r.noDevices && r.devices.length === 0) {
    checks.push(
      noProvider.length > 0
        ? check(
            'rdma.devices',
            'fail',
            `the verbs library sees no RDMA device: the kernel has ${plural(noProvider.length, 'verbs device')} but no userspace provider claims them (${noProvider[0]})`,
            {
              fix: 'install the rdma-core provider for this HCA (ibverbs-providers / libibverbs provider package, or the vendor library) matching the kernel driver',
            },
          )
        : check('rdma.devices', 'fail', 'the verbs library sees no RDMA device', {
            fix: 'install the HCA driver and rdma-core; in a pod, request the RDMA device-plugin resource so /dev/infiniband is mounted',
          }),
    );
  } else if (r.openFailures > 0) {
    const opened = r.devices.length;
    checks.push(
      check(
        'rdma.devices',
        opened === 0 ? 'fail' : 'warn',
        `${plural(r.openFailures, 'device')} listed but could not be opened ("Failed to open device"); ${opened} opened`,
        {
          fix: 'in a pod this is an HCA whose /dev/infiniband/uverbsN is not mounted: request that RDMA resource or ignore devices not granted to the pod',
        },
      ),
    );
  } else if (r.listed && r.devices.length === 0) {
    // The count `-l` prints is its own statement of how many devices the verbs library sees; names the paste
    // does not reach are not shown, never absent (issue 38, P2).
    const count = Math.max(r.listedCount ?? 0, r.listed.length);
    const unnamed = count - r.listed.length;
    checks.push(
      count > 0
        ? check(
            'rdma.devices',
            'ok',
            `${plural(count, 'RDMA device')} listed${r.listed.length ? `: ${r.listed.join(', ')}` : ''}${unnamed ? ` (${r.listed.length ? `${unnamed} more ` : ''}not named: the paste ends first)` : ''}`,
            {
              data: { listed: r.listed },
            },
          )
        : check('rdma.devices', 'fail', 'ibv_devinfo -l lists no RDMA device', {
            fix: 'install the HCA driver and rdma-core; in a pod, request the RDMA device-plugin resource',
          }),
    );
    // `-l` prints names only (issue 38, P2): a listed device is not a usable port.
    if (count > 0)
      checks.push(
        check(
          'ib.ports',
          'skipped',
          '`ibv_devinfo -l` lists device names only: no port state, link layer or LID is shown, so whether any port can carry RDMA is not shown',
          { fix: 'paste `ibv_devinfo` (or `ibstat`) without -l' },
        ),
      );
  }
  return checks;
}

/**
 * An ibv_devinfo paste that holds only part of the output: it starts inside a device block (a
 * port block whose `hca_id:` line is not pasted), a device's block ends before its ports, or the
 * paste ends inside its last port block or before the ports its device declares (endsInside).
 */
function cutOfDevinfo(r: IbvDevinfoResult): Shown | undefined {
  const headless = r.devices.some((d) => d.name === HCA_NOT_SHOWN);
  const portless = r.devices.filter((d) => d.ports.length === 0).map((d) => d.name);
  if (!headless && portless.length === 0 && !r.endsInside) return undefined;
  return cutShown(
    [
      ...(headless ? ['it starts inside a device block, its `hca_id:` line not pasted'] : []),
      ...(portless.length ? [`${portless.join(', ')} without its port blocks`] : []),
      ...(r.endsInside ? [blockCutText(r.endsInside)] : []),
    ].join('; '),
  );
}
