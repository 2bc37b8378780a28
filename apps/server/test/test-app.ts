import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { buildApp } from '../src/app';
import type { AppServices } from '../src/services';
import type { ChatLimits } from '../src/modules/chat/chat.routes';
import type { PushSender } from '../src/modules/chat/chat.service';
import { loadConfig, readEnvironment, type Config } from '../src/config';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { localFolderStorage } from '../src/platform/storage';
import type { RedisHandle } from '../src/platform/redis';
import { migratedTemplate } from './template';

/**
 * A database of a test file's own: a fresh database on the PostgreSQL server at
 * DATABASE_URL when it is set (as in CI), else an in-memory embedded PostgreSQL. Either way it
 * starts as a copy of the run's migrated template (test/global-setup.ts), and migrations then
 * run on it exactly as at start-up (finding nothing left to do).
 */
export async function openTestDatabase(poolSize = 20): Promise<DatabaseHandle> {
  const serverUrl = readEnvironment().DATABASE_URL;
  const template = migratedTemplate();
  if (!serverUrl) {
    const startFrom = template?.kind === 'embedded' ? new Blob([readFileSync(template.file)]) : undefined;
    return openEmbeddedDatabase(undefined, startFrom);
  }

  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const copyOf = template?.kind === 'server' ? ` TEMPLATE ${template.name}` : '';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${copyOf}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openServerDatabase(url.toString(), poolSize);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The services behind the routes, for what a test does past HTTP (a schedule's pass, a setting). */
  services: AppServices;
  config: Config;
  database: DatabaseHandle;
  /** The folder the app keeps chat uploads in. */
  chatMediaDir: string;
  /** The folder the app keeps offers' banner images in. */
  bannerDir: string;
  close(): Promise<void>;
}

/**
 * Every schedule's interval at 0: no timer runs in a test (the reconciler's pass at start-up
 * still does) unless the test sets that schedule's interval in `env`, or calls its pass itself
 * (`services.reconciler.runOnce()`, `services.rewards.sweep()`, ...).
 */
export const SCHEDULES_OFF = {
  RECONCILE_INTERVAL_SECONDS: '0',
  BONUS_INTERVAL_SECONDS: '0',
  REWARDS_INTERVAL_SECONDS: '0',
  SPIN_WHEEL_INTERVAL_SECONDS: '0',
  REPORTS_INTERVAL_SECONDS: '0',
  DESK_COUNTS_INTERVAL_SECONDS: '0',
  HOUSEKEEPING_INTERVAL_MINUTES: '0',
} as const;

/**
 * The real app on a database of its own, in sandbox mode (chosen here, as `npm start` chooses it),
 * with every schedule off (SCHEDULES_OFF); `env` overrides the configuration.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDistDir?: string;
    beforeReady?: (app: FastifyInstance, database: DatabaseHandle) => void;
    /** Where the log goes (at LOG_LEVEL, default info); without it there is no log. */
    logTo?: { write(line: string): void };
    /** The clock of bonus claims, periods and expiry. */
    clock?: () => Date;
    chatLimits?: ChatLimits;
    pushSender?: PushSender;
    /** Redis, as REDIS_URL gives a server (the caller closes it); none by default. */
    redis?: RedisHandle | null;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    APP_MODE: 'sandbox',
    LOG_LEVEL: options.logTo ? 'info' : 'silent',
    ...SCHEDULES_OFF,
    ...env,
  });
  const database = await openTestDatabase();
  const chatMediaDir = mkdtempSync(path.join(tmpdir(), 'wallet-chat-'));
  const bannerDir = mkdtempSync(path.join(tmpdir(), 'wallet-banners-'));
  const { app, services } = await buildApp({
    config,
    database,
    logger: options.logTo ? { stream: options.logTo } : false,
    webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
    clock: options.clock,
    // Chat uploads of a test go to a folder of its own, never into the repository.
    chatStorage: localFolderStorage(chatMediaDir),
    bannerStorage: localFolderStorage(bannerDir),
    chatLimits: options.chatLimits,
    pushSender: options.pushSender,
    redis: options.redis ?? null,
  });
  options.beforeReady?.(app, database);
  await app.ready();
  return {
    app,
    services,
    config,
    database,
    chatMediaDir,
    bannerDir,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers of a call made by the member app. */
export const memberHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({
  [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
  ...extra,
});
