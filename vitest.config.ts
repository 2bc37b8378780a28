import { defineConfig } from 'vitest/config';

/** One run over every workspace's unit, integration and component tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
