import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium';

const port = Number(process.env.E2E_PORT ?? 3199);
/** A second server in Lao mode, for the Lao-mode register form. */
export const LAO_PORT = port - 1;
// Data folders of this run's own, so each embedded database starts empty and seeded.
const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-e2e-'));
const laoDataDir = mkdtempSync(path.join(tmpdir(), 'wallet-e2e-lao-'));

/**
 * Specs that switch a setting every member shares (the service switched off, the wheel's odds and
 * programmes, registration's code step): they run after the rest, one at a time. Everything else
 * runs side by side in `members`, on settings `shared.setup.ts` sets once (docs/decisions/060).
 */
const SHARED_SETTINGS = [
  'account-codes.spec.ts',
  'console-games.spec.ts',
  'lao-forgot-password.spec.ts',
  'service-off.spec.ts',
  'spin.spec.ts',
  'wheel-editor.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Each member of a test is new, so files run side by side; a file's tests run in order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    { name: 'setup', testMatch: 'shared.setup.ts' },
    { name: 'members', testIgnore: SHARED_SETTINGS, dependencies: ['setup'] },
    { name: 'shared-settings', testMatch: SHARED_SETTINGS, workers: 1, dependencies: ['members'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_MODE: 'sandbox',
        LOG_LEVEL: 'warn',
        SERVICE_STATE_CACHE_SECONDS: '0',
        ...(process.env.DATABASE_URL
          ? { DATABASE_URL: process.env.DATABASE_URL, SANDBOX_WITH_DATABASE_URL: 'yes' }
          : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
    },
    {
      // Lao mode always runs on its own embedded database, apart from the main server's.
      command: 'npx tsx ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${LAO_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(LAO_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: laoDataDir,
        APP_MODE: 'sandbox',
        MARKET: 'LA',
        LOG_LEVEL: 'warn',
        // NOTE: Playwright passes its own environment on: an empty DATABASE_URL means "unset".
        DATABASE_URL: '',
      },
    },
  ],
});
