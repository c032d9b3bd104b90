/** A PCI function as dev_name() prints it (`0000:3b:00.0`), in the kernel lines of GPU and NIC drivers. */
export const BDF = String.raw`[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d`;

/**
 * `talosctl dmesg`: Talos's machined formats each kernel message as `%s: %7s: [%s]: %s`, the facility, the
 * priority right-aligned to seven, the RFC 3339 (nanosecond) time in brackets and the text
 * (siderolabs/talos internal/app/machined/internal/server/v1alpha1/v1alpha1_server.go, Dmesg), and talosctl puts
 * the node's address before each line (`10.1.1.2: kern:    info: [2022-01-25T10:19:41.226131566Z]: …`). The
 * facility and priority words are the kmsg package's (`kern`, `user`…; `emerg` … `warning` … `debug`).
 */
export const TALOS_DMESG =
  /^(?:[A-Za-z0-9][\w.:-]*: )?(?:kern|user|mail|daemon|auth|syslog|lpr|news|uucp|cron|authpriv|ftp|local[0-7]): +(?:emerg|alert|crit|err|warning|notice|info|debug): \[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)\]: /;

/**
 * A line /dev/kmsg adds after a message, a key of the device the message is about (Documentation/ABI/testing/
 * dev-kmsg: `SUBSYSTEM=…`, `DEVICE=+…`, printed by dmesg -x and by talosctl dmesg as lines of their own): part of
 * the message before it, never a message of its own.
 */
export const KMSG_DICT = /^\s*(?:SUBSYSTEM|DEVICE)=\S+\s*$/;

/**
 * `dmesg --decode` (`-x`): `%-6s:%-6s: ` facility and level before the timestamp (sys-utils/dmesg.c, the
 * facility_names and level_names tables): `kern  :err   : `. Only dmesg prints it, so a line behind it is a kernel
 * log line, with or without a timestamp after it (`-x -t`).
 */
export const DECODE =
  /^(?:kern|user|mail|daemon|auth|syslog|lpr|news|uucp|cron|authpriv|ftp|res[0-3]|local[0-7]) *:(?:emerg|alert|crit|err|warn|notice|info|debug) *: /;

/**
 * A `/dev/kmsg` record as a reader of the device gets it (Linux Documentation/ABI/testing/dev-kmsg, "Accessing the
 * buffer": `<prefix>,<seq>,<timestamp>,<flags>[,additional_values, ... ];<message text>`, flags `-` or `c`, e.g.
 * `4,165,0,-;Free swap = 0kB`): only the kernel's printk buffer reads this way, so the text after `;` is a kernel line.
 */
export const KMSG = /^\d{1,4},\d+,\d+,[-c+][^;]*;/;

/**
 * A collector's host label before a kernel line (pdsh and clush print `<host>: ` before each line of output):
 * `b1360: [14280.445220] mlx5_core …`. Only a label followed by a kernel timestamp is taken for one.
 */
export const HOST_LABEL = /^[A-Za-z0-9][\w.-]*:\s+(?=\[)/;

/**
 * A kernel line's message behind the prefixes a collector or dmesg's own options put before it: talosctl's (above),
 * a collector's host label before a stamp the caller's `kernel` pattern knows, and `dmesg --decode`'s facility and
 * level, or a `/dev/kmsg` record's own prefix. `stamped` when a prefix only kernel log lines carry was taken off.
 */
export function kernelText(raw: string, kernel: RegExp): { t: string; stamped: boolean } {
  const talos = TALOS_DMESG.exec(raw)?.[0];
  if (talos) return { t: raw.slice(talos.length), stamped: true };
  const host = HOST_LABEL.exec(raw)?.[0];
  const labelled = host && kernel.test(raw.slice(host.length)) ? raw.slice(host.length) : raw;
  const decode = DECODE.exec(labelled)?.[0] ?? KMSG.exec(labelled)?.[0];
  return decode ? { t: labelled.slice(decode.length), stamped: true } : { t: labelled, stamped: false };
}
