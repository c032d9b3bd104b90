import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests against a real Kubernetes API server ($KUBECONFIG):
// `npm run cluster:up` then `npm run test:cluster`. One file at a time, one
// worker: the control plane on 2 cores is the shared resource.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    reporters: ['default'],
    // The runs' node Leases go to a namespace of the tests' own: sweep-deploy.e2e installs
    // deploy/sweep, whose namespace is the real default (interconnect-test), and must find it free.
    env: { INTERCONNECT_TEST_LEASE_NAMESPACE: 'itest-e2e-leases' },
  },
});
