import { stringify } from 'yaml';
import type { Report } from '../core/model.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

export function renderYaml(report: Report): string {
  return stringify(report, { lineWidth: 0 });
}
