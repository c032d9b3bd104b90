/**
 * End-to-end test harness for a real Kubernetes API server: what the e2e
 * suites import. Its parts live in test/e2e/harness/ (each under 400 lines):
 * - cluster.ts: $KUBECONFIG, the local cluster's facts, sim-* annotations,
 *   tolerations, the real nodes, waitFor, statusCode;
 * - env.ts: TestEnv (a namespace per test file, pods, Jobs, logs, exec,
 *   identities, cleanup) and useTestEnv;
 * - pods.ts: pod and Job options and manifests;
 * - kwok.ts: logs from a file and exec mapped to local commands (kwok);
 * - exec.ts: exec through the API server;
 * - leftovers.ts: what the tool under test left behind.
 *
 * Works against any cluster named by $KUBECONFIG. The pod-behaviour parts
 * (logs from a file, exec mapped to local commands, sim-* annotations) need
 * the local kwok cluster from `npm run cluster:up` (scripts/cluster/up.sh),
 * which publishes ConfigMap kube-public/interconnect-test-cluster; against
 * another cluster those helpers throw a clear error, and suites that need it
 * say so with the guard of test/helpers/preconditions.ts (localControlPlane,
 * twoRealNodes): skipped locally, a failure in CI.
 */
export { toCriLog } from '../../src/core/cri-log.js';
export {
  ExecError,
  FIXTURES_DIR,
  fixture,
  GPU_TOLERATION,
  isLocalKwokCluster,
  KWOK_PROBE_ARGS,
  type LocalClusterInfo,
  loadKubeConfig,
  localClusterInfo,
  MANAGED_BY,
  REAL_NODE_TOLERATION,
  REPO_ROOT,
  type RealNodesInfo,
  realNodesInfo,
  SIM,
  type SimBehaviour,
  simAnnotations,
  statusCode,
  type WaitOptions,
  waitFor,
} from './harness/cluster.js';
export { TestEnv, type TestEnvOptions, useTestEnv } from './harness/env.js';
export { type ExecResult, execInPod, exitCodeOf } from './harness/exec.js';
export type { ExecBehaviour, ExecOptions, LogSource } from './harness/kwok.js';
export { deleteRunLeases, expireRunLeases, namespaceVersions, toolLeftovers } from './harness/leftovers.js';
export type { JobOptions, PodOptions } from './harness/pods.js';
