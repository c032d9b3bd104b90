import { type Check, check } from '../core/model.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';
import { PEERMEM_MODULES } from '../parsers/lsmod.js';
import { dmaFaults } from './dmesg-dma.js';
import { gpuFaults, xids } from './dmesg-gpu.js';
import { nicPcie } from './dmesg-nic.js';
import { nvswitchErrors } from './dmesg-nvswitch.js';
import { hiddenBy, type Shown } from './shown.js';

/**
 * The kernel's word on GPUDirect RDMA's peer-memory module: a symbol error means the module
 * was built against another ib_core (OFED/DOCA upgraded, or inbox vs MLNX ib_core) and cannot
 * load, so GPUDirect RDMA is off until it is rebuilt; a failed insert the same; failed
 * p2p_get_pages means GPU memory could not be pinned for the NIC. Lines that only taint the
 * kernel (out-of-tree, unsigned) are not faults. No such line is "not shown", never "loaded".
 */
export function classifyDmesgPeermem(r: DmesgPeermemResult, opts: { shown?: Shown } = {}): Check[] {
  return [
    ...gpuFaults(r),
    ...xids(r),
    ...nvswitchErrors(r),
    ...driverFailures(r),
    ...dmaFaults(r),
    ...errorCompletions(r),
    ...gidFailures(r),
    ...links(r, opts.shown),
    ...nicPcie(r),
    ...peermem(r, opts),
  ];
}

/**
 * mlx5's link and cable events, per PCI function (principle 4, a failure with no summary line). One pull of a
 * cable logs two downs (`Cable unplugged`, `Link down`), so the events are read as state changes: repeats of
 * a state are one change. A carrier down before the first up is the port coming up (mlx5e_update_carrier logs
 * `Link down` when the interface opens before autonegotiation ends), not a drop; a cable unplugged was plugged. A port that dropped more
 * than once is flapping (each drop breaks the RDMA connections on it): a failure; one that came up and is last
 * shown down lost its link: a failure; one that dropped once and came back: a warning; one never shown up is
 * a spare or an unplugged cable, its use not shown (as a Down port in ibstat, principle 5): a warning. A cable
 * event logged while the driver brought the port up (`atLoad`) is the state it started in, not a change: a cable
 * plugged then is not a link up, a cable unplugged then was never plugged (principle 2: no drop is shown).
 */
function links(r: DmesgPeermemResult, shown?: Shown): Check[] {
  const out: Check[] = [];
  for (const device of new Set((r.links ?? []).map((e) => e.device))) {
    const all = (r.links ?? []).filter((e) => e.device === device);
    const start = all[0]?.atLoad ? all[0] : undefined;
    const events = start ? all.slice(1) : all;
    if (start && events.length === 0 && !start.up) {
      out.push(
        check(
          'nic.link',
          'warn',
          `no cable in the port when the driver loaded (line ${start.line}) and no link event after: a spare port or an unplugged cable; whether it is in use is not shown`,
          {
            subject: device,
            fix: 'if this port is a rail: plug or reseat its cable or transceiver (`ethtool -m` reads the module) and check the switch port',
            data: { device, drops: 0, up: false },
          },
        ),
      );
      continue;
    }
    if (start && events.length === 0) {
      out.push(
        check(
          'nic.link',
          'skipped',
          `a cable was in the port when the driver loaded (line ${start.line}), and no link event follows: whether the link came up is not shown`,
          { subject: device, data: { device, drops: 0 } },
        ),
      );
      continue;
    }
    const netdev = events.find((e) => e.netdev)?.netdev;
    const subject = netdev ? `${device} (${netdev})` : device;
    const changes = events.filter((e, i) => i === 0 || e.up !== events[i - 1]?.up);
    const firstUp = changes.findIndex((e) => e.up);
    const upAt = events.findIndex((e) => e.up);
    const unpluggedFirst = events.slice(0, upAt < 0 ? events.length : upAt).some((e) => e.cable);
    const wasUp = firstUp >= 0 || unpluggedFirst;
    const drops =
      (unpluggedFirst ? 1 : 0) + (firstUp < 0 ? 0 : changes.slice(firstUp).filter((e) => !e.up).length);
    const last = events.at(-1) as (typeof events)[number];
    const seen = `${events.length} link/cable event(s), last at line ${last.line} ${last.up ? 'up' : 'down'}`;
    const data = { device, ...(netdev ? { netdev } : {}), drops, up: last.up };
    const fix =
      'reseat or replace the cable or transceiver (`ethtool -m` reads the module), check the switch port, and watch `ethtool -S` link_down_events_phy';
    if (!wasUp)
      out.push(
        check(
          'nic.link',
          'warn',
          `the link is down in all the log shows (${seen}): a spare port or an unplugged cable; whether it is in use is not shown`,
          { subject, fix: `if this port is a rail: ${fix}`, data },
        ),
      );
    else if (drops >= 2 || !last.up) {
      // Last shown down, but the author's `...` (or a filter) may hide a later `Link up` (principle 2): a warning.
      const hid = drops < 2 ? hiddenBy(shown, [`mlx5_core ${device} eth0: Link up`]) : undefined;
      const what =
        drops >= 2
          ? `the link flaps: it dropped ${drops} times after coming up (${seen}); every drop breaks the RDMA connections on this port`
          : hid
            ? `the link came up and is last shown down (${seen}), but ${hid} a later link up: whether it came back is not shown`
            : `the link came up and then went down (${seen}): this port carries no RDMA traffic`;
      out.push(check('nic.link', hid ? 'warn' : 'fail', what, { subject, fix, data }));
    } else if (drops === 1)
      out.push(
        check(
          'nic.link',
          'warn',
          `the link dropped once and came back (${seen}): RDMA connections on it broke then`,
          {
            subject,
            fix: 'if it recurs, check the cable, transceiver and switch port',
            data,
          },
        ),
      );
    else out.push(check('nic.link', 'ok', `the link came up (${seen})`, { subject, data }));
  }
  return out;
}

