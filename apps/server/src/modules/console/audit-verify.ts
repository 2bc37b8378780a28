import { verifyAuditChain } from './audit-chain.check';
import { openCommandDatabase } from './command-database';

/**
 * npm run audit:verify: walks the staff audit's hash chain (decision 043) on the database the
 * server uses (the PostgreSQL server at DATABASE_URL, else the embedded one under DATA_DIR).
 * Exits 0 with the row count and the last hash when the chain holds; 1, naming the first bad row,
 * when a row was changed, removed or reordered.
 */

const database = await openCommandDatabase('audit:verify');
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
