import type { CoreV1Event, KubernetesObject, V1Namespace, V1Node, V1Pod } from '@kubernetes/client-node';

/**
 * The one seam between `pair`/`gc` and Kubernetes. Small on purpose: every
 * decision is a pure function over what these calls return, so most tests
 * need no cluster; src/pair/kube-cluster.ts implements it with client-node.
 */

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string | undefined;
  /** metadata.creationTimestamp, ISO. */
  createdAt?: string | undefined;
  /** Our expiry annotation, when the object carries one. */
  expiresAt?: string | undefined;
}

export interface Cluster {
  /** Where it talks to, for messages: the context and server. */
  readonly describe: string;
  /** The namespace of the kubeconfig context (or --namespace): where a DGD is looked up. */
  readonly namespace: string;
  /** Creates one object. Only ever called with objects render.ts checked (scratch namespace, our labels). */
  create(obj: KubernetesObject): Promise<void>;
  /** Deletes one object (Background propagation); an object already gone is fine. */
  delete(ref: ObjectRef): Promise<void>;
  /** Deletes the Jobs, Pods and Services matching the selector in a namespace; returns how many it asked to delete. */
  deleteByLabel(namespace: string, selector: string): Promise<number>;
  /**
   * Objects matching the selector: Namespaces, plus Jobs/Pods/Services in
   * `namespace`, or in every namespace when it is undefined (gc).
   */
  listByLabel(selector: string, namespace?: string): Promise<ObjectRef[]>;
  listNamespaces(selector: string): Promise<V1Namespace[]>;
  listNodes(): Promise<V1Node[]>;
  /** Pods of one namespace (or of all, when namespace is undefined), optionally by label selector. */
  listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]>;
  podEvents(namespace: string, pod: string): Promise<CoreV1Event[]>;
  /** The container's log so far ('' when it has none yet). */
  readLog(namespace: string, pod: string, container?: string): Promise<string>;
  /** A DynamoGraphDeployment as stored (tries nvidia.com/v1beta1, then v1alpha1). */
  getDgd(namespace: string, name: string): Promise<unknown>;
}
