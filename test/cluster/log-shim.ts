/**
 * The test cluster's probe-log shim: what a node's probe pod "prints" follows from the node,
 * its peer and the faults in ConfigMap kube-public/interconnect-test-faults, so that `sweep`
 * sees a faulty node, a slow node or a bad link only through its probes' logs, as on a real
 * fleet (test/cluster/README.md, "Injected faults"). scripts/cluster/up.sh starts it beside
 * kwok (`node test/cluster/log-shim.ts --state-dir DIR`); it is off until the ConfigMap says
 * `probeLogs: "on"`, so the suites that declare their own logs are never overridden.
 *
 * For each pair of probe pods (one namespace, one run id, an initiator and a target) it
 * creates one kwok `Logs` object per pod, named after the pod and owned by it (the garbage
 * collector takes it with the pod). kwok serves a `Logs` named after a pod before any
 * `ClusterLogs` (kwok v0.8.0 pkg/kwok/server/debugging_logs.go getPodLogs, lines 124-147).
 *
 * Runs with Node's type stripping: one file, only erasable TypeScript, no local imports.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const FAULTS_CONFIGMAP = { namespace: 'kube-public', name: 'interconnect-test-faults' } as const;
const ZONE_LABEL = 'topology.kubernetes.io/zone';
const MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';
const RUN_ID = 'interconnect-test/run-id';
const ROLE = 'interconnect-test/transfer-role';
const COMPONENT = 'app.kubernetes.io/component';
/** A pod with this annotation stays ContainerCreating until the shim sets LOGS_READY (stages.yaml). */
export const AWAIT_LOGS = 'interconnect-test.dev/sim-await-logs';
const LOGS_READY = 'interconnect-test.dev/sim-logs-ready';

/** The faults, as the ConfigMap's data says them (every key optional). */
export interface Faults {
  on: boolean;
  faultyNodes: Set<string>;
  slowNodes: Set<string>;
  /** Unordered node pairs, `a|b` with a < b. */
  badLinks: Set<string>;
  /** Unordered zone pairs, `a|b` with a <= b. */
  badZoneLinks: Set<string>;
}

