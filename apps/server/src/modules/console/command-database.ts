import { loadConfig, readEnvironment } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database';

/**
 * The database a console command (staff:create, audit:verify) works on: the server's own, the
 * PostgreSQL server at DATABASE_URL, else the embedded one under DATA_DIR. Only the database
 * settings matter: a command that reads or adds a row needs neither production's outside systems
 * nor Redis, so it runs with any APP_MODE or none. Says which database it opened.
 */
export async function openCommandDatabase(command: string): Promise<DatabaseHandle> {
  const env = readEnvironment();
  const config = loadConfig({
    APP_MODE: 'sandbox',
    SANDBOX_WITH_DATABASE_URL: 'yes',
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: env.DATA_DIR,
    INIT_CWD: env.INIT_CWD,
  });
  const database = await openDatabase(config);
  const where =
    database.kind === 'server'
      ? 'the PostgreSQL server at DATABASE_URL'
      : `the embedded database in ${config.dataDir}`;
  console.log(`${command} on ${where}`);
  return database;
}
