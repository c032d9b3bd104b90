/**
 * Real faults of the local control plane, for the e2e suite: the API server
 * (or another component) paused with SIGSTOP and resumed with SIGCONT, killed
 * and started again with its own command line, as scripts/cluster/up.sh
 * started it (its own session, its log, its pidfile under the state dir).
 * `heal()` undoes whatever a test did, so a failing test never leaves the
 * cluster paused or down for the next one.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { homedir } from 'node:os';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { GPU_TOLERATION, loadKubeConfig, MANAGED_BY, waitFor } from './cluster.js';

type Component = 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kwok';

/** The cluster's state dir (scripts/cluster/lib.sh CLUSTER_STATE_DIR). */
export function clusterStateDir(): string {
  return (
    process.env.CLUSTER_STATE_DIR ?? path.join(homedir(), '.cache', 'interconnect-test', 'cluster', 'state')
  );
}

function pidFile(c: Component): string {
  return path.join(clusterStateDir(), 'run', `${c}.pid`);
}

export function pidOf(c: Component): number {
  const f = pidFile(c);
  if (!existsSync(f)) throw new Error(`${f} is missing: is the local cluster up (npm run cluster:up)?`);
  const pid = Number(readFileSync(f, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`${f} holds no pid`);
  return pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What a killed component needs to be started again exactly as up.sh started it. */
interface Saved {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

function saveOf(pid: number): Saved {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((a) => a !== '');
  const env: NodeJS.ProcessEnv = {};
  for (const kv of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const i = kv.indexOf('=');
    if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
  }
  return { argv, env, cwd: readlinkSync(`/proc/${pid}/cwd`) };
}

export class ControlPlaneFaults {
  private readonly paused = new Set<Component>();
  private readonly killed = new Map<Component, Saved>();

  pause(c: Component = 'kube-apiserver'): void {
    process.kill(pidOf(c), 'SIGSTOP');
    this.paused.add(c);
  }

  resume(c: Component = 'kube-apiserver'): void {
    if (!this.paused.delete(c)) return;
    process.kill(pidOf(c), 'SIGCONT');
  }

  /** SIGKILL (the process is gone at once: connections refused), keeping its command line. */
  async kill(c: Component = 'kube-apiserver'): Promise<void> {
    const pid = pidOf(c);
    const saved = saveOf(pid);
    this.killed.set(c, saved);
    process.kill(pid, 'SIGKILL');
    await waitFor(`${c} (pid ${pid}) to exit`, async () => !alive(pid) || isZombie(pid), {
      timeoutMs: 10_000,
    });
  }

  /**
   * Starts a killed component again with its own command line. For the API server: waits until
   * it is ready (/readyz), then restarts the controller-manager, the scheduler and kwok, whose
   * watches broke with it and would otherwise come back only after their own backoff (the
   * namespace controller and the ServiceAccount controller then lag by up to a minute, which
   * would disturb the next test, not this one).
   */
  async start(c: Component = 'kube-apiserver'): Promise<void> {
    const saved = this.killed.get(c);
    if (!saved) return;
    this.launch(c, saved);
    if (c !== 'kube-apiserver') return;
    await apiReady(90_000);
    for (const other of ['kube-controller-manager', 'kube-scheduler', 'kwok'] as const) {
      await this.kill(other);
      this.launch(other, this.killed.get(other) as Saved);
    }
    await podsRunAgain(120_000);
  }

  private launch(c: Component, saved: Saved): void {
    this.killed.delete(c);
    const log = openSync(path.join(clusterStateDir(), 'logs', `${c}.log`), 'a');
    const [bin, ...args] = saved.argv;
    const child = spawn(bin as string, args, {
      env: saved.env,
      cwd: saved.cwd,
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    writeFileSync(pidFile(c), `${child.pid}\n`);
  }

  /** Undoes everything: resumes what is paused, starts what was killed. */
  async heal(): Promise<void> {
    for (const c of [...this.paused]) this.resume(c);
    for (const c of [...this.killed.keys()]) await this.start(c);
  }
}

function isZombie(pid: number): boolean {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Waits until a pod is scheduled and Running again: a canary pod on a kwok GPU node (the
 * scheduler and kwok both serve), then deleted. /readyz says only that the API server answers;
 * on a loaded machine the restarted scheduler and kwok take longer to list and watch again, and
 * the next test's etcd would otherwise sit Pending past its wait (seen in CI, not a tool fault).
 */
export async function podsRunAgain(timeoutMs: number): Promise<void> {
  const core = loadKubeConfig().makeApiClient(CoreV1Api);
  const name = `itest-e2e-canary-${randomBytes(3).toString('hex')}`;
  const namespace = 'default';
  await core.createNamespacedPod({
    namespace,
    body: {
      metadata: { name, labels: { 'app.kubernetes.io/managed-by': MANAGED_BY } },
      spec: {
        automountServiceAccountToken: false,
        nodeSelector: { 'kubernetes.io/hostname': 'gpu-node-0' },
        tolerations: [GPU_TOLERATION],
        containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10', command: ['sleep', 'infinity'] }],
      },
    },
  });
  try {
    await waitFor(
      `canary pod ${namespace}/${name} to run after the control plane restart`,
      async () => (await core.readNamespacedPod({ name, namespace })).status?.phase === 'Running',
      { timeoutMs, intervalMs: 500 },
    );
  } finally {
    await core.deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 }).catch(() => undefined);
  }
}

/** Waits until the API server says it is ready (GET /readyz answers 200 "ok"). */
export async function apiReady(timeoutMs: number): Promise<void> {
  const kc = loadKubeConfig();
  const server = new URL(kc.getCurrentCluster()?.server ?? '');
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const ready = () =>
    new Promise<boolean>((resolve) => {
      const req = https.get(
        { ...opts, hostname: server.hostname, port: server.port, path: '/readyz', timeout: 2_000 },
        (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
  await waitFor('the API server to be ready again (/readyz)', ready, { timeoutMs, intervalMs: 500 });
}
