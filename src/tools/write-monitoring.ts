import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DASHBOARD_CONFIGMAP_FILE,
  dashboardConfigMap,
  PROMETHEUS_RULE_FILE,
  prometheusRule,
} from './monitoring-manifests.js';

/**
 * Writes deploy/monitoring's PrometheusRule and dashboard ConfigMap from rules.yaml and
 * dashboard.json. `--check` only compares and exits 1 when a committed file is stale.
 */
const dir = fileURLToPath(new URL('../../deploy/monitoring/', import.meta.url));
const read = (f: string) => readFileSync(`${dir}${f}`, 'utf8');
const outputs: [string, string][] = [
  [PROMETHEUS_RULE_FILE, prometheusRule(read('rules.yaml'))],
  [DASHBOARD_CONFIGMAP_FILE, dashboardConfigMap(read('dashboard.json'))],
];
for (const [file, text] of outputs) {
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = read(file);
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      process.stderr.write(`${dir}${file} is out of date: run npm run monitoring\n`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(`${dir}${file}`, text);
    process.stdout.write(`wrote ${dir}${file}\n`);
  }
}
