import { BlockList, isIP } from 'node:net';

/**
 * The proxy kubectl would take from the environment for an API server, when the kubeconfig's
 * cluster has no proxy-url: Go's http.ProxyFromEnvironment (golang.org/x/net http/httpproxy
 * proxy.go, proxyForURL/useProxy/init; references/kubeconfig-loading.md):
 * - HTTPS_PROXY (or https_proxy) for an https:// server, HTTP_PROXY (http_proxy) for http://;
 *   a value without a scheme is read as http://;
 * - never for localhost or a loopback address;
 * - not for a host NO_PROXY (no_proxy) names: `*` (all), an IP or CIDR, an IP:port, a domain
 *   (`example.com` matches it and its subdomains, `.example.com` and `*.example.com` only
 *   subdomains), each optionally with :port.
 */
export function proxyFromEnv(server: string, env: NodeJS.ProcessEnv): string | undefined {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return undefined;
  }
  const raw =
    url.protocol === 'https:'
      ? (env.HTTPS_PROXY ?? env.https_proxy)
      : url.protocol === 'http:'
        ? (env.HTTP_PROXY ?? env.http_proxy)
        : undefined;
  if (!raw) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (host === 'localhost' || isLoopback(host)) return undefined;
  if (noProxyMatches(host, port, env.NO_PROXY ?? env.no_proxy ?? '')) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
}

function isLoopback(host: string): boolean {
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** Whether a NO_PROXY list exempts host:port (its entries as Go's httpproxy reads them). */
export function noProxyMatches(host: string, port: string, noProxy: string): boolean {
  const ip = isIP(host);
  for (const entry of noProxy.split(',')) {
    const p = entry.trim().toLowerCase();
    if (!p) continue;
    if (p === '*') return true;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(p);
    if (cidr && isIP(cidr[1] as string)) {
      if (!ip) continue;
      const list = new BlockList();
      const family = isIP(cidr[1] as string) === 4 ? 'ipv4' : 'ipv6';
      list.addSubnet(cidr[1] as string, Number(cidr[2]), family);
      if (list.check(host, ip === 4 ? 'ipv4' : 'ipv6')) return true;
      continue;
    }
    const hp = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(isIP(p) === 6 ? `[${p}]` : p);
    const phost = hp?.[1] ?? p;
    const pport = hp?.[2] ?? '';
    if (!phost) continue;
    if (pport && pport !== port) continue;
    if (isIP(phost)) {
      if (ip && phost === host) return true;
      continue;
    }
    if (ip) continue;
    const domain = phost.startsWith('*.') ? phost.slice(1) : phost;
    const exact = !domain.startsWith('.');
    const suffix = exact ? `.${domain}` : domain;
    if (host.endsWith(suffix) || (exact && host === domain)) return true;
  }
  return false;
}
