import type { cleanLines } from './lines.js';
import { rdmaModulePattern } from './rdma-modules.js';

/**
 * The kernel's own crash and hang reports (lib/bug.c `------------[ cut here ]------------` before a WARN or
 * BUG, `kernel BUG at <file>:<line>!`, arch fault handlers `BUG: unable to handle …`, `general protection
 * fault`, `Oops:`, kernel/panic.c `WARNING: CPU: <n> PID: <n> at …`, also with the poster's line wrap right
 * after `at`), and kernel/hung_task.c check_hung_task's `INFO: task <comm>:<pid> blocked for more than <n>
 * seconds.`: a thread stuck in the call trace that follows; kernel/watchdog.c's lockup reports (watchdog_timer_fn
 * `BUG: soft lockup - CPU#<n> stuck for <n>s! [<comm>:<pid>]`, the hard-lockup detector's `Watchdog detected hard
 * LOCKUP on cpu <n>`) with the stuck CPU's registers and trace, and kernel/panic.c panic()'s `Kernel panic - not
 * syncing: <reason>` before its own trace (issue 38, principle 4).
 */
const CRASH =
  /-{6,}\[ cut here \]-{6,}|\bkernel BUG at \S|\bBUG: (?:unable to handle|kernel NULL pointer)|\bgeneral protection fault\b|\bOops: |\bWARNING: CPU: \d+ PID: \d+ at\b|\bINFO: task \S+ blocked for more than \d+ seconds|\bBUG: soft lockup - CPU#\d+ stuck for \d+s!|\bWatchdog detected hard LOCKUP on cpu \d+|\bKernel panic - not syncing: /;
/** A call-trace frame of a module (`gdrdrv_mmap+0x156/0x2e0 [gdrdrv]`). */
const FRAME = /\+0x[0-9a-f]+\/0x[0-9a-f]+ \[(\w+)\]\s*$/;
/**
 * The RDMA stack itself, beside the NIC drivers: the verbs core and connection managers and every RDMA device
 * driver, hardware or software (rdma-modules.ts). A crash or hang inside one of them breaks RDMA on the node as one
 * in the NIC driver does.
 */
export const RDMA_STACK = rdmaModulePattern('core', 'hardware', 'software');

/**
 * A crash or hang report inside a driver this reader watches (a NIC driver, the RDMA stack, a peer-memory
 * module, gdrdrv): the module named by the first call-trace frame after the marker, else by the kernel line
 * just before it (a report cut before its trace, right after that driver's own lines), or one its `Modules
 * linked in:` line marks as loading (`mlx5_core(OE+)`). A report with none of these is someone else's and
 * is left alone.
 */
export function crashes(
  lines: ReturnType<typeof cleanLines>,
  /** The reader's result lines, where a crash line is added (dmesg-peermem.ts PeermemLine, kind `crash`). */
  r: { lines: { push(x: { line: number; module: string; text: string; kind: 'crash' }): number } },
  kernel: RegExp,
  watched: (t: string) => string | undefined,
): void {
  lines.forEach((l, i) => {
    const t = l.text.trim();
    if (!CRASH.test(t)) return;
    let module: string | undefined;
    let frames = false;
    let loading: string | undefined;
    for (const next of lines.slice(i + 1, i + 60)) {
      // `Modules linked in:` flags a module whose init is running `+` (kernel/module/main.c module_flags:
      // MODULE_STATE_COMING): a report printed then happened while that driver was being loaded.
      if (/Modules linked in:/.test(next.text))
        loading ??= [...next.text.matchAll(/(\w+)\([A-Z]*\+\)/g)]
          .map((x) => watched(`${x[1]} `))
          .find((x) => x !== undefined);
      const f = FRAME.exec(next.text.trim());
      if (f) frames = true;
      if (f && watched(`${f[1]} `) !== undefined) {
        module = watched(`${f[1]} `);
        break;
      }
      if (/\[ cut here \]|\bINFO: task \S+ blocked for more than/.test(next.text)) break;
    }
    if (module === undefined && !frames) module = loading;
    // A trace through other modules only is theirs, whatever line came before it.
    if (module === undefined && !frames) {
      const before = lines
        .slice(Math.max(0, i - 3), i)
        .reverse()
        .find((b) => b.text.trim() !== '');
      if (before && kernel.test(before.text.trim())) module = watched(before.text.trim());
    }
    if (module !== undefined) r.lines.push({ line: l.no, module, text: t, kind: 'crash' });
  });
  headless(lines, r, watched);
}

/**
 * The lines that end a crash report (lib/bug.c and kernel/panic.c: `---[ end trace %016llx ]---`, also as a poster
 * retyped it without its inner spaces, and panic()'s `Kernel panic - not syncing: …`), and the faulting instruction's
 * line (`RIP: 0010:esw_port_metadata_get+0x19/0x30 [mlx5_core]`, arch/x86/kernel/dumpstack.c show_ip).
 */
const END = /-{3}\[ ?end trace [0-9a-f]+ ?\]-{3}|\bKernel panic - not syncing\b/;
const RIP = /\bRIP: [0-9a-f]{4}:\S+\+0x[0-9a-f]+\/0x[0-9a-f]+ \[(\w+)\]/;
/** A line only the kernel's crash reports print, with or without a timestamp: a kernel log line of its own. */
export const REPORT_LINE = new RegExp(`${END.source}|^RIP: [0-9a-f]{4}:|^Modules linked in:|^Call Trace:`);

/**
 * A report whose head the paste cut off (issue 38, principle 2): a console copy that starts inside the call trace
 * (`<TASK>`) and ends at the report's end marker or the panic it led to. Read back from that end: the module of
 * the faulting instruction (`RIP:`), else of the first frame of a watched driver, else the one `Modules linked in:`
 * marks as loading. Ends within a few lines of each other close one report; one whose header is shown was read above.
 */
function headless(
  lines: ReturnType<typeof cleanLines>,
  r: Parameters<typeof crashes>[1],
  watched: (t: string) => string | undefined,
): void {
  let last = Number.NEGATIVE_INFINITY;
  lines.forEach((l, i) => {
    if (!END.test(l.text)) return;
    const close = i - last <= 5;
    last = i;
    const before = lines.slice(Math.max(0, i - 60), i);
    if (close || before.some((b) => CRASH.test(b.text))) return;
    const rip = before.map((b) => RIP.exec(b.text)?.[1]).find((m) => m !== undefined && watched(`${m} `));
    const frame = before
      .map((b) => FRAME.exec(b.text.trim())?.[1])
      .find((m) => m !== undefined && watched(`${m} `) !== undefined);
    const loading = before
      .flatMap((b) => (/Modules linked in:/.test(b.text) ? [...b.text.matchAll(/(\w+)\([A-Z]*\+\)/g)] : []))
      .map((x) => x[1] as string)
      .find((m) => watched(`${m} `) !== undefined);
    const found = rip ?? frame ?? loading;
    const module = found === undefined ? undefined : watched(`${found} `);
    if (module !== undefined) r.lines.push({ line: l.no, module, text: l.text.trim(), kind: 'crash' });
  });
}
