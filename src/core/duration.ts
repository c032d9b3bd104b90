/**
 * Durations as people type them: `90s`, `5m`, `1h30m`, `500ms`, or a bare
 * number of seconds. Returns milliseconds, or undefined when it is not one.
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d))+$/.test(t)) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let total = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g))
    total += Number(m[1]) * (unit[m[2] as string] ?? 0);
  return Math.round(total);
}

/** `95000` → `1m35s`; for messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.round(ms / 1000);
  if (s >= 2 * 86_400) {
    const d = Math.floor(s / 86_400);
    const rest = s % 86_400;
    return `${d}d${rest ? formatDuration(rest * 1000) : ''}`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', sec || (!h && !m) ? `${sec}s` : ''].join('');
}
