import type { SweepResult } from '../../sweep/model.js';
import { escapeHtml } from './format.js';
import { displayNames } from './heatmap.js';

/**
 * Node names as the lists and "what to fix" show them: the domain suffix every node shares
 * dropped (as the grid's headers do, heatmap.ts displayNames), and a break opportunity
 * (`<wbr>`) after each `-`, `.` and `_`, so a long name wraps at a sensible point on a phone
 * instead of widening the page. Commands to copy keep the full name (cmd()).
 */

const cache = new WeakMap<SweepResult, { html: (name: string) => string; suffix: string }>();

export function nodeNamer(result: SweepResult): { html: (name: string) => string; suffix: string } {
  const hit = cache.get(result);
  if (hit) return hit;
  // The suffix the swept nodes share (an excluded node may be named otherwise; it keeps its name).
  const { suffix } = displayNames(result.matrix.nodes);
  const namer = {
    html: (name: string) =>
      breakable(suffix && name.endsWith(suffix) && name !== suffix ? name.slice(0, -suffix.length) : name),
    suffix,
  };
  cache.set(result, namer);
  return namer;
}

/** Escaped text with a break opportunity after each `-`, `.`, `_` and `/`. */
export function breakable(text: string): string {
  return escapeHtml(text).replace(/([-._/])/g, '$1<wbr>');
}

/** A command to copy: one line of monospace, whole names, selectable as one piece. */
export function cmd(command: string): string {
  return `<code class="cmd">${escapeHtml(command)}</code>`;
}
