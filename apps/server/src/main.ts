import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseLog } from './platform/db/database';
import { openRedis } from './platform/redis';

/** Starts the server from the environment: npm start, or node in production. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.mode === 'sandbox') warnSandbox(config);

  // The database's log: the console until the app's logger exists, then that.
  let databaseLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };
  const database = await openDatabase(config, {
    log: { warn: (details, message) => databaseLog.warn(details, message) },
    waitMs: config.databaseStartWaitMs,
  });
  const redis = openRedis(config.redisUrl);
  const { app } = await buildApp({ config, database, redis });
  databaseLog = app.log;
  // The same warning in the log, for whoever reads logs rather than the console.
  if (config.mode === 'sandbox') app.log.warn('SANDBOX MODE: OTP codes and wallet credit are open to anyone');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await redis?.close();
    await database.close();
    process.exit(0);
  };
  // Every handler catches what it awaits; a rejection that still escapes is a bug to read in the
  // log, not a reason to drop every member's connection (Node would end the process).
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where =
    database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  console.log(
    [
      '',
      `  Member wallet site: http://${shownHost}:${port}/`,
      `  API document:       http://${shownHost}:${port}/api/docs`,
      `  Mode: ${config.mode === 'sandbox' ? 'SANDBOX (not for real members)' : config.mode}, market: ${config.market}, data: ${where}`,
      '  Stop it with Ctrl+C.',
      '',
    ].join('\n'),
  );
}

/** Said on stderr before anything starts, so it cannot scroll by unseen in a log. */
function warnSandbox(config: Config): void {
  const line = '!'.repeat(78);
  console.warn(
    [
      line,
      '!! SANDBOX MODE: not for real members. Anyone can read every OTP code',
      '!! (GET /api/sandbox/sms) and credit any wallet (POST /api/sandbox/credit); payments,',
      '!! payouts, SMS and game providers are simulated.',
      config.databaseUrl
        ? '!! On the PostgreSQL server at DATABASE_URL (SANDBOX_WITH_DATABASE_URL=yes).'
        : null,
      '!! Production is APP_MODE=production (the default when APP_MODE is unset).',
      line,
    ]
      .filter((text) => text !== null)
      .join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
