import type { KubernetesObject } from '@kubernetes/client-node';
import { stringify } from 'yaml';

/** Objects as one multi-document YAML stream, for `pair --dry-run`. */
export function manifestsYaml(objects: readonly KubernetesObject[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0, version: '1.1' })).join('---\n');
}
