import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { checkLedger } from './modules/ledger/ledger.check';

/** npm run ledger:check: verifies the books of the configured database; exits 1 on any violation. */
const PENDING_THRESHOLD_MS = 15 * 60_000;

const config = loadConfig();
const database = await openDatabase(config);
// Say which books are checked: without DATABASE_URL this is the embedded database under DATA_DIR.
console.log(
  `ledger:check on ${database.kind === 'server' ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${config.dataDir}`}`,
);
try {
  const problems = await checkLedger(database.db, { pendingOlderThanMs: PENDING_THRESHOLD_MS });
  if (problems.length === 0) {
    console.log('ledger:check: every invariant holds');
  } else {
    console.error(`ledger:check: ${problems.length} violation(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
