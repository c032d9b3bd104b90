import { terminalSafe } from './terminal.js';
/**
 * People-facing progress on stderr: a live line with elapsed time on a TTY,
 * plain `→ step` / `✓ step` lines otherwise (CI logs, the CronJob).
 */
export interface Progress {
  /** A new phase begins. */
  step(title: string): void;
  /** A state change inside the phase (pods' states, what we wait for). */
  update(message: string): void;
  /** The current phase ended well. */
  done(message?: string): void;
  /** The current phase ended badly, or a notable problem. */
  warn(message: string): void;
  close(): void;
}

export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  quiet?: boolean;
  now?: () => number;
}

export function createProgress(opts: ProgressOptions): Progress {
  if (opts.quiet) return silentProgress;
  const now = opts.now ?? Date.now;
  const tty = opts.stream.isTTY === true;
  let title = '';
  let started = now();
  let last = '';
  // Without a TTY each update is a line: print one when the message changes in more than its
  // durations ("Pending (ContainerCreating, 1m20s)"), or every 10 s while it only counts up.
  let printedShape = '';
  let printedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const elapsed = () => `${((now() - started) / 1000).toFixed(1)}s`;
  const write = (s: string) => opts.stream.write(s);
  const live = () => {
    if (!tty || !title) return;
    // One screen line, cut to the terminal's width: a wrapped line leaves stale copies behind.
    const width = (opts.stream as { columns?: number }).columns ?? 0;
    const line = `… ${title}${last ? `: ${last}` : ''} (${elapsed()})`;
    write(`\r\u001b[2K${width > 1 ? cut(line, width - 1) : line}`);
  };
  const endLine = () => {
    if (tty && title) write('\r\u001b[2K');
  };
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    step(t0) {
      const t = terminalSafe(t0);
      stopTimer();
      endLine();
      title = t;
      last = '';
      started = now();
      if (tty) {
        live();
        timer = setInterval(live, 1000);
        timer.unref();
      } else write(`→ ${t}\n`);
    },
    update(m0) {
      const m = terminalSafe(m0);
      if (m === last) return;
      last = m;
      if (tty) {
        live();
        return;
      }
      const shape = m.replace(/\d+(\.\d+)?(ms|[smh])\b/g, '#');
      if (shape === printedShape && now() - printedAt < 10_000) return;
      printedShape = shape;
      printedAt = now();
      write(`  ${m} (${elapsed()})\n`);
    },
    done(m) {
      stopTimer();
      endLine();
      if (title || m) write(`✓ ${m === undefined ? title : terminalSafe(m)} (${elapsed()})\n`);
      title = '';
    },
    warn(m) {
      endLine();
      write(`! ${terminalSafe(m)}\n`);
      live();
    },
    close() {
      stopTimer();
      endLine();
      title = '';
    },
  };
}

/** `text` cut to `width` characters, with an ellipsis when cut. */
function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

export const silentProgress: Progress = {
  step() {},
  update() {},
  done() {},
  warn() {},
  close() {},
};
