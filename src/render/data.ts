import type { Report } from '../core/model.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** YAML, with the yaml module loaded only when someone asks for YAML. */
export async function renderYaml(report: Report): Promise<string> {
  const { stringify } = await import('yaml');
  return stringify(report, { lineWidth: 0 });
}
