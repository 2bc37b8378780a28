import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // NOTE: screens driven click by click take about a second alone, but the whole suite runs
    // beside the server's (database, child processes) on two cores; these tests assert
    // behaviour, not speed.
    testTimeout: 20_000,
  },
});
