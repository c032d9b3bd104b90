import { type KubeConfig, type V1Pod, Watch } from '@kubernetes/client-node';
import type { PodEvent, PodWatch, WatchEnd } from './cluster.js';
import { httpStatusOf, type KubeAction, toClusterError } from './errors.js';

/**
 * One pod watch over client-node's `Watch` (a streaming GET with `watch=true`), for
 * KubeCluster.watchPods. The API server closes it after `timeoutSeconds`, sends BOOKMARK
 * events with `allowWatchBookmarks` (the resourceVersion to resume from), and answers a
 * resourceVersion it no longer keeps with 410 Gone, as an HTTP status or as an ERROR event
 * whose object is a Status with code 410 (Kubernetes API concepts, "Efficient detection of
 * changes"; references/sweep-watch.md). Loaded only with the rest of the client.
 */

export interface WatchSpec {
  namespace: string | undefined;
  selector: string;
  resourceVersion: string;
  /** The server ends the watch after this long; the caller watches again from where it stood. */
  timeoutSeconds: number;
  /** The Cluster's scope (Ctrl-C, --timeout): ends the watch. */
  signal: AbortSignal | undefined;
  credentials: () => Promise<void>;
  action: KubeAction;
}

const TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED']);

export function watchPodsWith(kc: KubeConfig, w: WatchSpec, onEvent: (e: PodEvent) => void): PodWatch {
  let controller: AbortController | undefined;
  let settle!: (e: WatchEnd) => void;
  let ended = false;
  const done = new Promise<WatchEnd>((r) => {
    settle = r;
  });
  const end = (e: WatchEnd) => {
    if (ended) return;
    ended = true;
    w.signal?.removeEventListener('abort', stop);
    controller?.abort();
    settle(e);
  };
  const fail = (err: unknown) =>
    end(httpStatusOf(err) === 410 ? { gone: true } : { gone: false, error: toClusterError(err, w.action) });
  function stop() {
    end({ gone: false });
  }
  if (w.signal?.aborted) stop();
  else w.signal?.addEventListener('abort', stop, { once: true });
  const path =
    w.namespace === undefined ? '/api/v1/pods' : `/api/v1/namespaces/${encodeURIComponent(w.namespace)}/pods`;
  const start = async () => {
    await w.credentials();
    if (ended) return;
    controller = await new Watch(kc).watch(
      path,
      {
        labelSelector: w.selector,
        resourceVersion: w.resourceVersion,
        allowWatchBookmarks: true,
        timeoutSeconds: w.timeoutSeconds,
      },
      (type: string, obj: { code?: number; metadata?: { resourceVersion?: string } }) => {
        if (ended) return;
        if (type === 'ERROR') {
          end(obj?.code === 410 ? { gone: true } : { gone: false, error: toClusterError(obj, w.action) });
        } else if (type === 'BOOKMARK') {
          onEvent({ type, resourceVersion: obj?.metadata?.resourceVersion });
        } else if (TYPES.has(type)) {
          onEvent({
            type: type as PodEvent['type'],
            pod: obj as V1Pod,
            resourceVersion: obj?.metadata?.resourceVersion,
          });
        }
      },
      (err: unknown) => (err ? fail(err) : end({ gone: false })),
    );
    if (ended) controller.abort();
  };
  start().catch(fail);
  return { done, stop };
}
