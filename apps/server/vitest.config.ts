import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/pglite-template.ts'],
    // Tests that need several server processes on one database exist only for PostgreSQL: PGlite
    // is a single process. The CI runs the suite on both engines, so both halves always run.
    exclude:
      process.env.DATABASE_URL === undefined ? ['**/node_modules/**', '**/*.postgres.test.ts'] : ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
