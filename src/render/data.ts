import type { Report } from '../core/model.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
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
