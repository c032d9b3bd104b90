import type { CheckStatus, VerdictStatus } from '../core/model.js';

export interface Style {
  color: boolean;
}

const codes = { red: 31, green: 32, yellow: 33, blue: 34, dim: 2, bold: 1 } as const;
type Tone = keyof typeof codes;

export function paint(style: Style, tone: Tone, text: string): string {
  return style.color ? `\u001b[${codes[tone]}m${text}\u001b[0m` : text;
}

/** Colour only on a TTY, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, flag?: boolean): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

const statusTone: Record<CheckStatus, Tone> = { ok: 'green', warn: 'yellow', fail: 'red', skipped: 'dim' };
const verdictTone: Record<VerdictStatus, Tone> = { trusted: 'green', unverified: 'yellow', untrusted: 'red' };

export function statusLabel(style: Style, status: CheckStatus): string {
  return paint(style, statusTone[status], status.toUpperCase().padEnd(7));
}

/** The words of a verdict: a certification's, a capture's (read) or a chore's (gc). */
const verdictWords: Record<'certifies' | 'capture' | 'task', Record<VerdictStatus, string>> = {
  certifies: { trusted: 'TRUSTED', unverified: 'UNVERIFIED', untrusted: 'UNTRUSTED' },
  capture: { trusted: 'NO PROBLEM SHOWN', unverified: 'NOT FULLY JUDGED', untrusted: 'PROBLEM SHOWN' },
  task: { trusted: 'DONE', unverified: 'NEEDS A LOOK', untrusted: 'FAILED' },
};

export function verdictLabel(
  style: Style,
  status: VerdictStatus,
  scope: 'certifies' | 'capture' | 'task' = 'certifies',
): string {
  return paint(style, verdictTone[status], verdictWords[scope][status]);
}
