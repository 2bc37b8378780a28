/**
 * Every table of the server, for Drizzle's typed queries and for drizzle-kit, which
 * generates the SQL migrations in db/migrations from this file (npm run db:generate).
 * Each module owns its *.tables.ts; only that module queries its tables. The sandbox's tables are
 * listed apart (src/sandbox/sandbox.tables.ts), as product code never imports the sandbox.
 */
export * from '../../modules/lookups/lookups.tables';
export * from '../../modules/otp/otp.tables';
export * from '../../modules/accounts/accounts.tables';
export * from '../../modules/ledger/ledger.tables';
export * from '../idempotency/idempotency.tables';
export * from '../../modules/games/games.tables';
export * from '../../modules/deposits/deposits.tables';
export * from '../../modules/slips/slips.tables';
export * from '../../modules/promotions/engine/grants.tables';
export * from '../../modules/promotions/rewards/rewards.tables';
export * from '../../modules/spinwheel/spinwheel.tables';
export * from '../../modules/console/console.tables';
export * from '../../modules/console/member-notes.tables';
export * from '../../modules/console/staff-push.tables';
export * from '../../modules/chat/chat.tables';
export * from '../../modules/withdrawals/withdrawals.tables';
export * from '../../modules/notices/notices.tables';
export * from '../../modules/adjustments/adjustments.tables';
export * from '../../modules/limits/limits.tables';
export * from '../../modules/reports/reports.tables';