export type LogKind = 'healthy' | 'slow' | 'faulty';

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const names = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The ConfigMap's data → faults; a malformed value is an error naming its key and the form. */
export function parseFaults(data: Record<string, string> | undefined): Faults {
  const d = data ?? {};
  const known = ['probeLogs', 'faultyNodes', 'slowNodes', 'badLinks', 'badZoneLinks'];
  const unknown = Object.keys(d).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new Error(`unknown key ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const probeLogs = d.probeLogs ?? 'off';
  if (probeLogs !== 'on' && probeLogs !== 'off')
    throw new Error(`probeLogs must be on or off, got '${probeLogs}'`);
  const links = (key: string) =>
    new Set(
      names(d[key]).map((l) => {
        const ends = l.split(':');
        if (ends.length !== 2 || !ends[0] || !ends[1]) throw new Error(`${key}: '${l}' is not A:B`);
        return pairKey(ends[0], ends[1]);
      }),
    );
  return {
    on: probeLogs === 'on',
    faultyNodes: new Set(names(d.faultyNodes)),
    slowNodes: new Set(names(d.slowNodes)),
    badLinks: links('badLinks'),
    badZoneLinks: links('badZoneLinks'),
  };
}

/** What the initiator of a pair between nodes a and b prints: a fault wins over slowness. */
export function chooseLog(
  f: Faults,
  a: string,
  b: string,
  zoneOf: (n: string) => string | undefined,
): LogKind {
  if (f.faultyNodes.has(a) || f.faultyNodes.has(b) || f.badLinks.has(pairKey(a, b))) return 'faulty';
  const [za, zb] = [zoneOf(a), zoneOf(b)];
  if (za && zb && f.badZoneLinks.has(pairKey(za, zb))) return 'faulty';
  if (f.slowNodes.has(a) || f.slowNodes.has(b)) return 'slow';
  return 'healthy';
}

/** The node a probe pod is pinned to (its required node affinity on kubernetes.io/hostname). */
// biome-ignore lint/suspicious/noExplicitAny: a pod as the API returns it
export function pinnedNode(pod: any): string | undefined {
  if (pod?.spec?.nodeName) return pod.spec.nodeName;
  const terms =
    pod?.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  for (const t of terms ?? [])
    for (const e of t.matchExpressions ?? [])
      if (e.key === 'kubernetes.io/hostname' && e.operator === 'In') return e.values?.[0];
  return undefined;
}

// The real logs the probes print, from test/fixtures/nixlbench (INDEX.md there says what each is).
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'nixlbench');
export const LOG_FIXTURES: Record<LogKind, string> = {
  healthy: 'legacy-0.x-ucx-vram-to-dram-ok.log',
  slow: 'legacy-0.x-ucx-vram-to-dram-half-bandwidth-derived.log',
  faulty: 'ucx-vram-h200-cx7-400g-degraded.log',
};

/** What a nixlbench target prints (it never prints a table): its start-up lines (nixlbench.md §3). */
const targetLog = (host: string) => `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname ${host}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;

/** The kubelet's CRI log format, one `<RFC3339Nano> stdout F <line>` a line (src/core/cri-log.ts). */
function criLog(text: string): string {
  const t = '2026-01-01T00:00:00.000000000Z';
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `${t} stdout F ${l}\n`)
    .join('');
}

async function main(stateDir: string): Promise<void> {
  const k8s = await import('@kubernetes/client-node');
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(path.join(stateDir, 'admin.kubeconfig'));
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const objects = k8s.KubernetesObjectApi.makeApiClient(kc);
  const dir = path.join(stateDir, 'log-shim');
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  const fileFor = (name: string, text: () => string) => {
    let f = files.get(name);
    if (!f) {
      f = path.join(dir, `${name}.log`);
      writeFileSync(f, criLog(text()));
      files.set(name, f);
    }
    return f;
  };
  const say = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

  let faults = parseFaults(undefined);
  const zones = new Map<string, string | undefined>();
  const zoneOf = (n: string) => zones.get(n);
  const done = new Set<string>(); // pod uids with a Logs object
  // biome-ignore lint/suspicious/noExplicitAny: pods as the API returns them
  const pending = new Map<string, Map<string, any>>(); // ns/run-id → role → pod

  const readZone = async (node: string) => {
    if (zones.has(node)) return;
    const n = await core.readNode({ name: node }).catch(() => undefined);
    zones.set(node, n?.metadata?.labels?.[ZONE_LABEL]);
  };
  // biome-ignore lint/suspicious/noExplicitAny: a pod as the API returns it
  const logsFor = async (pod: any, file: string) => {
    const container = pod.spec?.containers?.[0]?.name;
    await objects
      .create({
        apiVersion: 'kwok.x-k8s.io/v1alpha1',
        kind: 'Logs',
        metadata: {
          name: pod.metadata.name,
          namespace: pod.metadata.namespace,
          labels: { 'interconnect-test.dev/log-shim': 'true' },
          ownerReferences: [
            { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid },
          ],
        },
        spec: { logs: [{ containers: [container], logsFile: file }] },
      } as never)
      .catch((err: { code?: number }) => {
        if (err.code !== 409)
          say(`creating Logs for ${pod.metadata.namespace}/${pod.metadata.name}: ${String(err)}`);
      });
  };
  // biome-ignore lint/suspicious/noExplicitAny: a pod as the API returns it
  const logsReady = async (pod: any) => {
    if (!pod.metadata?.annotations?.[AWAIT_LOGS]) return;
    await core
      .patchNamespacedPod(
        {
          name: pod.metadata.name,
          namespace: pod.metadata.namespace,
          body: { metadata: { annotations: { [LOGS_READY]: 'true' } } },
        },
        k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
      )
      .catch((err: unknown) =>
        say(`marking ${pod.metadata.namespace}/${pod.metadata.name} ready: ${String(err)}`),
      );
  };
  // biome-ignore lint/suspicious/noExplicitAny: a pod as the API returns it
  const onPod = async (pod: any) => {
    const labels = pod.metadata?.labels ?? {};
    const role = labels[ROLE];
    if (!faults.on || done.has(pod.metadata?.uid) || pod.metadata?.deletionTimestamp) return;
    if (labels[COMPONENT] !== 'prefill' && labels[COMPONENT] !== 'decode') return;
    if (role !== 'initiator' && role !== 'target') return;
    const key = `${pod.metadata.namespace}/${labels[RUN_ID]}`;
    const group = pending.get(key) ?? new Map();
    pending.set(key, group.set(role, pod));
    const [init, target] = [group.get('initiator'), group.get('target')];
    if (!init || !target) return;
    pending.delete(key);
    const [a, b] = [pinnedNode(init), pinnedNode(target)];
    if (!a || !b) return;
    done.add(init.metadata.uid);
    done.add(target.metadata.uid);
    await Promise.all([readZone(a), readZone(b)]);
    const kind = chooseLog(faults, a, b, zoneOf);
    const fixture = LOG_FIXTURES[kind];
    await Promise.all([
      logsFor(
        init,
        fileFor(kind, () => readFileSync(path.join(FIXTURES, fixture), 'utf8')),
      ),
      logsFor(
        target,
        fileFor(`target-${b}`, () => targetLog(b)),
      ),
    ]);
    // Pods that wait for their log (sim-await-logs) may start now (test/cluster/kwok/stages.yaml).
    await Promise.all([init, target].map((p) => logsReady(p)));
    if (kind !== 'healthy') say(`${a} ↔ ${b}: ${kind} (${fixture})`);
  };

  const cmInformer = k8s.makeInformer(kc, `/api/v1/namespaces/${FAULTS_CONFIGMAP.namespace}/configmaps`, () =>
    core.listNamespacedConfigMap({ namespace: FAULTS_CONFIGMAP.namespace }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: a ConfigMap as the API returns it
  const onConfig = (cm: any) => {
    if (cm?.metadata?.name !== FAULTS_CONFIGMAP.name) return;
    try {
      faults = parseFaults(cm.data);
      say(`faults: ${JSON.stringify(cm.data ?? {})}`);
    } catch (err) {
      say(
        `ConfigMap ${FAULTS_CONFIGMAP.namespace}/${FAULTS_CONFIGMAP.name}: ${(err as Error).message}; keeping the faults before it`,
      );
    }
  };
  cmInformer.on('add', onConfig);
  cmInformer.on('update', onConfig);
  cmInformer.on('delete', (cm) => {
    if (cm?.metadata?.name === FAULTS_CONFIGMAP.name) faults = parseFaults(undefined);
  });
  const podInformer = k8s.makeInformer(
    kc,
    '/api/v1/pods',
    () => core.listPodForAllNamespaces({ labelSelector: MANAGED }),
    MANAGED,
  );
  const handle = (pod: unknown) => void onPod(pod).catch((err) => say(`pod: ${String(err)}`));
  podInformer.on('add', handle);
  podInformer.on('update', handle);
  for (const inf of [cmInformer, podInformer])
    inf.on('error', (err) => {
      say(`watch ended (${String(err)}); starting it again`);
      setTimeout(() => void inf.start().catch(() => {}), 1_000);
    });
  await cmInformer.start();
  await podInformer.start();
  say('log shim running');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--state-dir');
  const stateDir = i > 0 ? process.argv[i + 1] : undefined;
  if (!stateDir) {
    process.stderr.write('usage: node test/cluster/log-shim.ts --state-dir DIR\n');
    process.exit(2);
  }
  main(stateDir).catch((err) => {
    process.stderr.write(`log shim: ${String(err)}\n`);
    process.exit(1);
  });
}
