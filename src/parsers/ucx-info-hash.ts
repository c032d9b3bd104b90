import { type Line, promptCommand } from './lines.js';

/** Lines only `ucx_info -d` prints, its `#` aside (tl_info.c): two of them mark a paste whose `#` was stripped. */
const UCX_KEYS =
  /^\s*(Memory domain|Component|Transport|Device|capabilities|memory types|Connection manager):(?:\s|$)/;

/**
 * A poster (or a markdown renderer: a line starting with `#` is a heading) may strip the `#` from every line.
 * When no line has it and at least two of ucx_info's own keys are there, the lines are read as if it were.
 */
export function restoreHash(lines: Line[]): Line[] {
  if (lines.some((l) => /^#/.test(l.text.trim()) && UCX_KEYS.test(l.text.trim().slice(1))))
    return restoreOne(lines);
  if (lines.some((l) => l.text.trim().startsWith('#') && promptCommand(l.text) === undefined)) return lines;
  const keys = new Set(lines.flatMap((l) => UCX_KEYS.exec(l.text)?.[1] ?? []));
  if (keys.size < 2) return lines;
  return lines.map((l) =>
    l.text.trim() === '' || promptCommand(l.text) !== undefined || /^\$?\s*ucx_info\b/.test(l.text.trim())
      ? l
      : { ...l, text: `#${l.text}` },
  );
}

/** A key line of `ucx_info -d` with its value, as tl_info.c prints it but for the `#`. */
const UCX_VALUE_KEY = /^\s*(?:Memory domain|Component|Transport|Device|Connection manager):\s+\S+\s*$/;

/**
 * One key line of `ucx_info -d` that lost its `#` among lines that kept theirs (a page that cut the code block's
 * first line off into the text, a hand copy): `Transport: ud_verbs` before `#      Device: mlx5_0:1`. Only
 * ucx_info's own keys with a value are read so (issue 38, principle 1); any other line stays read around.
 */
function restoreOne(lines: Line[]): Line[] {
  return lines.map((l) =>
    UCX_VALUE_KEY.test(l.text) && promptCommand(l.text) === undefined ? { ...l, text: `#${l.text}` } : l,
  );
}
