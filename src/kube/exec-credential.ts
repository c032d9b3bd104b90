import { spawn } from 'node:child_process';
import type { KubeConfig, User } from '@kubernetes/client-node';
import { isSecretName } from '../core/redact.js';
import { ClusterError } from './errors.js';

/**
 * Exec credential plugins (`users[].user.exec`: `aws eks get-token`,
 * `gke-gcloud-auth-plugin`, `kubelogin`) run by us, not by client-node, whose
 * ExecAuth waits for the plugin for ever: a plugin waiting for a browser login
 * hung every command, Ctrl-C included, and a second Ctrl-C left it orphaned.
 * Here each run of a plugin has its own limit (the request timeout), runs in a
 * process group of its own that is killed on timeout, on Ctrl-C and when we
 * exit, and every way it can fail is one line naming the kubeconfig user and
 * the command. The credential is cached until its expirationTimestamp, as
 * client-go does (k8s.io/client-go/plugin/pkg/client/auth/exec/exec.go).
 */

interface ExecConfig {
  command: string;
  args?: string[];
  env?: { name: string; value: string }[];
  apiVersion?: string;
  interactiveMode?: string;
}

interface Credential {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  expirationTimestamp?: string;
}

/** Plugin process groups still running: killed when this process exits, whatever ends it. */
const live = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  live.delete(pid);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pid of live) killGroup(pid);
  });
}

/** The command as a person would type it, with anything that looks like a secret hidden. */
export function shownCommand(exec: ExecConfig): string {
  const out: string[] = [exec.command];
  let hideNext = false;
  for (const a of exec.args ?? []) {
    const flag = /^--?([\w-]+)(=.*)?$/.exec(a);
    if (hideNext) {
      out.push('<redacted>');
      hideNext = false;
    } else if (flag && isSecretName(flag[1] as string)) {
      if (flag[2]) out.push(`${a.split('=')[0]}=<redacted>`);
      else {
        out.push(a);
        hideNext = true;
      }
    } else out.push(/\s/.test(a) ? JSON.stringify(a) : a);
  }
  return out.join(' ');
}

function execOf(user: User): ExecConfig | undefined {
  const e = (user as { exec?: ExecConfig }).exec;
  return e && typeof e === 'object' ? e : undefined;
}

function credentialError(user: string, problem: string, fix: string): ClusterError {
  return new ClusterError(
    'credentials',
    `kubeconfig user "${user}": ${problem}`,
    {
      verb: 'authenticate',
      resource: 'credentials',
    },
    { fix },
  );
}

function firstLine(s: string): string {
  return (
    s
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? ''
  ).slice(0, 300);
}

export interface PluginBounds {
  /** The plugin's own limit (the request timeout, never the whole run's). */
  timeoutMs: number;
  /** Ctrl-C, or the run's deadline: the plugin is killed at once. */
  signal?: AbortSignal | undefined;
  env?: NodeJS.ProcessEnv;
}

/** Runs one exec plugin within its bounds and returns the credential it printed. */
export function runPlugin(userName: string, exec: ExecConfig, bounds: PluginBounds): Promise<Credential> {
  const shown = shownCommand(exec);
  const env: NodeJS.ProcessEnv = { ...(bounds.env ?? process.env) };
  for (const e of exec.env ?? []) env[e.name] = e.value;
  // What client-go hands the plugin: never interactive, since we own no terminal prompt.
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? 'client.authentication.k8s.io/v1',
    kind: 'ExecCredential',
    spec: { interactive: false },
  });
  const loginFix = `run \`${shown}\` yourself to log in (it may be waiting for a browser or a prompt), then retry`;
  return new Promise((resolve, reject) => {
    if (bounds.signal?.aborted) {
      reject(bounds.signal.reason);
      return;
    }
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(exec.command, exec.args ?? [], {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      reject(
        credentialError(
          userName,
          `cannot start exec plugin \`${shown}\`: ${(err as Error).message}`,
          'fix users[].user.exec.command in the kubeconfig',
        ),
      );
      return;
    }
    installExitHook();
    if (child.pid !== undefined) live.add(child.pid);
    let out = '';
    let err = '';
    let settled = false;
    let why: 'timeout' | 'abort' | undefined;
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      if (out.length < 1 << 20) out += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 1 << 16) err += d;
    });
    const stop = (reason: 'timeout' | 'abort') => {
      why ??= reason;
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), bounds.timeoutMs);
    timer.unref();
    const onAbort = () => stop('abort');
    bounds.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (e: unknown, c?: Credential) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      bounds.signal?.removeEventListener('abort', onAbort);
      if (child.pid !== undefined) {
        // The plugin may have left children of its own (a browser helper): end the group.
        killGroup(child.pid);
      }
      if (e) reject(e);
      else resolve(c as Credential);
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      finish(
        e.code === 'ENOENT'
          ? credentialError(
              userName,
              `exec plugin \`${exec.command}\` is not installed (not on PATH)`,
              `install it, or fix users[].user.exec.command in the kubeconfig`,
            )
          : credentialError(
              userName,
              `cannot start exec plugin \`${shown}\`: ${e.message}`,
              'fix users[].user.exec.command in the kubeconfig',
            ),
      );
    });
    child.on('close', (code, sig) => {
      if (why === 'abort') return finish(bounds.signal?.reason ?? new Error('aborted'));
      if (why === 'timeout')
        return finish(
          credentialError(
            userName,
            `exec plugin \`${shown}\` gave no credential within ${Math.round(bounds.timeoutMs / 100) / 10}s (--request-timeout)`,
            loginFix,
          ),
        );
      if (code !== 0) {
        const said = firstLine(err);
        return finish(
          credentialError(
            userName,
            `exec plugin \`${shown}\` ${sig ? `was killed by ${sig}` : `exited ${code}`}${said ? `: ${said}` : ''}`,
            `run \`${shown}\` yourself to see why (expired login? wrong profile or cluster?)`,
          ),
        );
      }
      try {
        finish(undefined, parseCredential(userName, shown, out));
      } catch (e) {
        finish(e);
      }
    });
  });
}

