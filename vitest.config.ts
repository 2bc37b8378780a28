import { defineConfig } from 'vitest/config';

/** One run over every workspace's unit, integration and component tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // NOTE: most of a server test's time is spent waiting (on PostgreSQL, a child process, a
    // provider's fault), so more files run at once than there are cores. Vitest's default is one
    // fewer than the cores: a single worker on the 2-core CI machine (decision 040).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
  },
});
