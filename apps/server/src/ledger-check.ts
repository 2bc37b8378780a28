import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { checkLedger } from './modules/ledger/ledger.check';
import { createLedgerService } from './modules/ledger/ledger.service';
import { checkGameBalances } from './modules/games/games.check';
import { checkDeposits } from './modules/deposits/deposits.check';
import { checkSlips } from './modules/slips/slips.check';
import { checkGrants } from './modules/promotions/engine/grants.check';
import { checkRewards } from './modules/promotions/rewards/rewards.check';
import { checkSpinwheel } from './modules/spinwheel/spinwheel.check';
import { checkAdjustments } from './modules/adjustments/adjustments.check';
import { checkAuditChain } from './modules/console/audit-chain.check';
import { checkReportDays } from './modules/reports/reports.check';
import { marketCurrency, reportSources } from './reports-services';
import { createSandboxProviderService } from './sandbox/provider/sandbox-provider.service';

/** npm run ledger:check: verifies the books of the configured database; exits 1 on any violation. */
const config = loadConfig();
const database = await openDatabase(config);
// Say which books are checked: without DATABASE_URL this is the embedded database under DATA_DIR.
console.log(
  `ledger:check on ${database.kind === 'server' ? 'the PostgreSQL server at DATABASE_URL' : `the embedded database in ${config.dataDir}`}`,
);
try {
  const problems = await checkLedger(database.db, { pendingOlderThanMs: config.money.pendingAlertMs });
  if (config.mode === 'sandbox') {
    // The sandbox provider keeps its books in this same database: compare them with ours.
    const sandbox = createSandboxProviderService({ db: database.db });
    problems.push(
      ...(await checkGameBalances(database.db, createLedgerService(database.db), {
        balance: async (code, username) => (await sandbox.player(code, username)).balance,
        rounds: (code, username, after) => sandbox.rounds(code, username, after),
      })),
    );
  }
  // Deposits waiting on someone (decision 017): open reviews are counted; long waits are violations.
  const deposits = await checkDeposits(database.db, { olderThanMs: config.money.pendingAlertMs });
  console.log(`ledger:check: ${deposits.openReviews} QR payment(s) of another amount open for staff review`);
  problems.push(...deposits.problems);
  // Slips for staff (decision 014): reviews are counted; a slip credited twice is a violation.
  const slips = await checkSlips(database.db);
  console.log(`ledger:check: ${slips.openReviews} slip(s) with an unconfirmed sender open for staff review`);
  problems.push(...slips.problems);
  // Bonus grants (decision 019): their movements match their records; one running grant a member.
  problems.push(...(await checkGrants(database.db, { olderThanMs: config.money.pendingAlertMs })));
  // Invite commission and loss refunds (decision 020): earned and received equal claimed and held.
  problems.push(...(await checkRewards(database.db, { olderThanMs: config.money.pendingAlertMs })));
  // Spin wheel (decision 021): one coin a draw; prizes set aside, paid or returned as coupons say.
  problems.push(...(await checkSpinwheel(database.db)));
  // Balance adjustments (decision 046): applied ones moved their money once; waiting ones are counted.
  const adjustments = await checkAdjustments(database.db);
  console.log(`ledger:check: ${adjustments.awaiting} balance adjustment(s) awaiting a second staff member`);
  problems.push(...adjustments.problems);
  // The reports' built days (decision 055): each equals what the ledger and the play tally say now.
  problems.push(
    ...(await checkReportDays(database.db, reportSources(database.db), marketCurrency(config.market))),
  );
  // The staff audit (decision 043): the same walk as npm run audit:verify; a break is a violation.
  problems.push(...(await checkAuditChain(database.db)));
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
