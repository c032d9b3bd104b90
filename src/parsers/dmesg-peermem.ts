import { crashes, RDMA_STACK, REPORT_LINE } from './dmesg-crashes.js';
import { type DmaFault, pushDma } from './dmesg-dma.js';
import { KMSG_DICT, kernelText } from './dmesg-forms.js';
import { DRIVER_PRINT, type NicPrints, readNicPrints, unwrapMessages } from './dmesg-nic-print.js';
import { readSxids, type SxidError } from './dmesg-nvswitch.js';
import { ulpErrorCompletion } from './dmesg-ulp-cqe.js';
import { GPU_LOST, NVLINK_XIDS, xidCodes } from './dmesg-xid.js';
import { ParseError } from './errors.js';
import { dataLines, promptCommand } from './lines.js';
import { rdmaModulePattern } from './rdma-modules.js';

/**
 * Kernel log lines (`dmesg`, `dmesg -T`, `journalctl -k`) about GPUDirect RDMA's peer-memory
 * modules and GDRCopy's driver. Shapes seen in public threads (references/read-evidence.md):
 * `nvidia_peermem: Unknown symbol ib_register_peer_memory_client (err -22)` and `… disagrees
 * about version of symbol …` (the module was built against another ib_core: it cannot load),
 * `modprobe: ERROR: could not insert 'nvidia_peermem': …`, `NVRM: … nv_p2p_get_pages …` and
 * `gdrdrv:…nvidia_p2p_get_pages(…) failed [ret = -22]` (pinning GPU memory failed).
 */
export interface PeermemLine {
  line: number;
  module: string;
  text: string;
  kind:
    | 'symbol'
    | 'unversioned'
    | 'insert'
    | 'pin'
    | 'map'
    | 'nic'
    | 'command'
    | 'command-late'
    | 'crash'
    | 'xid'
    | 'loaded'
    | 'benign'
    | 'gpu'
    | 'other';
  /** The GPU a `gpu` line is about (`PCI:0000:dc:00`, or the address of the `The NVIDIA GPU …` line it continues). */
  device?: string;
}

/** An error completion mlx5_ib logged (`<Requestor|Responder> error cqe on cqn …`, then its `syndrome 0x…`). */
export interface ErrorCqe {
  line: number;
  device: string;
  side?: 'Requestor' | 'Responder';
  /** The CQE syndrome (include/linux/mlx5/device.h MLX5_CQE_SYNDROME_*), when its line follows. */
  syndrome?: number;
  /** The work completion's status as mlx5_handle_error_cqe words it (`WC error: 4, Message: local protection error`). */
  message?: string;
  /** A driver's own error for a work request it failed, where no completion status is printed (dmesg-ulp-cqe.ts). */
  event?: string;
}

/** A GID the RDMA core could not add to a port's table (drivers/infiniband/core/cache.c). */
export interface GidFailure {
  line: number;
  device?: string;
  port?: number;
  text: string;
}

export interface DmesgPeermemResult {
  lines: PeermemLine[];
  /** Kernel log lines read (any), so "no peer-memory line" can be told from an empty paste. */
  kernelLines: number;
  /** Error completions mlx5_ib logged (debug prints, drivers/infiniband/hw/mlx5/cq.c mlx5_poll_one). */
  errorCqes: ErrorCqe[];
  /** GIDs the RDMA core failed to add (add_roce_gid, __ib_cache_gid_add). */
  gidFailures?: GidFailure[];
  /** mlx5 link and cable events, in log order. */
  links?: LinkEvent[];
  /** DMA that failed: a buffer the NIC could not register, an IOMMU fault of a GPU or NIC (parsers/dmesg-dma.ts). */
  dma?: DmaFault[];
  /** mlx4 carrier changes and NICs' PCIe bandwidth (dmesg-nic-print.ts). */
  nic?: NicPrints;
  /** NVSwitch errors (dmesg-nvswitch.ts). */
  sxids?: SxidError[];
}

/**
 * A NIC port's link or cable going up or down, as mlx5 logs it: mlx5e's carrier change
 * (en_main.c mlx5e_update_carrier: `netdev_info(…, "Link up")` / `"Link down"`, behind
 * `mlx5_core <pci> <netdev>: `) and the port module event (core/events.c port_module_event:
 * `Port module event: module %u, %s` with `Cable plugged` / `Cable unplugged`).
 */
