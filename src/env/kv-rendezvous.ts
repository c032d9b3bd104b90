import { type Check, check } from '../core/model.js';
import type { ServiceCtx } from './graph-rules.js';
import { kvStorageCheck } from './kv-storage.js';

/**
 * KV over NCCL through vLLM's P2pNcclConnector finds its peer through one proxy that both sides share: each
 * instance's ping thread registers its HTTP and ZMQ addresses with the proxy at
 * `kv_connector_extra_config.proxy_ip:proxy_port` (vllm-project/vllm
 * vllm/distributed/kv_transfer/kv_connector/v1/p2p/p2p_nccl_engine.py @ 289868b0, `__init__` :99-106 and
 * `ping`; its own ZMQ address is the pod's IP from `get_ip()`, :83-92), and the proxy writes the decode's ZMQ
 * address into the request id, where the prefill reads it (`parse_request_id`: "does not contain hostname and
 * port" when it is missing). A loopback proxy_ip (127.0.0.0/8, localhost, ::1) names the pod's own network
 * namespace: a proxy in another pod never hears from this instance, and one proxy cannot sit on the loopback of
 * two pods, so the prefill has no decode address to send KV to (P5: no KV is handed over, whatever the fabric).
 * A pod on the node's network (hostNetwork) shares the node's loopback, so it is left alone.
 */
const P2P_NCCL = /P2pNcclConnector/;
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/i;

function proxyIp(argv: readonly string[]): string | undefined {
  const m = /\\?"proxy_ip\\?"\s*:\s*\\?"([^"\\]*)\\?"/.exec(argv.join(' '));
  return m?.[1];
}

function kvRendezvousCheck(prefill: ServiceCtx[], decode: ServiceCtx[], subject: string): Check | undefined {
  if (prefill.length === 0 || decode.length === 0) return undefined;
  const sides = [...new Set([...prefill, ...decode])];
  if (sides.length < 2 || !sides.every((c) => P2P_NCCL.test(c.raw.argv.join(' ')))) return undefined;
  const loopback = sides.flatMap((c) => {
    const ip = proxyIp(c.raw.argv);
    return ip !== undefined && LOOPBACK.test(ip) && !c.raw.hostNetwork
      ? [`${c.subject.split('#').pop() ?? c.svc.name}: proxy_ip ${ip}`]
      : [];
  });
  if (loopback.length === 0) return undefined;
  return check(
    'env.kv-rendezvous',
    'fail',
    `KV goes over P2pNcclConnector, whose prefill learns the decode's address only from the proxy both sides register with, but ${loopback.join('; ')} names the pod's own loopback (no hostNetwork): a proxy in another pod never hears from it, and the prefill has no decode address to send KV to`,
    {
      subject,
      fix: "set kv_connector_extra_config.proxy_ip to an address of the proxy both pods reach (its Service's name or IP), the proxy that takes P2pNccl registrations (vLLM's disagg_proxy_p2p_nccl_xpyd.py)",
    },
  );
}

/** The checks on how KV is handed over between the prefill and decode pods, apart from the fabric. */
export function kvHandOverChecks(
  prefill: ServiceCtx[],
  decode: ServiceCtx[],
  subject: string,
): (Check | undefined)[] {
  return [kvStorageCheck(prefill, decode, subject), kvRendezvousCheck(prefill, decode, subject)];
}
