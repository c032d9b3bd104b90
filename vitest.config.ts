import { defineConfig } from 'vitest/config';

// The plain unit run: fast, no cluster. End-to-end tests against a real
// control plane live in test/e2e and run with `npm run test:cluster`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
  },
});
