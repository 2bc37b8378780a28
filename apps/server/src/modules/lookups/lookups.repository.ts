import { asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { SETTINGS, type ReferenceData, type SettingKey, type SettingValue } from './lookups.settings';
import {
  banks,
  depositBankAccounts,
  depositWalletAccounts,
  discoverySources,
  siteSettings,
} from './lookups.tables';

/** The only code that reads or writes the lookup tables. */
export function createLookupsRepository(db: Database) {
  return {
    async listBanks(markets: readonly string[]) {
      return db
        .select()
        .from(banks)
        .where(inArray(banks.market, [...markets]))
        .orderBy(asc(banks.sortOrder), asc(banks.code));
    },

    async listSources() {
      return db
        .select()
        .from(discoverySources)
        .where(eq(discoverySources.active, true))
        .orderBy(asc(discoverySources.sortOrder), asc(discoverySources.code));
    },

    /** A setting, validated; a missing or malformed row is a server fault, not a member's. */
    async getSetting<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
      if (!row) throw new Error(`site setting "${key}" is missing`);
      return SETTINGS[key].parse(row.value) as SettingValue<K>;
    },

    async putSetting<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
      const checked = SETTINGS[key].parse(value);
      await db
        .insert(siteSettings)
        .values({ key, value: checked })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: checked, updatedAt: new Date() } });
    },

    /**
     * Replaces a setting and answers the value it had, in one transaction under the row's lock, so
     * two staff changing it at once each see the value they replaced; `alongside` runs in that
     * transaction (its audit row), and a failure there leaves the setting as it was.
     */
    async replaceSetting<K extends SettingKey>(
      key: K,
      value: SettingValue<K>,
      alongside: (tx: Pick<Database, 'execute'>, before: SettingValue<K>) => Promise<void>,
    ): Promise<SettingValue<K>> {
      const checked = SETTINGS[key].parse(value);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, key)).for('update');
        if (!row) throw new Error(`site setting "${key}" is missing`);
        const before = SETTINGS[key].parse(row.value) as SettingValue<K>;
        await tx
          .update(siteSettings)
          .set({ value: checked, updatedAt: new Date() })
          .where(eq(siteSettings.key, key));
        await alongside(tx, before);
        return before;
      });
    },

    async listDepositBanks() {
      return db
        .select({ account: depositBankAccounts, bank: banks })
        .from(depositBankAccounts)
        .innerJoin(banks, eq(banks.code, depositBankAccounts.bankCode))
        .where(eq(depositBankAccounts.active, true))
        .orderBy(asc(depositBankAccounts.sortOrder), asc(depositBankAccounts.id));
    },

    async listDepositWallets() {
      return db
        .select()
        .from(depositWalletAccounts)
        .where(eq(depositWalletAccounts.active, true))
        .orderBy(asc(depositWalletAccounts.sortOrder), asc(depositWalletAccounts.id));
    },

    /**
     * Inserts whatever reference data is missing and leaves existing rows alone, so running
     * it at every start keeps an operator's edits. Names in a language a row has none in yet
     * (Lao bank names, the operator's account names per language) are filled in, and so are the
     * account number lengths of a bank that has none yet.
     */
    async seed(data: ReferenceData): Promise<void> {
      await db.transaction(async (tx) => {
        if (data.banks.length > 0) {
          await tx
            .insert(banks)
            .values(data.banks.map((bank, sortOrder) => ({ ...bank, sortOrder })))
            .onConflictDoUpdate({
              target: banks.code,
              set: {
                nameLo: sql`coalesce(${banks.nameLo}, excluded.name_lo)`,
                accountNoLengths: sql`case when ${banks.accountNoLengths} = '{}' then excluded.account_no_lengths
                  else ${banks.accountNoLengths} end`,
              },
              where: or(isNull(banks.nameLo), sql`${banks.accountNoLengths} = '{}'`),
            });
        }
        if (data.sources.length > 0) {
          await tx
            .insert(discoverySources)
            .values(data.sources.map((source, sortOrder) => ({ ...source, sortOrder })))
            .onConflictDoNothing();
        }
        const settingRows = Object.entries(data.settings).map(([key, value]) => ({ key, value }));
        await tx.insert(siteSettings).values(settingRows).onConflictDoNothing();
        if (data.depositBanks.length > 0) {
          await tx
            .insert(depositBankAccounts)
            .values(data.depositBanks.map((account, sortOrder) => ({ ...account, sortOrder })))
            .onConflictDoUpdate({
              target: depositBankAccounts.accountNo,
              set: { accountNames: sql`excluded.account_names` },
              where: sql`${depositBankAccounts.accountNames} = '{}'::jsonb`,
            });
        }
        if (data.depositWallets.length > 0) {
          await tx
            .insert(depositWalletAccounts)
            .values(data.depositWallets.map((wallet, sortOrder) => ({ ...wallet, sortOrder })))
            .onConflictDoNothing();
        }
      });
    },
  };
}

export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
