import { loadConfig, readEnvironment } from '../../config';
import { openDatabase } from '../../platform/db/database';
import { verifyAuditChain } from './audit-chain.check';

/**
 * npm run audit:verify: walks the staff audit's hash chain (decision 043) on the database the
 * server uses (the PostgreSQL server at DATABASE_URL, else the embedded one under DATA_DIR).
 * Exits 0 with the row count and the last hash when the chain holds; 1, naming the first bad row,
 * when a row was changed, removed or reordered.
 */

const env = readEnvironment();
// Only the database settings matter (as for staff:create): a check that reads one table needs
// neither production's outside systems nor Redis, and so runs with any APP_MODE or none.
const config = loadConfig({
  APP_MODE: 'sandbox',
  SANDBOX_WITH_DATABASE_URL: 'yes',
  DATABASE_URL: env.DATABASE_URL,
  DATA_DIR: env.DATA_DIR,
  INIT_CWD: env.INIT_CWD,
});
const database = await openDatabase(config);
console.log(
  `audit:verify on ${database.kind === 'server' ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${config.dataDir}`}`,
);
try {
  const report = await verifyAuditChain(database.db);
  if (report.broken) {
    console.error(`audit:verify: the chain breaks after ${report.rows} good row(s)`);
    console.error(`  - ${report.broken.message}`);
    process.exitCode = 1;
  } else if (report.rows === 0) {
    console.log('audit:verify: no rows yet; the first will chain to the genesis hash');
  } else {
    console.log(
      `audit:verify: ${report.rows} row(s), seq 1 to ${report.rows}, one unbroken chain; ` +
        `last hash ${report.headHash}`,
    );
  }
} finally {
  await database.close();
}