/** MLX5_CQE_SYNDROME_* (include/linux/mlx5/device.h) and what each says, in ib_wc_status_msg's words. */
const SYNDROMES: Readonly<Record<number, string>> = {
  1: 'local length error',
  2: 'local QP operation error',
  4: 'local protection error (a memory key or registration the HCA rejects)',
  5: 'WR flushed',
  6: 'memory window bind error',
  16: 'bad response',
  17: 'local access error',
  18: 'invalid request',
  19: 'remote access error (the peer rejected the key or address)',
  20: 'remote operation error',
  21: 'transport retry counter exceeded (the peer never acknowledged: link, route or peer lost)',
  22: 'RNR retry counter exceeded (the peer had no receive posted)',
  34: 'operation aborted by the remote side',
};
const WR_FLUSH = 0x05;
/** ib_wc_status_msg(IB_WC_WR_FLUSH_ERR) (drivers/infiniband/core/verbs.c), as mlx5_handle_error_cqe prints it. */
const FLUSHED = 'WR flushed';

/**
 * A GID the RDMA core could not add (principle 5): RoCE addresses its peers by GID, so a port whose GID failed to
 * be added cannot take RoCE connections to that address, whatever its link state.
 */
function gidFailures(r: DmesgPeermemResult): Check[] {
  const f = r.gidFailures ?? [];
  if (f.length === 0) return [];
  const ports = [...new Set(f.flatMap((g) => (g.device ? [`${g.device}/${g.port}`] : [])))];
  return [
    check(
      'nic.gid',
      'fail',
      `the RDMA core could not add a GID${ports.length ? ` on ${ports.join(', ')}` : ''} (line ${f[0]?.line}: ${f[0]?.text}): RoCE connections cannot use that address`,
      {
        ...(ports.length ? { subject: ports.join(', ') } : {}),
        fix: 'look at the driver error just before it (e.g. SET_ROCE_ADDRESS failing in firmware) and at the netdev addresses (`show_gids`, `rdma link`)',
      },
    ),
  ];
}

/**
 * Error completions mlx5_ib logged (principle 4, a failure without a summary line): any syndrome but a
 * flush is an RDMA operation on that device that failed, whatever else the log shows. Flushed work requests
 * (syndrome 0x5) alone come from a QP moved to the error state: a connection torn down on purpose or the
 * wake of a failure the lines do not show, so a warning that names them, never a pass.
 */
function errorCompletions(r: DmesgPeermemResult): Check[] {
  if (r.errorCqes.length === 0) return [];
  const devices = [...new Set(r.errorCqes.map((c) => c.device))];
  const failing = r.errorCqes.filter(
    (c) =>
      (c.syndrome !== undefined && c.syndrome !== WR_FLUSH) ||
      (c.message !== undefined && c.message !== FLUSHED) ||
      c.event !== undefined,
  );
  const first = failing[0] ?? r.errorCqes[0];
  const at = `${r.errorCqes.length} error completion(s) on ${devices.join(', ')}, first at line ${first?.line}`;
  if (failing.length > 0) {
    const named = [
      ...new Set(
        failing.map((c) =>
          c.syndrome !== undefined
            ? `${SYNDROMES[c.syndrome] ?? 'general error'} (syndrome 0x${c.syndrome.toString(16)})`
            : (c.event ?? `${c.message} (work completion status)`),
        ),
      ),
    ];
    return [
      check('nic.cqe', 'fail', `RDMA operations complete in error: ${named.join('; ')}; ${at}`, {
        subject: devices.join(', '),
        fix: 'a retry-exceeded error points at the link or route (check the ports, cables and the switch counters: perfquery, ethtool -S); an access or protection error at memory registration (keys, GPUDirect, memlock)',
        data: { devices, syndromes: failing.map((c) => c.syndrome) },
      }),
    ];
  }
  const flushed = r.errorCqes.filter((c) => c.syndrome === WR_FLUSH || c.message === FLUSHED).length;
  return [
    check(
      'nic.cqe',
      'warn',
      `${at}: ${flushed ? `${flushed} flushed (syndrome 0x5: a QP moved to the error state)` : 'their syndrome not shown'}; a connection torn down, or the wake of a failure these lines do not show`,
      {
        subject: devices.join(', '),
        fix: 'look before the first flushed completion for the first error with another syndrome (retry exceeded, access or protection errors) or a port going down',
      },
    ),
  ];
}

