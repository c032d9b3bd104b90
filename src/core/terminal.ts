/**
 * Text from input (manifests, captures, pod logs) made safe to print on a
 * terminal: C0 and C1 control characters, DEL and the Unicode bidi controls
 * become visible escapes, so a value like `"tcp\r  OK   "` cannot move the
 * cursor and redraw a FAIL line as OK, clear the screen, set the window title
 * or reverse the text. Tabs and newlines are escaped too: every field is one
 * line. JSON output escapes them itself.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we escape
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}
