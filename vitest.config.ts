import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own environment (node or jsdom).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on a two-core machine, which
    // left a core idle while a test waited on PGlite, PostgreSQL or jsdom. On two cores, two workers
    // took the whole PGlite run from 632 s to 581 s (the server's transfers and accounts tests
    // alone from 120 s to 75 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