/**
 * Failures the kernel logs with no summary after them (principle 4): a NIC driver whose probe failed
 * leaves that device without any RDMA port; a gdrdrv error while mapping pinned GPU memory means the
 * CPU mapping GDRCopy (and UCX's gdr_copy transport) depend on fails.
 */
function driverFailures(r: DmesgPeermemResult): Check[] {
  const out: Check[] = [];
  const nic = r.lines.filter((l) => l.kind === 'nic');
  if (nic.length > 0) {
    const devs = [
      ...new Set(
        nic.flatMap((l) => /\b([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d)\b/i.exec(l.text)?.[1] ?? []),
      ),
    ];
    const first = nic[0] as (typeof nic)[number];
    out.push(
      check(
        'nic.driver',
        'fail',
        /Unknown symbol|disagrees about version of symbol/.test(first.text)
          ? `${first.module} cannot load (line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')}): it was built against another ib_core, so it gives no RDMA device`
          : `${first.module} failed to bring up ${devs.length ? devs.join(', ') : 'a device'} (line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')}): that NIC has no RDMA port`,
        {
          fix: /Unknown symbol|disagrees about version of symbol/.test(first.text)
            ? 'rebuild or reinstall the module for the running kernel and its ib_core (its DKMS package, or the OFED / rdma-core build that matches), then load it again'
            : 'read the driver lines just before the failure (firmware version, HCA capabilities, IRQs, memory): update the NIC firmware or driver, or fix the profile it rejects',
          data: { driver: first.module, devices: devs },
        },
      ),
    );
  }
  const command = r.lines.filter((l) => l.kind === 'command');
  if (command.length > 0) {
    const devices = [...new Set(command.map((l) => l.module))];
    const first = command[0] as (typeof command)[number];
    out.push(
      check(
        'nic.command',
        'fail',
        `${devices.join(', ')}: the device's firmware/admin commands fail (${command.length} line(s), first at line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')}): it cannot create the queues and registrations RDMA needs`,
        {
          subject: devices.join(', '),
          fix: 'a device whose command interface times out or refuses commands needs a reset or reboot; check its firmware and the kernel driver version (and, for EFA, the instance limits on the resource it refused)',
          data: { devices },
        },
      ),
    );
  }
  const late = r.lines.filter((l) => l.kind === 'command-late');
  if (command.length === 0 && late.length > 0) {
    const devices = [...new Set(late.map((l) => l.module))];
    out.push(
      check(
        'nic.command',
        'warn',
        `${devices.join(', ')}: ${late.length} device command(s) came back only after their timeout, through EQ recovery (first at line ${(late[0] as (typeof late)[number]).line}): the completion interrupts are lost, so each command waits out the whole timeout`,
        {
          subject: devices.join(', '),
          fix: "check the device's interrupts (MSI-X vectors, IRQ affinity, maxcpus= or an IOMMU/interrupt-remapping fault) and its firmware; until then the driver is slow to set up queues",
          data: { devices },
        },
      ),
    );
  }
  for (const crash of r.lines.filter((l) => l.kind === 'crash')) {
    const gdr = crash.module === 'gdrdrv';
    const nicDriver = !gdr && !/^(?:nvidia_peermem|nv_peer_mem|NVRM)$/.test(crash.module);
    const id = gdr ? 'gdr.gdrdrv' : nicDriver ? 'nic.driver' : 'gdr.peermem';
    if (out.some((c) => c.id === id)) continue;
    out.push(
      check(
        id,
        'fail',
        `the kernel reports a crash inside ${crash.module} (line ${crash.line}: ${crash.text.replace(/^\[[^\]]*\]\s*/, '')}): ${gdr ? "GDRCopy's CPU mapping of GPU memory" : nicDriver ? 'that NIC' : 'GPUDirect RDMA'} cannot be relied on`,
        {
          fix: `read the call trace after it; update or rebuild ${crash.module} to match the running kernel and drivers`,
        },
      ),
    );
  }
  const map = r.lines.find((l) => l.kind === 'map');
  if (map)
    out.push(
      check(
        'gdr.gdrdrv',
        'fail',
        `gdrdrv could not map pinned GPU memory (line ${map.line}: ${map.text.replace(/^\[[^\]]*\]\s*/, '')}): GDRCopy's CPU mapping of GPU memory fails`,
        {
          fix: 'match gdrdrv to the GPU driver (rebuild GDRCopy against it) and check the platform allows write-combined mappings of the GPU BAR',
        },
      ),
    );
  return out;
}

function peermem(r: DmesgPeermemResult, opts: { shown?: Shown }): Check[] {
  const bad = r.lines.filter((l) => l.kind === 'symbol' || l.kind === 'insert');
  if (bad.length > 0) {
    const first = bad[0] as (typeof bad)[number];
    const syms = [...new Set(bad.flatMap((b) => /symbol (\w+)/.exec(b.text)?.[1] ?? []))];
    return [
      check(
        'gdr.peermem',
        'fail',
        `${first.module} cannot load (line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')})${syms.length ? `; unresolved: ${syms.join(', ')}` : ''}: GPUDirect RDMA is off`,
        {
          fix: 'rebuild the peer-memory module against the running ib_core (reinstall nvidia-peermem/nv_peer_mem after any OFED/DOCA upgrade; GPU Operator: match driver.rdma.useHostMofed to where ib_core comes from), or use DMA-BUF',
          data: { module: first.module, symbols: syms },
        },
      ),
    ];
  }
  const pin = r.lines.filter((l) => l.kind === 'pin');
  if (pin.length > 0)
    return [
      check(
        'gdr.pin',
        'fail',
        `pinning GPU memory for the NIC failed (line ${pin[0]?.line}: ${pin[0]?.text})`,
        {
          fix: 'a driver/GDRCopy/peer-memory version mismatch or an unaligned buffer: update gdrdrv/nvidia-peermem to match the GPU driver',
        },
      ),
    ];
  // Only a peer-memory module's own line speaks for gdr.peermem; GDRCopy's gdrdrv is another driver (CPU
  // mappings of GPU memory), so its clean load leaves the peer-memory module not shown.
  const loaded = r.lines.find((l) => l.kind === 'loaded' && PEERMEM.has(l.module));
  // kernel/module/version.c check_version: a symbol the module carries no version (CRC) for is let through with
  // `%s: no symbol version for %s` (pr_warn_once, then return 1): the module loads, unchecked against the
  // provider of that symbol (a peer-memory module built against another GPU driver than the one running).
  const unversioned = r.lines.find((l) => l.kind === 'unversioned' && l.module === loaded?.module);
  if (loaded && unversioned)
    return [
      check(
        'gdr.peermem',
        'warn',
        `${loaded.module} logged its load (line ${loaded.line}), but without a symbol version for ${/no symbol version for (\w+)/.exec(unversioned.text)?.[1] ?? 'a symbol'} (line ${unversioned.line}): it was built against another GPU driver than the one running, so GPU memory registration through it is unchecked`,
        {
          fix: 'rebuild the peer-memory module against the running NVIDIA driver (DKMS autoinstall after every driver update)',
        },
      ),
    ];
  if (loaded)
    return [
      check(
        'gdr.peermem',
        'ok',
        `${loaded.module} logged its load (line ${loaded.line}) and no symbol error`,
      ),
    ];
  const gdrdrv = r.lines.some((l) => l.kind === 'map')
    ? undefined
    : r.lines.find((l) => l.kind === 'loaded' && l.module === 'gdrdrv');
  const hidden = hiddenBy(opts.shown, ['nvidia_peermem: Unknown symbol', 'nv_peer_mem: Unknown symbol']);
  const inUse = r.lines.find((l) => l.kind === 'other' && PEERMEM.has(l.module));
  return [
    ...(gdrdrv
      ? [
          check('gdr.gdrdrv', 'ok', `gdrdrv (GDRCopy) logged its load (line ${gdrdrv.line}) and no error`, {
            matters: false,
          }),
        ]
      : []),
    check(
      'gdr.peermem',
      'skipped',
      `${hidden ?? (inUse ? `${inUse.module} logs as in use (line ${inUse.line}) but no load or error line of it is here` : 'no peer-memory module line in these kernel log lines')}: its load state is not shown here`,
      { fix: 'check `lsmod | grep -E "nvidia_peermem|nv_peer_mem"`' },
    ),
  ];
}

/**
 * The peer-memory modules (parsers/lsmod.ts), `nvidia_peer_mem`, a spelling their kernel log lines carry, and EFA's
 * own (amzn/amzn-drivers kernel/linux/efa_nv_peermem: init_module prints `EFA NV Peermem v<version>` once loaded).
 */
const PEERMEM = new Set<string>([...PEERMEM_MODULES, 'nvidia_peer_mem']);