/** The ExecCredential a plugin printed, checked (client.authentication.k8s.io v1/v1beta1). */
function parseCredential(userName: string, shown: string, stdout: string): Credential {
  const bad = (what: string) =>
    credentialError(
      userName,
      `exec plugin \`${shown}\` ${what}`,
      `run \`${shown}\` yourself: it must print an ExecCredential JSON object`,
    );
  let doc: unknown;
  try {
    doc = JSON.parse(stdout);
  } catch {
    throw bad(stdout.trim() === '' ? 'printed nothing' : 'printed something that is not JSON');
  }
  const d = doc as { kind?: unknown; status?: Record<string, unknown> };
  if (!d || typeof d !== 'object' || d.kind !== 'ExecCredential' || !d.status || typeof d.status !== 'object')
    throw bad('printed JSON that is not an ExecCredential with a status');
  const s = d.status;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const c: Credential = {
    ...(str(s.token) ? { token: str(s.token) } : {}),
    ...(str(s.clientCertificateData) ? { clientCertificateData: str(s.clientCertificateData) } : {}),
    ...(str(s.clientKeyData) ? { clientKeyData: str(s.clientKeyData) } : {}),
    ...(str(s.expirationTimestamp) ? { expirationTimestamp: str(s.expirationTimestamp) } : {}),
  };
  if (!c.token && !(c.clientCertificateData && c.clientKeyData))
    throw bad('printed an ExecCredential with neither a token nor a client certificate and key');
  return c;
}

/**
 * Puts our bounded runner in front of client-node's ExecAuth on this
 * KubeConfig: it answers for every user with `exec`, so client-node never
 * starts a plugin itself. The returned `ensure` runs the current user's plugin
 * (when its credential is missing or expired) before an API call starts its
 * own clock, so a plugin that hangs is named as the plugin, not as the server.
 */
export function boundExecPlugins(
  kc: KubeConfig,
  bounds: PluginBounds,
): (signal?: AbortSignal) => Promise<void> {
  const cache = new Map<string, { c: Credential; until: number }>();
  const inflight = new Map<string, Promise<Credential>>();
  const fresh = (name: string) => {
    const c = cache.get(name);
    return c && c.until > Date.now() ? c.c : undefined;
  };
  const fetch = async (user: User, signal?: AbortSignal): Promise<Credential> => {
    const have = fresh(user.name);
    if (have) return have;
    let p = inflight.get(user.name);
    if (!p) {
      const sig =
        signal && bounds.signal ? AbortSignal.any([signal, bounds.signal]) : (signal ?? bounds.signal);
      p = runPlugin(user.name, execOf(user) as ExecConfig, { ...bounds, signal: sig }).finally(() =>
        inflight.delete(user.name),
      );
      inflight.set(user.name, p);
    }
    const cred = await p;
    const until = cred.expirationTimestamp ? Date.parse(cred.expirationTimestamp) : Number.POSITIVE_INFINITY;
    cache.set(user.name, { c: cred, until: Number.isNaN(until) ? Number.POSITIVE_INFINITY : until });
    return cred;
  };
  const provider = {
    isAuthProvider: (user: User) => execOf(user) !== undefined,
    async applyAuthentication(
      user: User,
      opts: { headers?: Record<string, string>; cert?: string; key?: string },
    ) {
      const c = await fetch(user);
      if (c.clientCertificateData) opts.cert = c.clientCertificateData;
      if (c.clientKeyData) opts.key = c.clientKeyData;
      if (c.token) {
        opts.headers ??= {};
        opts.headers.Authorization = `Bearer ${c.token}`;
      }
    },
  };
  (kc as unknown as { authenticators: unknown[] }).authenticators.unshift(provider);
  return async (signal) => {
    const user = kc.getCurrentUser();
    if (user && execOf(user)) await fetch(user, signal);
  };
}
