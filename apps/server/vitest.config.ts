import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds the app on a fresh database; the embedded one takes a moment to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
