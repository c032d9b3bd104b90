import { arr, obj, type Rec, resourcesOf, str } from './raw.js';
import { asksAccelerator } from './roles.js';

/**
 * Kubernetes native sidecars: an initContainer with `restartPolicy: Always` starts before the pod's containers and
 * runs beside them for the pod's whole life (kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/, KEP-753;
 * references/env-rules.md "Native sidecars"). Those that ask for an accelerator run the model, so they are read as
 * containers of the pod; other sidecars (routing proxies, log shippers) are not engines and stay unread.
 */
export function acceleratedSidecars(podSpec: Rec | undefined): { container: Rec; index: number }[] {
  return arr(podSpec?.initContainers).flatMap((c, index) => {
    const container = obj(c);
    return container &&
      str(container.restartPolicy) === 'Always' &&
      asksAccelerator(resourcesOf(obj(container.resources)))
      ? [{ container, index }]
      : [];
  });
}

/**
 * The container whose process holds a pod's accelerator: the listed one, unless it asks for none and exactly one
 * native sidecar does (Dynamo's engine sidecar: the engine in a sidecar, the Dynamo worker in `main`). The engine's
 * environment, devices and privileges are then the KV path's, so they are read from that sidecar.
 */
export function engineContainerOf(
  podSpec: Rec | undefined,
  main: Rec | undefined,
): { container: Rec; index: number } | undefined {
  if (asksAccelerator(resourcesOf(obj(main?.resources)))) return undefined;
  const sidecars = acceleratedSidecars(podSpec);
  return sidecars.length === 1 ? sidecars[0] : undefined;
}
