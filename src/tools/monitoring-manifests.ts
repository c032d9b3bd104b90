import { parse, stringify } from 'yaml';

/**
 * deploy/monitoring's Kubernetes objects, written from its raw files so the two never drift:
 * - prometheusrule.yaml: rules.yaml's `groups` as the `spec` of a Prometheus Operator
 *   PrometheusRule (monitoring.coreos.com/v1; prometheus-operator
 *   pkg/apis/monitoring/v1/prometheusrule_types.go: `Spec PrometheusRuleSpec`, whose
 *   `Groups []RuleGroup` is "Content of Prometheus rule file").
 * - dashboard-configmap.yaml: dashboard.json in a ConfigMap labelled `grafana_dashboard: "1"`,
 *   the label the Grafana chart's dashboards sidecar watches (grafana/helm-charts
 *   charts/grafana/values.yaml, sidecar.dashboards.label; labelValue "" takes any value,
 *   kube-prometheus-stack sets "1"). references/sweep-metrics.md has the lines.
 * `npm run monitoring` writes both; test/monitoring.test.ts checks the committed ones are current.
 */

const HEADER = (from: string) =>
  `# Written by \`npm run monitoring\` from ${from}: edit that file, not this one.\n`;

export const PROMETHEUS_RULE_FILE = 'prometheusrule.yaml';
export const DASHBOARD_CONFIGMAP_FILE = 'dashboard-configmap.yaml';

/** rules.yaml's text → a PrometheusRule manifest holding the same groups. */
export function prometheusRule(rulesYaml: string): string {
  const rules = parse(rulesYaml) as { groups: unknown[] };
  const object = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'interconnect-test-sweep',
      labels: { 'app.kubernetes.io/name': 'interconnect-test', 'app.kubernetes.io/component': 'sweep' },
    },
    spec: { groups: rules.groups },
  };
  return HEADER('rules.yaml') + stringify(object, { lineWidth: 0 });
}

/** dashboard.json's text → a ConfigMap the Grafana sidecar loads. */
export function dashboardConfigMap(dashboardJson: string): string {
  const object = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'interconnect-test-sweep-dashboard',
      labels: {
        grafana_dashboard: '1',
        'app.kubernetes.io/name': 'interconnect-test',
        'app.kubernetes.io/component': 'sweep',
      },
    },
    data: { 'interconnect-test-sweep.json': dashboardJson },
  };
  return HEADER('dashboard.json') + stringify(object, { lineWidth: 0 });
}
