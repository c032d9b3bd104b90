import { redactUrl } from '../core/redact.js';
import { PROMETHEUS_CONTENT_TYPE } from './model.js';

/**
 * Pushes a sweep's metrics to a Prometheus Pushgateway: one PUT that replaces
 * the group `job=<job>[,cluster=<name>][,instance=<instance>]` (references/sweep-metrics.md).
 * A gateway that is down, slow or refusing never fails the sweep: the result
 * is one warning line naming the gateway (credentials redacted), what went
 * wrong, and the fix.
 */

export const DEFAULT_PUSH_JOB = 'interconnect-test-sweep';
export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

export interface PushOptions {
  /** Grouping key: the `job` label (default interconnect-test-sweep) and an optional `instance`. */
  job?: string;
  instance?: string;
  /** The cluster's name (core/cluster-identity.ts): a `cluster` label in the grouping key, so two clusters' sweeps are two groups. */
  cluster?: string;
  signal?: AbortSignal;
  /** Limit for the whole request, body included (default 10 s). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

export type PushResult = { ok: true } | { ok: false; warning: string };

/**
 * One grouping-key path segment pair: `name/value`, or `name@base64/<base64url>` for a
 * value with a `/` (which no URI encoding can carry) or an empty one (`=`), as the
 * Pushgateway README's API section says.
 */
export function groupingSegment(name: string, value: string): string {
  if (value === '') return `${name}@base64/=`;
  if (value.includes('/')) return `${name}@base64/${Buffer.from(value, 'utf8').toString('base64url')}`;
  return `${name}/${encodeURIComponent(value)}`;
}

/**
 * The URL to PUT to: the gateway's base URL (a route prefix kept) + /metrics/job/<job>[/cluster/<c>][/instance/<i>].
 * Credentials in the URL are moved out of it (fetch refuses them) into an Authorization header.
 */
export function pushTarget(
  base: string,
  job: string,
  instance?: string,
  cluster?: string,
): { url: URL; authorization?: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { error: `${redactUrl(base)} is not a URL (want http://host:9091)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: `${redactUrl(base)} is not an http(s) URL (want http://host:9091)` };
  }
  if (job === '') return { error: 'the Pushgateway job name is empty' };
  let authorization: string | undefined;
  if (url.username || url.password) {
    const user = safeDecode(url.username);
    const pass = safeDecode(url.password);
    authorization = `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const group = [
    groupingSegment('job', job),
    ...(cluster === undefined ? [] : [groupingSegment('cluster', cluster)]),
    ...(instance === undefined ? [] : [groupingSegment('instance', instance)]),
  ];
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/metrics/${group.join('/')}`;
  return authorization ? { url, authorization } : { url };
}

/** A percent-encoded URL part decoded, or as it is when its escapes are broken. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One line: whitespace runs (line feeds from a response body included) become one space. */
function oneLine(s: string, max = 300): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What a failed fetch says, in words: the errno code of its cause when there is one. */
function describeFetchError(e: unknown, timeoutMs: number, signal?: AbortSignal): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (signal?.aborted) return 'the push was cancelled';
  if (err?.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = err?.cause;
  if (cause?.code && cause.message)
    return cause.message.includes(cause.code) ? cause.message : `${cause.code}: ${cause.message}`;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return err?.message ?? String(e);
}

/** PUTs `body` (text format 0.0.4) to the gateway at `url`. Never throws. */
export async function pushMetrics(url: string, body: string, opts: PushOptions = {}): Promise<PushResult> {
  const job = opts.job ?? DEFAULT_PUSH_JOB;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const shown = redactUrl(url);
  const target = pushTarget(url, job, opts.instance, opts.cluster);
  if ('error' in target) {
    return { ok: false, warning: `metrics not pushed: ${target.error}; check --pushgateway` };
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const doFetch = opts.fetch ?? fetch;
  const headers: Record<string, string> = { 'Content-Type': PROMETHEUS_CONTENT_TYPE };
  if (target.authorization) headers.Authorization = target.authorization;
  try {
    const res = await doFetch(target.url, { method: 'PUT', body, headers, signal });
    // 200: pushed; 202: queued unchecked (--push.disable-consistency-check).
    if (res.status === 200 || res.status === 202) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: true };
    }
    const text = await res.text().catch(() => '');
    const said = oneLine(redactUrl(text));
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    const fix =
      res.status === 400
        ? 'the gateway refused these metrics (a metric of the same name with another type or labels in another group?)'
        : res.status === 401 || res.status === 403
          ? 'check the credentials in --pushgateway'
          : res.status === 404 || res.status === 405
            ? 'is this a Pushgateway (its base URL, route prefix included)? check --pushgateway'
            : 'is the Pushgateway healthy? check --pushgateway';
    return {
      ok: false,
      warning: `metrics not pushed to ${shown}: ${status}${said ? ` (${said})` : ''}; ${fix}`,
    };
  } catch (e) {
    const why = oneLine(redactUrl(describeFetchError(e, timeoutMs, opts.signal)));
    return {
      ok: false,
      warning: `metrics not pushed to ${shown}: ${why}; is the Pushgateway running there? check --pushgateway`,
    };
  }
}
