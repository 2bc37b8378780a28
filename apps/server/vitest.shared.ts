import type { ViteUserConfig } from 'vitest/config';

/**
 * Tests that burn seconds of CPU on purpose (slips read in worker threads against their time
 * limits): project `server-cpu` runs them on their own, one file at a time, after the rest, so a
 * busy neighbour cannot push a read past its limit (decision 040).
 */
export const CPU_BOUND = ['src/modules/slips/**/*.test.ts'];

/**
 * Files that replace a module with `vi.mock`: a worker that does not isolate its files would have
 * loaded the real module for an earlier file already (decision 066).
 */
export const NEEDS_ISOLATION = ['src/modules/promotions/rewards/refund-race.test.ts'];

/** What the server projects share. */
export const serverTest = {
  environment: 'node',
  // Migrates one template database for the run; each file starts from a copy of it.
  globalSetup: ['test/global-setup.ts'],
  // Each file builds the app on a database of its own; the embedded one takes a moment to start.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} satisfies NonNullable<ViteUserConfig['test']>;
