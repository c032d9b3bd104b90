import { defineConfig } from 'vitest/config';

// The plain unit run: fast, no cluster. End-to-end tests against a real
// control plane live in test/e2e and run with `npm run test:cluster`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    // A hang guard, not a time bound: the real NIXL and UCX transfers (each row checks every byte)
    // take 10-20 s on a loaded 2-core machine, and a hung one still fails here.
    testTimeout: 60_000,
  },
});
