import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { messageOf, ToolError } from '../core/errors.js';
import { redactText, redactUrl } from '../core/redact.js';
import type { Exposition, Family, Sample } from '../parsers/prometheus-text.js';

/**
 * `watch --prometheus URL`: the window's increases from the user's
 * Prometheus (HTTP API `GET /api/v1/query`, PromQL `increase(…[window])`),
 * per worker pod, shaped as an exposition of increases so the same reader
 * judges them. Prometheus must keep the pods' `namespace` and `pod` labels
 * (the Prometheus Operator's PodMonitor and kubernetes_sd relabelling do).
 */

export interface PromOptions {
  url: string;
  /** Sent as `Authorization: Bearer …`; never printed. */
  token?: string | undefined;
  /** PEM of the CA that signed the server's certificate. */
  ca?: string | undefined;
  insecureSkipTlsVerify?: boolean | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

interface VectorItem {
  metric: Record<string, string>;
  value: [number, string];
}

/** The KV metric names watch asks for (references/watch-metrics.md). */
export const KV_NAME_RE =
  'vllm:nixl_.+|sglang:kv_transfer_.+|sglang:num_(transfer|bootstrap)_failed_reqs_total|agent_(tx|rx)_(bytes|requests_num)_total|agent_xfer_(post_)?time_total|agent_errors_total';

function get(opts: PromOptions, query: string): Promise<string> {
  const base = opts.url.replace(/\/+$/, '');
  const url = new URL(`${base}/api/v1/query`);
  url.searchParams.set('query', query);
  const shown = redactUrl(base);
  return new Promise((resolve, reject) => {
    const fail = (why: string, fix: string) =>
      reject(new ToolError(`Prometheus at ${shown} ${why}`, { fix }));
    const send =
      url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return fail('is not an http(s) URL', 'give --prometheus as http://host:9090 or https://…');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (url.username) {
      headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    const req = send(
      url,
      {
        method: 'GET',
        headers,
        timeout: opts.timeoutMs,
        ...(opts.ca ? { ca: opts.ca } : {}),
        ...(opts.insecureSkipTlsVerify ? { rejectUnauthorized: false } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (body.length < 4 * 1024 * 1024) body += c;
        });
        res.on('end', () => resolve(`${res.statusCode ?? 0}\n${body}`));
        res.on('error', (e) => fail(`broke off its answer: ${messageOf(e)}`, 'retry, or check the server'));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      fail(
        `did not answer within ${Math.round(opts.timeoutMs / 1000)} s`,
        'check the URL and the server load, or raise --prometheus-timeout',
      );
    });
    req.on('error', (e) => {
      const code = (e as NodeJS.ErrnoException).code;
      fail(
        `cannot be reached: ${code ?? messageOf(e)}`,
        'check --prometheus (scheme, host, port) and --prometheus-certificate-authority',
      );
    });
    req.end();
  });
}

/** Runs one instant query; a Prometheus error (HTTP or `status: error`) is one line, exit 2. */
export async function promQuery(opts: PromOptions, query: string): Promise<VectorItem[]> {
  const raw = await get(opts, query);
  const nl = raw.indexOf('\n');
  const status = Number(raw.slice(0, nl));
  const body = raw.slice(nl + 1);
  let parsed: {
    status?: string;
    error?: string;
    errorType?: string;
    data?: { resultType?: string; result?: unknown };
  };
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ToolError(
      `Prometheus at ${redactUrl(opts.url)} answered HTTP ${status} with something that is not its JSON API: ${redactText(body.slice(0, 120))}`,
      { fix: 'give the Prometheus server URL (the one that serves /api/v1/query)' },
    );
  }
  if (status !== 200 || parsed.status !== 'success') {
    throw new ToolError(
      `Prometheus at ${redactUrl(opts.url)} answered HTTP ${status}: ${parsed.errorType ?? 'error'}: ${redactText(String(parsed.error ?? '')).slice(0, 300)}`,
      {
        fix:
          status === 401 || status === 403
            ? 'pass --prometheus-token (or PROMETHEUS_TOKEN) with read access'
            : 'check the query and the server',
      },
    );
  }
  if (parsed.data?.resultType !== 'vector' || !Array.isArray(parsed.data.result)) return [];
  return parsed.data.result as VectorItem[];
}

function selector(namespace: string, pod: string): string {
  const q = (s: string) => JSON.stringify(s);
  return `namespace=${q(namespace)},pod=${q(pod)}`;
}

function value(items: VectorItem[]): number | undefined {
  const v = items[0]?.value?.[1];
  return v === undefined ? undefined : Number(v);
}

/**
 * One worker pod's increases over the window, as an exposition: each histogram's
 * `_sum`, `_count` and `_bucket` (by le), each counter, all increase()s.
 */
export async function podIncreases(
  opts: PromOptions,
  namespace: string,
  pod: string,
  windowSeconds: number,
): Promise<Exposition> {
  const sel = selector(namespace, pod);
  const names = (
    await promQuery(opts, `count by (__name__) ({${sel},__name__=~${JSON.stringify(KV_NAME_RE)}})`)
  )
    .map((i) => i.metric.__name__)
    .filter((n): n is string => typeof n === 'string');
  const families = new Map<string, Family>();
  const w = `[${Math.round(windowSeconds)}s]`;
  const histograms = new Set(
    names.filter((n) => n.endsWith('_bucket')).map((n) => n.slice(0, -'_bucket'.length)),
  );
  for (const h of histograms) {
    const samples: Sample[] = [];
    for (const part of ['_sum', '_count']) {
      const v = value(await promQuery(opts, `sum(increase(${h}${part}{${sel}}${w}))`));
      if (v !== undefined) samples.push({ name: `${h}${part}`, labels: {}, value: v });
    }
    for (const b of await promQuery(opts, `sum by (le) (increase(${h}_bucket{${sel}}${w}))`)) {
      if (b.metric.le !== undefined)
        samples.push({ name: `${h}_bucket`, labels: { le: b.metric.le }, value: Number(b.value[1]) });
    }
    families.set(h, { name: h, type: 'histogram', samples });
  }
  for (const n of names) {
    if ([...histograms].some((h) => n.startsWith(h))) continue;
    const v = value(await promQuery(opts, `sum(increase(${n}{${sel}}${w}))`));
    if (v !== undefined)
      families.set(n, { name: n, type: 'counter', samples: [{ name: n, labels: {}, value: v }] });
  }
  return { families };
}
