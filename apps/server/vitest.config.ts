import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one template database for the run; each file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
    // Each file builds the app on a database of its own; the embedded one takes a moment to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
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