export interface LinkEvent {
  line: number;
  /** The PCI function the line names. */
  device: string;
  netdev?: string;
  up: boolean;
  /** A port module (cable) event rather than the carrier's. */
  cable?: true;
  /**
   * A cable event logged while the driver was still bringing the function up: after its own probe lines
   * (`firmware version:`, `… Gb/s available PCIe bandwidth`) and before any line names its netdev or any other
   * link event of it. mlx5 reports the module's state when it arms port events at load (core/events.c
   * port_module), so such a line is the state the port started in, not a cable pulled or plugged.
   */
  atLoad?: true;
}
/** mlx5's probe lines (main.c mlx5_function_setup `firmware version: %d.%d.%d`; pcie_print_link_status). */
const PROBE =
  /\bmlx5_core ([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d): (?:firmware version: |[\d.]+ Gb\/s available PCIe bandwidth)/i;
/** A line of mlx5_core that names the function's netdev (`mlx5_core 0000:1b:00.0 enp27s0f0np0: …`). */
const NETDEV_LINE = /\bmlx5_core ([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d) \S+: /i;
const LINK_EVENT =
  /\bmlx5_core ([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d)(?: (\S+))?: (?:Link (up|down)|Port module event: module \d+, Cable (plugged|unplugged))\s*$/i;

/**
 * mlx5_ib's debug lines for an error completion (drivers/infiniband/hw/mlx5/cq.c mlx5_poll_one:
 * `mlx5_ib_dbg(dev, "%s error cqe on cqn 0x%x:\n", "Requestor"|"Responder", cqn)` then
 * `"syndrome 0x%x, vendor syndrome 0x%x\n"`), each behind the device's `infiniband <dev>: mlx5_poll_one:…:` prefix.
 */
const ERROR_CQE = /\binfiniband (\S+): mlx5_poll_one:\d+:\(pid \d+\): (Requestor|Responder) error cqe on cqn/;
const CQE_SYNDROME = /\binfiniband (\S+): mlx5_poll_one:\d+:\(pid \d+\): syndrome 0x([0-9a-f]+)/i;
/**
 * mlx5_handle_error_cqe's own line for an error completion it dumps (drivers/infiniband/hw/mlx5/cq.c,
 * `mlx5_ib_warn(dev, "WC error: %d, Message: %s\n", wc->status, ib_wc_status_msg(wc->status))`, since 2019; later
 * through dump_cqe at the syndrome's log level): the IB_WC_* status and its ib_wc_status_msg words
 * (drivers/infiniband/core/verbs.c: `WR flushed` for IB_WC_WR_FLUSH_ERR).
 */
/**
 * qedr's failed requester completion (drivers/infiniband/hw/qedr/verbs.c process_req / qedr_poll_cq_req:
 * `DP_ERR(dev, "Error: POLL CQ with ROCE_CQE_REQ_STS_<status>. CQ icid=…")`, printed as `[qedr_poll_cq_req:<line>(qedr0)]`):
 * any status but WORK_REQUEST_FLUSHED_ERR is an RDMA operation that failed, as a non-flush mlx5 syndrome is.
 */
const QEDR_CQE = /\[qedr_poll_cq_req:\d+\((\w+)\)\]Error: POLL CQ with ROCE_CQE_REQ_STS_(\w+)/;
const WC_ERROR = /\binfiniband (\S+): (?:\S+:\d+:\(pid \d+\): )?WC error: \d+, Message: (.+?)\s*$/;
/**
 * The RDMA core failing to add a GID to a port's table (drivers/infiniband/core/cache.c add_roce_gid
 * `"%s GID add failed port=%u index=%u\n"` behind the device, __ib_cache_gid_add `"%s: unable to add gid %pI6
 * error=%d\n"`): that port has no such address for RoCE.
 */
const GID_ADD_FAILED =
  /\binfiniband (\S+): add_roce_gid GID add failed port=(\d+) index=\d+|\b__ib_cache_gid_add: unable to add gid\b/;

const MODULE = /\b(efa_nv_peermem|EFA NV Peermem|nvidia[_-]peermem|nv_peer_mem|nv_mem|gdrdrv|NVRM)\b/;
/**
 * A peer-memory module's own print prefix, which its lines keep when pasted without the kernel's timestamp: the
 * module name, then `<function>:<line> ` (Mellanox/nv_peer_memory nv_peer_mem.c: `#define DRV_NAME "nv_mem"`,
 * `peer_err(FMT, ...) printk(KERN_ERR DRV_NAME " %s:%d " FMT, __FUNCTION__, __LINE__, ...)`; the driver's
 * nvidia-peermem prints `nvidia-peermem <function>:<line> ...` the same way).
 */
const PEER_PRINT = /^(?:nvidia[_-]peermem|nv_mem) \w+:\d+ /;
/** Text before a raw kernel timestamp later in the line: a candidate collector prefix (`INFO - INFO - [ 61.1]`). */
const BEFORE_STAMP = /^(.{1,40}?)(?=\[\s*\d{1,8}\.\d{6}\])/;

/**
 * A prefix a test framework or log collector put before every kernel line (`INFO - INFO - [ 6156.708982] …`,
 * dentproject/dentOS#11): the same text before the timestamp on at least two lines and on most of the lines that
 * carry one is the collector's, not the kernel's (the kernel starts its lines with the timestamp).
 */
function sharedPrefix(lines: readonly { text: string }[]): string | undefined {
  const found = lines.flatMap((l) => BEFORE_STAMP.exec(l.text.trim())?.[1] ?? []);
  const stamped = lines.filter((l) => /\[\s*\d{1,8}\.\d{6}\]/.test(l.text)).length;
  const counts = new Map<string, number>();
  for (const p of found) counts.set(p, (counts.get(p) ?? 0) + 1);
  const [prefix, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return prefix !== undefined && n !== undefined && n >= 2 && n >= 0.8 * stamped ? prefix : undefined;
}
/**
 * An RDMA device whose firmware or admin commands fail (principle 4): mlx5's command interface timing out
 * (drivers/net/ethernet/mellanox/mlx5/core/cmd.c, wait_func_handle_exec_timeout `cmd[%d]: %s(0x%x) No done
 * completion`, wait_func / cb_timeout_handler `%s(0x%x) timeout. Will cause a leak of a command resource`) and
 * Broadcom's firmware channel (drivers/infiniband/hw/bnxt_re/qplib_rcfw.c: `QPLIB: cmdq[%#x]=%#x status %#x` with a
 * non-zero status, `… timedout (%d)msec`, `… send failed`, and the verbs that then fail in ib_verbs.c, `Failed to
 * allocate HW AH`, `Failed to modify HW QP`), EFA's admin queue refusing a command (drivers/infiniband/hw/efa/efa_com.c, efa_com_cmd_exec `Failed to process
 * command %s (opcode %u) comp_status %d err %d`, `Failed to submit command %s (opcode %u) err %ld`), and Azure MANA's
 * hardware channel, which mana_ib's verbs go through too (drivers/net/ethernet/microsoft/mana/hw_channel.c
 * mana_hwc_send_request `HWC: Request timed out!`, mana_en.c mana_send_request `Failed to send mana message: %d`): the
 * device cannot create the queues, protection domains and registrations RDMA needs.
 */
const DEVICE_COMMAND =
  /\bcmd\[\d+\]: \w+\(0x[0-9a-f]+\) No done completion|\b\w+\(0x[0-9a-f]+\) (?:Async, )?timeout\. Will cause a leak of a command resource|\bFailed to (?:process|submit) command \w+ \(opcode \d+\)|\bQPLIB: cmdq\[0x[0-9a-f]+\]=0x[0-9a-f]+ (?:timedout|send failed|status 0x0*[1-9a-f])|\bbnxt_re\d+: Failed to (?:allocate|modify|create|destroy|query) HW \w+|\bHWC: Request timed out\b|\bFailed to send mana message: -\d+/;
/**
 * A command mlx5 got back only after its timeout (drivers/net/ethernet/mellanox/mlx5/core/cmd.c
 * wait_func_handle_exec_timeout: after the command timeout, mlx5_cmd_eq_recover polls the command EQ and, if the
 * completion was there, `cmd[%d]: %s(0x%x) recovered after timeout`): the command worked, but its completion
 * interrupt never came, so every such command waits out the whole timeout (principle 5: degraded, a warning).
 */
const COMMAND_LATE = /\bcmd\[\d+\]: \w+\(0x[0-9a-f]+\) recovered after timeout/;
/** The RDMA core's device prefix (`infiniband efa_0: …`, ibdev_err()): the device the line is about. */
const IBDEV = /\binfiniband (\S+?):/;

/**
 * An RDMA NIC driver that failed to bring its device up: the driver core's `<driver>: probe of <dev>
 * failed with error <n>` (drivers/base/dd.c; newer kernels `probe with driver <driver> failed with
 * error <n>`), and mlx5's own `mlx5_load_one failed with error code <n>` / `mlx5_init_one failed …`
 * (drivers/net/ethernet/mellanox/mlx5/core/main.c), mlx5_load's own `Failed to …` (`Failed to alloc IRQs`), and
 * health.c mlx5_health_try_recover `health recovery flow aborted, PCI reads still not working` (the device is lost
 * after a fatal error). The device it names has no RDMA port at all.
 */
const NIC_DRIVER = /\b(mlx5_core|mlx4_core|bnxt_en|bnxt_re|irdma|ice|efa|mana)\b/;
const NIC_FAILED =
  /\bprobe of \S+ failed with error -?\d+|\bprobe with driver \S+ failed with error -?\d+|\bmlx5_(?:load|init)_one failed with error code:? -?\d+|\bmlx5_load:\d+:\(pid \d+\): Failed\b|\bhealth recovery flow aborted\b/;
/**
 * An RDMA driver module the kernel could not load (issue 38, principle 4): kernel/module/main.c logs
 * `<module>: Unknown symbol <sym> (err <n>)` (simplify_symbols) and `<module>: disagrees about version of symbol
 * <sym>` (check_version) when the module was built against another ib_core; it is not loaded, so it gives no
 * RDMA device. Hardware drivers and the software ones (rdma_rxe, siw) alike.
 */
const RDMA_MODULE_UNLOADABLE = new RegExp(
  `${rdmaModulePattern('core', 'hardware', 'software').source}: (?:Unknown symbol \\S+ \\(err -?\\d+\\)|disagrees about version of symbol \\S+)`,
);
/**
 * A kernel log line's timestamp: the raw `[ 1234.567890]`, `dmesg -T`'s ctime, syslog's
 * `Mon dd hh:mm:ss host kernel:`, a `<level>` prefix, and `dmesg -H`/`--reltime`'s two forms
 * (util-linux sys-utils/dmesg.c DMESG_TIMEFTM_RELTIME: `[%b%e %H:%M]` at each new minute, else the
 * delta `[  %+8.06f]`), also `-d`'s `[<    0.000006>]`; `dmesg --time-format iso`'s unbracketed
 * `2024-11-15T05:39:15,491363+00:00 ` (sys-utils/dmesg.c DMESG_TIMEFTM_ISO8601, `%s ` of ISO_TIMESTAMP_COMMA_T) and
 * `journalctl -k -o short-iso[-precise]`'s `2025-01-17T17:39:30+0000 <host> kernel:` (systemd logs-show.c
 * output_timestamp_realtime, OUTPUT_SHORT_ISO: `%Y-%m-%dT%H:%M:%S`, `.%06` when precise, then the UTC offset),
 * also as `<host> kernel:` once a log prefix reader (parsers/lines.ts) has taken that RFC 3339 stamp off, and
 * syslog's `kernel:` tag left alone when a poster cut the date and host before it (`kernel: NVRM: Xid …`, issue 38
 * principle 1).
 */
const KERNEL =
  /^(?:kernel: (?=\S)|\[\s*\d{1,8}\.\d{6}\]|\[[A-Z][a-z]{2} [A-Z][a-z]{2}\s+\d+ [\d:]+ \d{4}\]|[A-Z][a-z]{2} +\d{1,2} [\d:]{8}(?:\.\d{6})? \S+ kernel:|<\d>|\[[A-Z][a-z]{2}[ \d]\d \d\d:\d\d\]|\[\s*\+\d+\.\d{6}\]|\[<\s*\d+\.\d{6}>\]|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d,\d{6}[+-]\d\d:?\d\d |(?:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{6})?(?:[+-]\d\d:?\d\d|Z) )?[A-Za-z0-9][\w.-]* kernel: )/;

function gpuFault(t: string): boolean {
  if (GPU_LOST.test(t)) return true;
  return xidCodes(t).some((n) => n === 79 || NVLINK_XIDS.has(n));
}

/**
 * An error completion's line, added to `cqes`: mlx5's debug print (its syndrome on the next line), qedr's, mlx5's
 * `WC error`, or a ULP's own (dmesg-ulp-cqe.ts). True when the line was one.
 */
function errorCompletion(cqes: ErrorCqe[], no: number, t: string): boolean {
  const cqe = ERROR_CQE.exec(t);
  if (cqe) {
    cqes.push({ line: no, device: cqe[1] as string, side: cqe[2] as ErrorCqe['side'] });
    return true;
  }
  const qedr = QEDR_CQE.exec(t);
  if (qedr) {
    const flushed = qedr[2] === 'WORK_REQUEST_FLUSHED_ERR';
    cqes.push({ line: no, device: qedr[1] as string, message: flushed ? 'WR flushed' : (qedr[2] as string) });
    return true;
  }
  const wc = WC_ERROR.exec(t);
  const ulp = wc ? undefined : ulpErrorCompletion(t);
  if (wc || ulp) {
    cqes.push({ line: no, ...(ulp ?? { device: wc?.[1] as string, message: wc?.[2] as string }) });
    return true;
  }
  const synd = CQE_SYNDROME.exec(t);
  const last = cqes.at(-1);
  if (synd && last && last.device === synd[1] && last.syndrome === undefined) {
    last.syndrome = Number.parseInt(synd[2] as string, 16);
    return true;
  }
  return false;
}

/** No line this reader knows: no kernel line, module line, completion, link, GID or NVSwitch event. */
const readNothing = (r: DmesgPeermemResult) =>
  r.lines.length === 0 &&
  r.kernelLines === 0 &&
  r.errorCqes.length === 0 &&
  !r.links &&
  !r.gidFailures &&
  !r.sxids;

export function parseDmesgPeermem(text: string): DmesgPeermemResult {
  const lines = unwrapMessages(dataLines(text));
  const r: DmesgPeermemResult = { lines: [], kernelLines: 0, errorCqes: [] };
  let first: { no: number; text: string } | undefined;
  const collector = sharedPrefix(lines);
  const probing = new Set<string>();
  let gpu: string | undefined;
  for (const l of lines) {
    const trimmed = l.text.trim();
    const raw = collector && trimmed.startsWith(collector) ? trimmed.slice(collector.length) : trimmed;
    if (raw === '' || promptCommand(l.text) !== undefined) continue;
    first ??= { no: l.no, text: trimmed };
    if (KMSG_DICT.test(raw)) continue;
    const { t, stamped } = kernelText(raw, KERNEL);
    const kernel = stamped || KERNEL.test(t) || DRIVER_PRINT.test(t) || REPORT_LINE.test(t);
    if (kernel) r.kernelLines++;
    if (kernel && pushDma(r, l.no, t)) continue;
    const insert =
      /^modprobe: (?:FATAL|ERROR): could not insert '(nvidia[_-]peermem|nv_peer_mem|gdrdrv)'/.exec(t);
    if (insert) {
      r.lines.push({ line: l.no, module: (insert[1] as string).replace('-', '_'), text: t, kind: 'insert' });
      continue;
    }
    if (errorCompletion(r.errorCqes, l.no, t)) continue;
    const gid = GID_ADD_FAILED.exec(t);
    if (gid) {
      r.gidFailures ??= [];
      r.gidFailures.push({
        line: l.no,
        ...(gid[1] ? { device: gid[1], port: Number(gid[2]) } : {}),
        text: t,
      });
      continue;
    }
    const probe = kernel || t.startsWith('mlx5_core') ? PROBE.exec(t) : null;
    if (probe) probing.add(probe[1] as string);
    const link = kernel || t.startsWith('mlx5_core') ? LINK_EVENT.exec(t) : null;
    if (link) {
      const up = /^(?:up|plugged)$/i.test((link[3] ?? link[4]) as string);
      const atLoad = link[4] !== undefined && probing.has(link[1] as string);
      probing.delete(link[1] as string);
      r.links ??= [];
      r.links.push({
        line: l.no,
        device: link[1] as string,
        ...(link[2] ? { netdev: link[2] } : {}),
        up,
        ...(link[4] ? { cable: true as const } : {}),
        ...(atLoad ? { atLoad: true as const } : {}),
      });
      continue;
    }
    const named = NETDEV_LINE.exec(t);
    if (named) probing.delete(named[1] as string);
    const nic = NIC_DRIVER.exec(t);
    if (nic && NIC_FAILED.test(t) && (kernel || t.startsWith(nic[1] as string))) {
      r.lines.push({ line: l.no, module: nic[1] as string, text: t, kind: 'nic' });
      continue;
    }
    const unloadable = RDMA_MODULE_UNLOADABLE.exec(t);
    if (unloadable && (kernel || t.startsWith(unloadable[1] as string))) {
      r.lines.push({ line: l.no, module: unloadable[1] as string, text: t, kind: 'nic' });
      continue;
    }
    const device = nic
      ? (/\b([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d)\b/i.exec(t)?.[1] ?? nic[1])
      : IBDEV.exec(t)?.[1];
    const late = kernel && COMMAND_LATE.test(t);
    if (device && (late || DEVICE_COMMAND.test(t)) && (kernel || t.startsWith(nic?.[1] ?? 'infiniband '))) {
      r.lines.push({ line: l.no, module: device, text: t, kind: late ? 'command-late' : 'command' });
      continue;
    }
    const m = MODULE.exec(t);
    if (
      !m ||
      !(
        kernel ||
        /^(?:efa_nv_peermem|nvidia[_-]peermem|nv_peer_mem|gdrdrv|NVRM):|^EFA NV Peermem v/.test(t) ||
        PEER_PRINT.test(t)
      )
    )
      continue;
    const module =
      m[1] === 'nv_mem'
        ? 'nv_peer_mem'
        : m[1] === 'EFA NV Peermem'
          ? 'efa_nv_peermem'
          : (m[1] as string).replace('-', '_');
    if (module === 'NVRM') {
      gpu = /\bThe NVIDIA GPU ([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d)/i.exec(t)?.[1] ?? gpu;
      if (gpuFault(t)) {
        const device = /(?:\(PCI:|\bGPU )([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}(?:\.\d)?)/i.exec(t)?.[1] ?? gpu;
        r.lines.push({ line: l.no, module, text: t, kind: 'gpu', ...(device ? { device } : {}) });
        continue;
      }
    }
    const kind: PeermemLine['kind'] = /\bNVRM: Xid \(PCI:[0-9a-f:.]+\): \d+,/i.test(t)
      ? 'xid'
      : /Unknown symbol|disagrees about version of symbol|: Nvidia (?:P2P symbols are unavailable|proprietary is unsupported)/.test(
            t,
          )
        ? 'symbol'
        : /: no symbol version for \w+/.test(t)
          ? 'unversioned'
          : /p2p_get_pages|pin_buffer/.test(t) && /fail|Invalid argument|ret = -/.test(t)
            ? 'pin'
            : // gdrdrv's gdr_err() lines (`gdrdrv:<function>:error -22 …`, src/gdrdrv/gdrdrv.c): the mapping failed.
              module === 'gdrdrv' && /\berror -\d+|\berror \d+ in \w+/.test(t)
              ? 'map'
              : /module verification failed|loading out-of-tree module|taints kernel/.test(t)
                ? 'benign'
                : /\b(?:loaded|registered|init(?:ialized)?)\b|\bEFA NV Peermem v\d/i.test(t)
                  ? 'loaded'
                  : 'other';
    r.lines.push({ line: l.no, module, text: t, kind });
  }
  crashes(lines, r, KERNEL, (t) => {
    const m = NIC_DRIVER.exec(t) ?? RDMA_STACK.exec(t) ?? MODULE.exec(t);
    return m ? (m[1] as string).replace('-', '_') : undefined;
  });
  readNicPrints(lines, r, KERNEL);
  readSxids(lines, r);
  if (readNothing(r)) {
    if (!first) throw new ParseError('dmesg', 'the input is empty');
    throw new ParseError('dmesg', 'no kernel log line and no peer-memory module line found', {
      line: first.no,
      text: first.text,
      fix: 'pass `dmesg -T | grep -i -E "peermem|peer_mem|gdrdrv|NVRM"` or the whole dmesg',
    });
  }
  return r;
}
