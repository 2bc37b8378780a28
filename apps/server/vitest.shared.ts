import type { ViteUserConfig } from 'vitest/config';

/**
 * Tests that burn seconds of CPU on purpose (slips read in worker threads against their time
 * limits): project `server-cpu` runs them on their own, one file at a time, after the rest, so a
 * busy neighbour cannot push a read past its limit (decision 040).
 */
export const CPU_BOUND = ['src/modules/slips/**/*.test.ts'];

/** What both server projects share. */
export const serverTest = {
  environment: 'node',
  // Migrates one template database for the run; each file starts from a copy of it.
  globalSetup: ['test/global-setup.ts'],
  // Each file builds the app on a database of its own; the embedded one takes a moment to start.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} satisfies NonNullable<ViteUserConfig['test']>;
