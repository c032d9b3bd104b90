import type { Report } from '../core/model.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** About how much text goes to the stream at once. */
const CHUNK_CHARS = 1 << 16;
/** How many elements of an array are written by one JSON.stringify, and what it writes around them. */
const BATCH = 64;
const BATCH_HEAD = '{\n  "k": [\n';
const BATCH_TAIL = '\n  ]\n}';

/**
 * renderJson's text, written in pieces: every element of a top-level array on its own, so a
 * large report (env over a tree of recipes) is never one string of its whole size (issue 40
 * item 13). A piece ends after an element's `,\n` or an array's `[\n`, where no rule of the
 * stream's redaction can span (none matches across a comma or a bracket), so the redacted
 * output is the same as the whole text's.
 */
export async function writeJson(
  report: Report,
  write: (text: string) => unknown,
  drained?: () => Promise<void>,
): Promise<void> {
  const value = report as unknown as Record<string, unknown>;
  if (typeof value.toJSON === 'function') {
    write(renderJson(report));
    return;
  }
  let out = '';
  // A stream that says its buffer is full (write returned false) is waited for, so a slow reader
  // (`| less`, a pipe to a busy process) holds at most about one piece in memory, never the whole text.
  const boundary = async () => {
    if (out.length < CHUNK_CHARS) return;
    const more = write(out);
    out = '';
    if (more === false && drained) await drained();
  };
  const entries = Object.keys(value).flatMap((key) => {
    const v = value[key];
    const stream = Array.isArray(v) && v.length > 0 && !('toJSON' in v);
    const text = stream ? '' : JSON.stringify(v, null, 2);
    // JSON.stringify leaves out a member whose value it cannot write (undefined, a function).
    return text === undefined ? [] : [{ key, v, stream, text }];
  });
  if (entries.length === 0) {
    write('{}\n');
    return;
  }
  out += '{\n';
  for (const [k, e] of entries.entries()) {
    out += `  ${JSON.stringify(e.key)}: `;
    if (!e.stream) out += e.text.replaceAll('\n', '\n  ');
    else {
      const list = e.v as unknown[];
      out += '[\n';
      await boundary();
      for (let i = 0; i < list.length; i += BATCH) {
        // A run of elements as a one-key object's array: JSON.stringify writes them at this very
        // indent (4 spaces), so nothing is re-indented or joined element by element.
        const text = JSON.stringify({ k: list.slice(i, i + BATCH) }, null, 2);
        out += text.slice(BATCH_HEAD.length, -BATCH_TAIL.length);
        if (i + BATCH < list.length) {
          out += ',\n';
          await boundary();
        }
      }
      out += '\n  ]';
    }
    out += k < entries.length - 1 ? ',\n' : '\n';
  }
  write(`${out}}\n`);
}

/**
 * A string a YAML 1.1 reader takes for a timestamp (the timestamp type,
 * https://yaml.org/type/timestamp.html: `2001-12-14`, `2001-12-14t21:59:43.10-05:00`):
 * PyYAML and Go's yaml.v2 would turn `generatedAt` into a date object, so it is quoted.
 */
const YAML11_TIMESTAMP = /^\d{4}-\d\d?-\d\d?(?:$|[Tt ]|\s)/;

/** YAML, with the yaml module loaded only when someone asks for YAML; timestamps quoted. */
export async function renderYaml(report: Report): Promise<string> {
  const { Document, visit } = await import('yaml');
  const doc = new Document(report);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && YAML11_TIMESTAMP.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/**
 * Resolves when a stream that refused more (write returned false) can take more: on 'drain', or at
 * once when it is gone ('close', 'error', destroyed: `… | head` closed the pipe), so a writer waiting on
 * it never hangs; what it writes after that is dropped (main.ts quietOnClosedPipe).
 */
export function drainedOf(stream: NodeJS.WritableStream): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const s = stream as NodeJS.WritableStream & { destroyed?: boolean; writableNeedDrain?: boolean };
      if (s.destroyed || s.writableNeedDrain === false) {
        resolve();
        return;
      }
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        stream.off('error', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
      stream.on('error', done);
    });
}
