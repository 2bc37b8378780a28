/** The sandbox world's tables, for drizzle-kit (drizzle.config.ts) beside the product's schema. */
export * from './provider/sandbox-provider.tables';
export * from './payout/sandbox-payout.tables';
export * from './payments/sandbox-payments.tables';
export * from './bank/sandbox-bank.tables';
