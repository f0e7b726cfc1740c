import { defineConfig } from 'vitest/config';

// Unit and HTTP tests of every workspace. Database suites run once per engine (packages/server/test/dialects.ts).
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'packages/**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
