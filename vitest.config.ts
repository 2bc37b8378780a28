import { defineConfig } from 'vitest/config';

/** One run over every workspace's unit, integration and component tests. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.cpu.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
    ],
    // NOTE: most of a server test's time is spent waiting (on PostgreSQL, a child process, a
    // provider's fault), so more files run at once than there are cores. Vitest's default is one
    // fewer than the cores: a single worker on the 2-core CI machine (decision 040).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    tags: [
      {
        name: 'embedded',
        description:
          'Also run on the embedded PostgreSQL (npm run test:embedded): migrations, the ledger, ' +
          "the transfer path, each module's main route and the app's start (docs/decisions/040).",
      },
    ],
  },
});
